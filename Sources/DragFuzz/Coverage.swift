import DragRecording
import ReorderConformance
import ReorderCore
import ReorderSwipe

/// What the code under test was exercised with in a run (issue 20, item 3):
/// counted from what the model and the code under test did at each event
/// (the operation answered at a drop, the difference handed over), never from
/// what was only generated: a lift whose drop was forbidden gave the move
/// closure nothing, and a case past the code's failure to answer gave it
/// nothing more. Every count is a sum over cases and every figure of `depth`
/// a maximum over them, so shards' coverages add up to the unsharded
/// campaign's (`adding`).
public struct Coverage: Hashable, Sendable {
    /// Differences a drag delivered to the code under test (committed drops
    /// and deferred applies), per destination collection as the recording
    /// names it (`Coverage.single` for a single unnamed collection). What
    /// `--require-coverage` reads: a collection only a direct difference
    /// reached was never reached by a user's drag.
    public var drops: [String: Int] = [:]
    /// Differences handed over directly (`--mode differences`, `deliver`),
    /// per destination collection, counted apart from `drops`: no finger
    /// put them there, whatever the layout lets a drag reach.
    public var direct: [String: Int] = [:]
    /// The operation answered at each drop (the code's own answer where it
    /// configures: it agrees with the model's, or the case failed there).
    public var operations: [DropOperation: Int] = [:]
    /// Drags during which the data changed (a mutation between lift and end).
    public var mutationDuringDrag = 0
    /// Drags that lifted more than one item.
    public var multiItemDrags = 0
    /// Drops applied later, by an `apply` event.
    public var deferredApplies = 0
    /// Drops over a collection at its capacity or holding a locked item.
    public var fullOrLockedDrops = 0
    /// Swipe actions performed, per edge.
    public var swipeActions: [SwipeEdge: Int] = [:]
    /// How deep the run went: a shallow campaign shows here.
    public var depth = Depth()

    /// How deep a run went, each figure a maximum over its cases (so shards
    /// combine by `max`, and a sharded campaign's depth is the unsharded
    /// one's). Some bugs need depth before they show: a position key halved
    /// 52 times, a cache stale after a burst of mutations mid-drag.
    public struct Depth: Hashable, Sendable {
        /// Events in the longest case.
        public var longestCase = 0
        /// The most drags in one case whose block landed in the same gap:
        /// right after the same entry (or first) of the same collection.
        public var dragsIntoOneGap = 0
        /// The most data mutations while one drag was in flight.
        public var mutationsDuringOneDrag = 0

        public init(longestCase: Int = 0, dragsIntoOneGap: Int = 0, mutationsDuringOneDrag: Int = 0) {
            self.longestCase = longestCase
            self.dragsIntoOneGap = dragsIntoOneGap
            self.mutationsDuringOneDrag = mutationsDuringOneDrag
        }

        /// Each figure the larger of the two.
        public mutating func formMax(_ other: Depth) {
            longestCase = max(longestCase, other.longestCase)
            dragsIntoOneGap = max(dragsIntoOneGap, other.dragsIntoOneGap)
            mutationsDuringOneDrag = max(mutationsDuringOneDrag, other.mutationsDuringOneDrag)
        }

        /// The figures as the `"depth"` object writes them, in order.
        var fields: [(String, Int)] {
            [("longestCase", longestCase), ("dragsIntoOneGap", dragsIntoOneGap), ("mutationsDuringOneDrag", mutationsDuringOneDrag)]
        }
    }

    /// The key of an unnamed single collection in `drops`.
    public static let single = "(single)"

    public init() {}

    /// Whether nothing was counted.
    public var isEmpty: Bool { self == Coverage() }

    /// The sum of two runs' coverage.
    /// - Complexity: O(c) for c collections named.
    public mutating func add(_ other: Coverage) {
        drops.merge(other.drops, uniquingKeysWith: +)
        direct.merge(other.direct, uniquingKeysWith: +)
        operations.merge(other.operations, uniquingKeysWith: +)
        mutationDuringDrag += other.mutationDuringDrag
        multiItemDrags += other.multiItemDrags
        deferredApplies += other.deferredApplies
        fullOrLockedDrops += other.fullOrLockedDrops
        swipeActions.merge(other.swipeActions, uniquingKeysWith: +)
        depth.formMax(other.depth)
    }

    public func adding(_ other: Coverage) -> Coverage {
        var sum = self
        sum.add(other)
        return sum
    }

    /// The `"coverage"` object of `--format json` and summaries: keys
    /// sorted, every operation and edge present (0 when never seen), so two
    /// runs compare byte for byte.
    package func write(_ w: inout _JSONBuffer) {
        w.open()
        w.integers("drops", drops.keys.sorted().map { ($0, drops[$0]!) })
        w.integers("direct", direct.keys.sorted().map { ($0, direct[$0]!) })
        w.integers("operations", DropOperation.allCases.map { ($0.rawValue, operations[$0, default: 0]) })
        w.integers([
            ("mutationDuringDrag", mutationDuringDrag), ("multiItemDrags", multiItemDrags), ("deferredApplies", deferredApplies),
            ("fullOrLockedDrops", fullOrLockedDrops),
        ])
        w.integers("swipeActions", SwipeEdge.allCases.map { ($0.rawValue, swipeActions[$0, default: 0]) })
        w.integers("depth", depth.fields)
        w.close()
    }

    public var json: String {
        var w = _JSONBuffer()
        write(&w)
        return w.string
    }

    /// Two lines for the text summaries, and a third, the depth, when cases were run:
    ///
    ///     coverage: drops into "c0" 812, "c1" 790; handed over directly into "c0" 401, "c1" 377; answered move 2301, copy 0, forbidden 388
    ///       412 drags with a mutation, 530 multi-item, 301 deferred applies, 97 into a full or locked collection; swipe actions leading 12, trailing 30
    ///     depth: longest case 412 events, 57 drags into one gap, 9 mutations during one drag
    ///
    /// "drops" are what drags delivered; differences handed over directly
    /// (`--mode differences`) are listed apart, when there are any.
    public var text: String {
        let swipes = SwipeEdge.allCases.map { "\($0.rawValue) \(swipeActions[$0, default: 0])" }.joined(separator: ", ")
        return line + "\n"
            + "  \(mutationDuringDrag) drags with a mutation, \(multiItemDrags) multi-item, \(deferredApplies) deferred applies, "
            + "\(fullOrLockedDrops) into a full or locked collection; swipe actions \(swipes)\n" + depth.text
    }
}

extension Coverage {
    /// The first line of `text`, on its own: where each drop went and the
    /// operations answered (what `expectReorderInvariants` prints when it passes).
    ///
    ///     coverage: drops into "c0" 812, "c1" 790; answered move 2301, copy 0, forbidden 388
    public var line: String {
        let into = drops.keys.sorted().map { "\(Format.quoted($0)) \(drops[$0]!)" }.joined(separator: ", ")
        let handed = direct.keys.sorted().map { "\(Format.quoted($0)) \(direct[$0]!)" }.joined(separator: ", ")
        let ops = DropOperation.allCases.map { "\($0.rawValue) \(operations[$0, default: 0])" }.joined(separator: ", ")
        let directly = handed.isEmpty ? "" : "; handed over directly into \(handed)"
        return "coverage: drops into \(into.isEmpty ? "no collection" : into)\(directly); answered \(ops)"
    }
}

extension Coverage.Depth {
    /// The summary's depth line (nothing when no case ran):
    /// `depth: longest case 412 events, 57 drags into one gap, 9 mutations during one drag`.
    public var text: String {
        guard longestCase > 0 else { return "" }
        return "depth: longest case \(longestCase) event\(longestCase == 1 ? "" : "s"), "
            + "\(dragsIntoOneGap) drag\(dragsIntoOneGap == 1 ? "" : "s") into one gap, "
            + "\(mutationsDuringOneDrag) mutation\(mutationsDuringOneDrag == 1 ? "" : "s") during one drag\n"
    }
}

/// What a run must have covered (`--require-coverage`, QuickCheck's
/// `checkCoverage`): every collection of the world received a drop from a
/// drag (`Coverage.drops`: a difference handed over directly does not
/// count), every operation the rules allow was answered at least once.
///
/// Today it is computed from the generated worlds (`CoverageRequirement.offered`:
/// the collections the cases had and the operations their lifts offered); a
/// world given by the user (its `collectionIDs`, its rules) is the hook:
/// `init(collections:operations:)`.
public struct CoverageRequirement: Hashable, Sendable {
    public var collections: Set<String>
    public var operations: Set<DropOperation>
    /// What is not required because the rules make it unreachable, one
    /// sentence each (`coverage: collection "a" is not required: ...`).
    public var unreachable: [String] = []

    public init(collections: some Sequence<String> = [], operations: some Sequence<DropOperation> = []) {
        self.collections = Set(collections)
        self.operations = Set(operations)
    }

    public mutating func add(_ other: CoverageRequirement) {
        collections.formUnion(other.collections)
        operations.formUnion(other.operations)
        for u in other.unreachable where !unreachable.contains(u) { unreachable.append(u) }
    }

    /// One sentence per requirement `coverage` does not meet, in a stable
    /// order (collections by name, then operations): empty when it is met.
    /// A drop is a drag's (`Coverage.drops`): a
    /// collection that received only direct differences is named, with
    /// their count.
    public func unmet(by coverage: Coverage) -> [String] {
        var out: [String] = []
        for c in collections.sorted() where coverage.drops[c, default: 0] == 0 {
            let direct = coverage.direct[c, default: 0]
            let only =
                direct == 0
                ? "" : " (only \(direct) difference\(direct == 1 ? "" : "s") handed over directly, which no drag delivered)"
            out.append("coverage: collection \(Format.quoted(c)) never received a drop\(only)")
        }
        for op in DropOperation.allCases where operations.contains(op) && coverage.operations[op, default: 0] == 0 {
            out.append("coverage: operation \(op.rawValue) was never answered at a drop")
        }
        return out
    }
}

/// Counts one case's coverage as it runs, in the case's own integers
/// (names only at the end: nothing per event but a few additions).
struct CoverageCounter {
    /// Per collection index of the case: differences a drag delivered.
    var drops: [Int] = []
    /// Per collection index of the case: differences handed over directly.
    var direct: [Int] = []
    /// Events counted: the case's length.
    var events = 0
    /// Drags whose block landed right after an entry (`nil`: first) of a
    /// collection, per such gap; and the most into one.
    var gaps: [Gap: Int] = [:]
    var mostIntoOneGap = 0
    /// Mutations since each session in flight was lifted; and the most during one drag.
    var sinceLift: [Int: Int] = [:]
    var mostDuringOneDrag = 0
    var operations = (move: 0, copy: 0, forbidden: 0)
    /// Sessions (of this case) that saw a mutation while they were in flight.
    var mutated = Set<Int>()
    var multiItem = 0
    var deferred = 0
    var fullOrLocked = 0
    var swipes: [SwipeEdge: Int] = [:]
    /// What the case offered: its collections and its lifts' operations.
    var offered = DropOperation.Set()

    /// A gap of the data: the collection index and the entry before it.
    struct Gap: Hashable {
        var collection: Int
        var after: Int?
    }

    /// What counting an event reads of the data it met, taken before the
    /// step: the data itself is not held across it (a held copy would make
    /// the step's writes copy the storage they share).
    struct Before {
        var collections: Int
        /// For a drop: the collections at their capacity or holding a locked item.
        var fullOrLocked: Set<Int> = []

        /// Read in place (`data` is borrowed for the call, not copied).
        @inline(__always)
        init(_ data: borrowing FuzzContainer, drop: Bool) {
            collections = data.collections.count
            guard drop else { return }
            for c in 0..<collections where CoverageCounter.isFullOrLocked(c, data) { fullOrLocked.insert(c) }
        }
    }

    /// Counts `event` as it ran: `before` is what it met, `inFlight` the
    /// sessions lifted and not yet ended then, `step` what it did.
    mutating func count(
        _ event: SessionEvent<Int, Int>, _ step: CheckedStep<Int, Int>, before: Before, inFlight: some Collection<Int>
    ) {
        let result = step.result.drag
        events += 1
        if let applied = result.applied {
            if case .drag(.deliver) = event {
                Self.countDifference(applied, before: before, into: &direct)
            } else {
                Self.countDifference(applied, before: before, into: &drops)
            }
        }
        if let action = step.result.swipe?.action { swipes[action.edge, default: 0] += 1 }
        guard case .drag(let e) = event else { return }
        switch e {
        case .lift(let session, let items, _, let ops, _):
            offered.formUnion(ops)
            if result.liftRejection == nil {
                if items.count > 1 { multiItem += 1 }
                sinceLift[session] = 0
            }
        case .drop:
            // The code's own answer where it configures: what its rules said.
            switch step.answered ?? result.configuration?.operation {
            case nil: break
            case .move?: operations.move += 1
            case .copy?: operations.copy += 1
            case .forbidden?: operations.forbidden += 1
            }
            if let t = result.target, before.fullOrLocked.contains(t.collection) { fullOrLocked += 1 }
        case .apply: if !result.applied._isNone { deferred += 1 }
        case .move, .cancel, .deliver: break
        case .mutation:
            if !inFlight.isEmpty { mutated.formUnion(inFlight) }
            for s in inFlight {
                let n = sinceLift[s, default: 0] + 1
                sinceLift[s] = n
                mostDuringOneDrag = max(mostDuringOneDrag, n)
            }
        }
    }

    static func countDifference(_ d: ReorderDifference<Int, Int>, before: Before, into counts: inout [Int]) {
        // The fuzzer's collection IDs are their indices; an unknown one names no collection.
        let c = d.destination.collectionID
        guard c >= 0, c < before.collections else { return }
        if counts.count <= c { counts += Array(repeating: 0, count: c + 1 - counts.count) }
        counts[c] += 1
    }

    /// The gap a drag's difference `d` landed in, read from `data` after it
    /// was applied: the entry right before the first of its sources in the
    /// destination collection (`after` is `nil`: it stands first). Static,
    /// so that the caller reads the data in place while `count(_:)` changes
    /// the counter: a mutating method taking the data copied it per call.
    /// - Complexity: O(k (B + log c)) for k sources.
    static func gap(_ d: ReorderDifference<Int, Int>, in data: borrowing FuzzContainer) -> Gap? {
        let c = d.destination.collectionID
        guard c >= 0, c < data.collections.count else { return nil }
        var first: Int?
        for id in d.sources {
            guard let at = data.location(of: id), at.collection == c, !at.isFixed else { continue }
            first = min(first ?? at.index, at.index)
        }
        guard let first else { return nil }
        let items = data.collections[c].items
        let fixed = data.collections[c].fixed
        return Gap(collection: c, after: first > 0 ? items[first - 1] : fixed.last)
    }

    /// Counts a drop into `gap` (`gap(_:in:)`).
    mutating func count(_ gap: Gap) {
        let n = gaps[gap, default: 0] + 1
        gaps[gap] = n
        mostIntoOneGap = max(mostIntoOneGap, n)
    }

    /// At its capacity, or holding a locked item (spec 3.3's 4 and 5 forbid the drop there).
    static func isFullOrLocked(_ c: Int, _ container: FuzzContainer) -> Bool {
        guard c < container.collections.count else { return false }
        if let capacity = container.collections[c].capacity, container.collections[c].items.count >= capacity { return true }
        // A loop, not `contains` with a closure: the closure captured (copied) the data.
        for id in container.locked where container.home(of: id)?.collection == c { return true }
        return false
    }

    /// The case's coverage with its collections named by `naming`.
    func coverage(naming: FuzzNaming) -> Coverage {
        var out = Coverage()
        for (c, n) in drops.enumerated() where n > 0 { out.drops[naming.collection(c)?.string ?? Coverage.single, default: 0] += n }
        for (c, n) in direct.enumerated() where n > 0 { out.direct[naming.collection(c)?.string ?? Coverage.single, default: 0] += n }
        for (op, n) in [(DropOperation.move, operations.move), (.copy, operations.copy), (.forbidden, operations.forbidden)] where n > 0 {
            out.operations[op] = n
        }
        out.mutationDuringDrag = mutated.count
        out.multiItemDrags = multiItem
        out.deferredApplies = deferred
        out.fullOrLockedDrops = fullOrLocked
        out.swipeActions = swipes
        out.depth = Coverage.Depth(longestCase: events, dragsIntoOneGap: mostIntoOneGap, mutationsDuringOneDrag: mostDuringOneDrag)
        return out
    }

    /// What the case offered to be covered: its collections (named) and the
    /// operations its lifts offered.
    func requirement(naming: FuzzNaming, collections: Int) -> CoverageRequirement {
        CoverageRequirement(
            collections: (0..<collections).map { naming.collection($0)?.string ?? Coverage.single },
            operations: [DropOperation.move, .copy].filter { offered.contains($0 == .move ? .move : .copy) })
    }
}

extension Coverage {
    /// One step's coverage alone, its collections named by `naming`:
    /// `explore` counts every step it executes (a merged state is not run
    /// again, so it is not counted again).
    static func of(
        _ event: SessionEvent<Int, Int>, _ step: CheckedStep<Int, Int>, before: SessionEngine<Int, Int>, naming: FuzzNaming
    ) -> Coverage {
        var counter = CoverageCounter()
        counter.count(event, step, before: .init(before.container, drop: event.isDrop), inFlight: before.sessions.keys)
        // A step alone is no case: `explore` reports no depth.
        var out = counter.coverage(naming: naming)
        out.depth = Coverage.Depth()
        return out
    }
}

extension Coverage {
    /// Reads back a `"coverage"` object (`write`), as a merge of shards'
    /// summaries adds them up: every member `write` writes, each count an
    /// exact integer from 0 to `Int.max`, every operation and swipe edge one
    /// the tool knows. Anything else is an error naming the member
    /// (`coverage.drops["c0"]`), never a count read as 0.
    public init(json: JSONValue) throws(FieldError) {
        self.init()
        guard case .object(let o) = json else { throw FieldError(field: "coverage", "expected an object of counts") }
        func count(_ v: JSONValue?, _ field: String) throws(FieldError) -> Int {
            guard let v else { throw FieldError(field: field, "missing (expected a count: an integer from 0 to \(Int.max))") }
            guard let n = v.exactInteger, n >= 0 else {
                throw FieldError(field: field, "expected a count: an integer from 0 to \(Int.max)")
            }
            return Int(n)
        }
        func counts(_ key: String) throws(FieldError) -> [String: Int] {
            guard case .object(let m)? = o[key] else { throw FieldError(field: "coverage.\(key)", "expected an object of counts") }
            var out: [String: Int] = [:]
            for (name, v) in m { out[name] = try count(v, Format.field("coverage.\(key)", key: name)) }
            return out
        }
        drops = try counts("drops")
        // Written since the tool counted them (issue 41); a summary of an
        // earlier version has none, read as nothing handed over directly.
        if o["direct"] != nil { direct = try counts("direct") }
        for (name, n) in try counts("operations") {
            guard let op = DropOperation(rawValue: name) else {
                throw FieldError(
                    field: Format.field("coverage.operations", key: name), "not an operation (expected move, copy or forbidden)")
            }
            if n > 0 { operations[op] = n }
        }
        for (name, n) in try counts("swipeActions") {
            guard let edge = SwipeEdge(rawValue: name) else {
                throw FieldError(field: Format.field("coverage.swipeActions", key: name), "not a swipe edge (expected leading or trailing)")
            }
            if n > 0 { swipeActions[edge] = n }
        }
        mutationDuringDrag = try count(o["mutationDuringDrag"], "coverage.mutationDuringDrag")
        multiItemDrags = try count(o["multiItemDrags"], "coverage.multiItemDrags")
        deferredApplies = try count(o["deferredApplies"], "coverage.deferredApplies")
        fullOrLockedDrops = try count(o["fullOrLockedDrops"], "coverage.fullOrLockedDrops")
        if let d = o["depth"] {
            guard case .object(let m) = d else { throw FieldError(field: "coverage.depth", "expected an object of counts") }
            depth = Depth(
                longestCase: try count(m["longestCase"], "coverage.depth.longestCase"),
                dragsIntoOneGap: try count(m["dragsIntoOneGap"], "coverage.depth.dragsIntoOneGap"),
                mutationsDuringOneDrag: try count(m["mutationsDuringOneDrag"], "coverage.depth.mutationsDuringOneDrag"))
        }
    }

    /// The sum of two coverages, each count added with overflow checked: a
    /// sum past `Int.max` is an error naming the count (`coverage.drops["c0"]`),
    /// never a trap. For counts read from files (a merge of summaries).
    public func checkedAdding(_ other: Coverage) throws(FieldError) -> Coverage {
        func sum(_ a: Int, _ b: Int, _ field: String) throws(FieldError) -> Int {
            let (s, overflow) = a.addingReportingOverflow(b)
            if overflow { throw FieldError(field: field, "the sum over the shards is past \(Int.max)") }
            return s
        }
        var out = self
        for (key, n) in other.drops { out.drops[key] = try sum(drops[key, default: 0], n, Format.field("coverage.drops", key: key)) }
        for (key, n) in other.direct {
            out.direct[key] = try sum(direct[key, default: 0], n, Format.field("coverage.direct", key: key))
        }
        for (op, n) in other.operations {
            out.operations[op] = try sum(operations[op, default: 0], n, "coverage.operations.\(op.rawValue)")
        }
        for (edge, n) in other.swipeActions {
            out.swipeActions[edge] = try sum(swipeActions[edge, default: 0], n, "coverage.swipeActions.\(edge.rawValue)")
        }
        out.mutationDuringDrag = try sum(mutationDuringDrag, other.mutationDuringDrag, "coverage.mutationDuringDrag")
        out.multiItemDrags = try sum(multiItemDrags, other.multiItemDrags, "coverage.multiItemDrags")
        out.deferredApplies = try sum(deferredApplies, other.deferredApplies, "coverage.deferredApplies")
        out.fullOrLockedDrops = try sum(fullOrLockedDrops, other.fullOrLockedDrops, "coverage.fullOrLockedDrops")
        out.depth.formMax(other.depth)
        return out
    }
}
