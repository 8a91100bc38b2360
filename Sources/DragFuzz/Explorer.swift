import DragSystem
import KnownBugs
import ReorderConformance
import ReorderCore
import ReorderSwipe

/// Bounded exhaustive search: every interleaving of every small drag script
/// with every small mutation script, over a small container, with identical
/// engine states merged. Proves a small scope rather than sampling it.
///
/// Merging is sound only where the whole state is known: the model's, and
/// an in-process subject's (its `stateKey`). An app may keep state the model
/// does not see (position keys, caches), and a process cannot be copied at a
/// branch, so with an app every interleaving runs from its own `reset` and
/// nothing is merged.
public struct Explorer: Sendable {
    public var applier: Applier<Int, Int>
    /// What is under test; `nil`: the applier, in process.
    public var code: CodeUnderTest?
    /// A hurried stop (SIGTERM): the CLI then wakes every wait on an app, so
    /// the pair running at that moment was cut short and is dropped.
    public var shouldHurry: @Sendable () -> Bool = { false }
    /// `--time`'s end on the monotonic clock (`nil`: none): no pair starts
    /// past it, and with an app (whose waits end at it, `AppSubject.deadline`)
    /// the pair running then is dropped, its failures being the deadline's.
    public var deadline: Double?
    /// Items in the single collection (`a`, `b`, ...).
    public var items: Int
    /// The longest mutation script.
    public var mutations: Int
    /// The swipe handlers under test: with one, the container has swipe
    /// actions (trailing `delete` and `flag`, leading `pin`) and the
    /// mutation scripts also draw from gestures; the whole scope runs once
    /// left to right and once right to left. `nil`: drags only.
    public var handler: SwipeHandlerKind?
    /// Every script in this world (its data, layout and rules; `items` is
    /// then unused); `nil`: one collection of `items` items.
    public var world: World?
    /// What judges the code's drop configuration (`nil`: the world's rules, else the model).
    public var oracle: FuzzOracle?

    public init(applier: Applier<Int, Int>, items: Int = 4, mutations: Int = 1) {
        self.applier = applier
        self.items = items
        self.mutations = mutations
    }

    public struct Summary: Sendable {
        public var dragScripts = 0
        public var mutationScripts = 0
        /// Steps executed (merged states are not run again).
        public var steps = 0
        /// Distinct (position, state) pairs visited.
        public var states = 0
        /// Complete interleavings reached.
        public var interleavings = 0
        /// The shortest violating path of each invariant.
        public var violations: [(FuzzCase, Violation)] = []
        /// Violating steps found, before keeping the shortest per invariant.
        public var violatingSteps = 0
        /// Stopped before every pair was explored.
        public var interrupted = false
        /// Stopped by `deadline` (`--time`) before every pair was explored.
        public var stoppedAtDeadline = false
        /// Script pairs explored to the end.
        public var pairs = 0
        /// What the code under test was exercised with, per step executed.
        public var coverage = Coverage()
    }

    typealias Script = [(DragEvent<Int, Int>, Aim?)]

    var layout: Layout<Int> {
        if let world { return world.layout.mapIDs { world.itemNames.id($0) ?? FuzzIDs.absentBase } }
        return Layout(kind: .list(rowHeight: 10, spacing: 0, headerHeight: 0, heights: [:]), width: 100, height: 400)
    }

    /// The swipe section of a run in `direction`: buttons 40 wide on rows
    /// 100 wide, so 40 opens the trailing edge, 20 the leading one, and 60
    /// is a full swipe (a delete).
    func swipe(_ direction: LayoutDirection) -> SwipeConfiguration<Int>? {
        guard handler != nil else { return nil }
        return SwipeConfiguration(
            actionWidth: 40, fullSwipe: 0.6, direction: direction,
            leading: SwipeEdgeActions(actions: [SwipeAction(name: "pin", label: "Pin", toggle: "pinned", labelOn: "Unpin")]),
            trailing: SwipeEdgeActions(actions: [
                SwipeAction(name: "delete", label: "Delete", role: .destructive), SwipeAction(name: "flag", label: "Flag"),
            ]), flags: ["pinned": [0]])
    }

    /// The directions a run covers.
    var directions: [LayoutDirection?] { handler == nil ? [nil] : [.ltr, .rtl] }

    /// Gestures for the mutation menu: open each row on either edge, fully
    /// swipe it, tap the first button of an open row on either side, scroll.
    func gestures(_ direction: LayoutDirection) -> [SessionEvent<Int, Int>] {
        let toTrailing = direction == .ltr ? -1.0 : 1.0
        var menu: [SessionEvent<Int, Int>] = [.scroll(dy: 10)]
        for i in 0..<items {
            menu.append(.swipe(item: i, dx: 40 * toTrailing))
            menu.append(.swipe(item: i, dx: -20 * toTrailing))
            menu.append(.swipe(item: i, dx: 60 * toTrailing))
            menu.append(.tap(at: Point(x: 80, y: Double(i) * 10 + 5)))
            menu.append(.tap(at: Point(x: 20, y: Double(i) * 10 + 5)))
        }
        return menu
    }
    var container: FuzzContainer {
        if let world { return worldContainer(world) }
        return FuzzContainer(collections: [ReorderCollection(id: 0, items: Array(0..<items))])
    }

    /// Lift one item or an ordered pair, drop on the leading half of every
    /// entry or past the end, at once or deferred with an apply.
    func dragScripts() -> [Script] {
        if let world { return worldDragScripts(world) }
        var selections: [[Int]] = (0..<items).map { [$0] }
        for a in 0..<items { for b in 0..<items where a != b { selections.append([a, b]) } }
        let frames = layout.frames(in: container)[0]
        var targets: [(Point, Aim?)] = frames.enumerated().map {
            (layout.leadingHalfPoint(of: $0.element), Aim(collection: 0, entry: $0.offset))
        }
        targets.append((Point(x: 50, y: Double(items) * 10 + 5), nil))
        var scripts: [Script] = []
        for s in selections {
            for (p, aim) in targets {
                let lift: (DragEvent<Int, Int>, Aim?) = (
                    .lift(session: 0, items: s, at: Point(x: 1, y: 1), operations: .move, external: false), nil
                )
                scripts.append([lift, (.drop(session: 0, at: p, deferred: false), aim)])
                scripts.append([lift, (.drop(session: 0, at: p, deferred: true), aim), (.apply(session: 0), nil)])
            }
        }
        return scripts
    }

    /// Every sequence, up to `mutations` long, of: insert a new item first or
    /// last, delete an item, move an item to the front or the end from
    /// outside, disable, enable.
    func mutationScripts(_ direction: LayoutDirection? = nil) -> [[SessionEvent<Int, Int>]] {
        var mutations: [DataMutation<Int, Int>] = [
            .insert(items: [100], collection: 0, index: 0), .insert(items: [100], collection: 0, index: nil),
            .setEnabled(false), .setEnabled(true),
        ]
        if let world { mutations = worldMutations(world) }
        for i in 0..<(world == nil ? items : 0) {
            mutations.append(.delete(items: [i]))
            mutations.append(.relocate(items: [i], collection: 0, before: 0 == i ? 1 : 0))
            mutations.append(.relocate(items: [i], collection: 0, before: nil))
        }
        let menu = (direction.map(gestures) ?? []) + mutations.map { SessionEvent.drag(.mutation($0)) }
        var scripts: [[SessionEvent<Int, Int>]] = [[]]
        var frontier: [[SessionEvent<Int, Int>]] = [[]]
        for _ in 0..<self.mutations {
            frontier = frontier.flatMap { s in menu.map { s + [$0] } }
            scripts += frontier
        }
        return scripts
    }

    struct Key: Hashable {
        var i: Int
        var j: Int
        var container: FuzzContainer
        var sessions: [Int: FuzzEngine.Session]
        var pending: [Int: FuzzEngine.Pending]
        var swipe: SwipeModel<Int>?
        /// The code under test's own state (`nil`: none, or the model alone).
        var subject: AnyHashable?
    }

    /// The code under test for one exploration, its IDs named by `naming`:
    /// `nil` for `canonical` (the model alone).
    func subject(naming: FuzzNaming) -> (any ReorderSubject<Int, Int>)? {
        (code ?? .applier(applier)).subject(naming: naming, swipes: handler != nil, handler: handler ?? .correct)
    }

    var naming: FuzzNaming {
        guard let world else { return FuzzNaming(collectionNames: [nil]) }
        return FuzzNaming(collectionNames: world.collectionIDs, itemNames: world.itemNames)
    }

    /// A case of this exploration, for a finding.
    func fuzzCase(_ steps: [SessionEvent<Int, Int>], swipe: SwipeConfiguration<Int>?) -> FuzzCase {
        var fuzzCase = FuzzCase(
            mode: .sessions, container: container, collectionNames: naming.collectionNames, layout: layout, swipe: swipe)
        fuzzCase.itemNames = naming.itemNames
        fuzzCase.steps = steps
        return fuzzCase
    }

    /// A checked engine at the start of an interleaving.
    func checkedEngine(swipe: SwipeConfiguration<Int>?) -> CheckedEngine<Int, Int> {
        // Messages name what an app invents as the app did.
        var naming = self.naming
        naming.invented = InventedNames()
        return CheckedEngine(
            container: container, layout: layout, subject: subject(naming: naming), text: naming.text, checksModel: true, swipe: swipe,
            policy: world?.policy() ?? .standard, oracle: oracle?.configurationOracle(world: world) ?? world?.rulesOracle() ?? .model)
    }

    var isApp: Bool {
        if case .app? = code { return true }
        return false
    }

    /// Drag scripts times mutation scripts: the pairs `run` interleaves.
    public var scope: Int { directions.reduce(0) { $0 + dragScripts().count * mutationScripts($1).count } }

    /// Passes on each entry of `shortest` that is new or shorter than in `known`.
    static func report(
        _ shortest: [Invariant: (FuzzCase, Violation)], since known: [Invariant: (FuzzCase, Violation)],
        to found: (FuzzCase, Violation) -> Void
    ) {
        for (invariant, entry) in shortest.sorted(by: { $0.key < $1.key }) {
            if let old = known[invariant], old.0.steps.count <= entry.0.steps.count { continue }
            found(entry.0, entry.1)
        }
    }

    /// Explores every pair. `shouldStop` is checked between pairs (Ctrl-C:
    /// the summary says how far it got); `progress` gets the pairs done and
    /// the total after each drag script; `found` gets each invariant's new
    /// shortest case once the pair that found it is done (so that a run
    /// killed later has written what it found so far).
    public func run(
        shouldStop: () -> Bool = { false }, progress: ((Int, Int) -> Void)? = nil, found: ((FuzzCase, Violation) -> Void)? = nil
    ) -> Summary {
        var summary = Summary()
        let drags = dragScripts()
        summary.dragScripts = drags.count
        var shortest: [Invariant: (FuzzCase, Violation)] = [:]
        var done = 0
        let total = scope
        explore: for direction in directions {
            let swipe = direction.flatMap(swipe)
            let mutationScripts = mutationScripts(direction)
            summary.mutationScripts += mutationScripts.count
            for d in drags {
                progress?(done, total)
                for m in mutationScripts {
                    if shouldStop() || pastDeadline {
                        summary.interrupted = shouldStop()
                        summary.stoppedAtDeadline = !summary.interrupted
                        break explore
                    }
                    done += 1
                    let known = shortest
                    defer { if let found { Self.report(shortest, since: known, to: found) } }
                    if isApp {
                        let before = summary
                        explorePaths(d, m, swipe, &summary, &shortest)
                        if shouldHurry() || pastDeadline {
                            (summary, shortest) = (before, known)
                            summary.interrupted = shouldHurry()
                            summary.stoppedAtDeadline = !summary.interrupted
                            break explore
                        }
                        summary.pairs += 1
                        continue
                    }
                    exploreStates(d, m, swipe, &summary, &shortest)
                    summary.pairs += 1
                }
            }
        }
        summary.violations = shortest.values.sorted { $0.1.invariant < $1.1.invariant }
        return summary
    }

    var pastDeadline: Bool { MonotonicClock.isPast(deadline) }

    /// Every interleaving of `d` and `m` in process, states merged where the
    /// model and the subject say they are the same.
    func exploreStates(
        _ d: Script, _ m: [SessionEvent<Int, Int>], _ swipe: SwipeConfiguration<Int>?, _ summary: inout Summary,
        _ shortest: inout [Invariant: (FuzzCase, Violation)]
    ) {
        var visited = Set<Key>()
        var start = checkedEngine(swipe: swipe)
        _ = start.start()
        // A subject that cannot say what it holds is never merged: its
        // states may differ where the model's do not.
        let merges = start.subject == nil || start.subject?.stateKey != nil
        var stack: [(Int, Int, CheckedEngine<Int, Int>, [SessionEvent<Int, Int>])] = [(0, 0, start, [])]
        while let (i, j, checked, path) = stack.popLast() {
            if i == d.count && j == m.count {
                summary.interleavings += 1
                continue
            }
            let engine = checked.model
            if merges {
                let key = Key(
                    i: i, j: j, container: engine.container, sessions: engine.sessions, pending: engine.pending,
                    swipe: engine.swipe, subject: checked.subject?.stateKey)
                if !visited.insert(key).inserted { continue }
            }
            summary.states += 1
            var moves: [(SessionEvent<Int, Int>, Aim?, Int, Int)] = []
            if i < d.count {
                // Aim at whatever entry's leading half the point is over now.
                var aim: Aim?
                if case .drop(_, let p, _) = d[i].0 { aim = leadingHalfAim(p, layout: layout, container: engine.container) }
                moves.append((.drag(d[i].0), aim, i + 1, j))
            }
            if j < m.count { moves.append((m[j], nil, i, j + 1)) }
            for (event, aim, ni, nj) in moves {
                var c = checked
                summary.steps += 1
                let step = c.handle(event, aim: aim)
                if !checked.subjectFailed { summary.coverage.add(.of(event, step, before: engine, naming: naming)) }
                if let core = step.violation {
                    let v = Violation(core, step: path.count)
                    summary.violatingSteps += 1
                    if let best = shortest[v.invariant], best.0.steps.count <= path.count + 1 { continue }
                    shortest[v.invariant] = (fuzzCase(path + [event], swipe: swipe), v)
                    continue
                }
                stack.append((ni, nj, c, path + [event]))
            }
        }
    }

    /// Every interleaving of `d` and `m`, each run from `reset` against the
    /// app (no state merged: see the type's note).
    func explorePaths(
        _ d: Script, _ m: [SessionEvent<Int, Int>], _ swipe: SwipeConfiguration<Int>?, _ summary: inout Summary,
        _ shortest: inout [Invariant: (FuzzCase, Violation)]
    ) {
        func interleavings(_ i: Int, _ j: Int) -> [[Bool]] {
            if i == d.count && j == m.count { return [[]] }
            var result: [[Bool]] = []
            if i < d.count { result += interleavings(i + 1, j).map { [true] + $0 } }
            if j < m.count { result += interleavings(i, j + 1).map { [false] + $0 } }
            return result
        }
        for order in interleavings(0, 0) {
            var checked = checkedEngine(swipe: swipe)
            var path: [SessionEvent<Int, Int>] = []
            var violation: Violation?
            if let v = checked.start() { violation = Violation(v, step: -1) }
            var i = 0
            var j = 0
            for fromDrag in order where violation == nil {
                let event: SessionEvent<Int, Int>
                var aim: Aim?
                if fromDrag {
                    event = .drag(d[i].0)
                    if case .drop(_, let p, _) = d[i].0 { aim = leadingHalfAim(p, layout: layout, container: checked.container) }
                    i += 1
                } else {
                    event = m[j]
                    j += 1
                }
                summary.steps += 1
                path.append(event)
                let before = checked.model
                let asked = !checked.subjectFailed
                let step = checked.handle(event, aim: aim)
                if asked { summary.coverage.add(.of(event, step, before: before, naming: naming)) }
                if let v = step.violation { violation = Violation(v, step: path.count - 1) }
            }
            summary.states += path.count
            guard let v = violation else {
                summary.interleavings += 1
                continue
            }
            summary.violatingSteps += 1
            if let best = shortest[v.invariant], best.0.steps.count <= path.count { continue }
            shortest[v.invariant] = (fuzzCase(path, swipe: swipe), v)
        }
    }
}

extension Explorer {
    /// Whether the explorer's menu (`mutationScripts`, `worldMutations`)
    /// tries a kind of mutation, or why not: an exhaustive switch, so a new
    /// kind is flagged here; a test holds the menus to this table.
    enum Exploration: Hashable, Sendable {
        case tried
        case never(String)
    }

    static func exploration(of kind: MutationKind) -> Exploration {
        switch kind {
        case .insert, .delete, .relocate, .enable, .disable: .tried
        case .update: .never("a content change moves nothing: no drag can see it")
        case .reload: .never("a reload replaces everything: the fuzzer's generator draws it, with its many shapes")
        case .lock, .unlock: .never("locks change which lifts are accepted: the generator draws them, the explorer's lifts are the world's")
        }
    }
}
