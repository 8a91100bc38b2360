import ReorderCore
import ReorderSwipe

/// The checks of spec 1.1, 2 and 2.1 (and `swipe-v1` 1, 3, 4) that do not
/// depend on JSON: IDs and collections in the header, the swipe section,
/// `t` order, the session grammar, what each event may name, and what only
/// a version 2 file may hold. The reader runs it on every line; so do the
/// `Recorder` and the fuzzer on what they write.
public struct RecordingValidator: Sendable {
    /// Collection ids, in header order (`nil` for the single unnamed one).
    public let collectionIDs: [StringID?]
    /// The header's format version (1 or 2).
    public let version: Int
    /// The names of the header's swipe actions, both edges (what
    /// `expect.performed` may name).
    private let actionNames: Set<String>
    private var lastT = 0.0
    /// Sessions with a lift and no drop/cancel yet, per replica (one
    /// entry before version 3): sessions are numbered per replica.
    private var active: [SessionSet]
    /// Sessions whose last drop was deferred and not yet applied, per replica.
    private var deferred: [SessionSet]
    /// Version 3: the header's replicas (`nil` before).
    public let replicas: ReplicasSpec?
    public static let maxIDBytes = 256

    /// Validates the header: a supported version, at least one collection,
    /// ids present when there are several, unique ids and items, `locked`
    /// within its collection, capacity >= 0, a layout that can be laid out,
    /// and a swipe section (version 2 only) as `checkSwipe` checks it.
    public init(header: RecordingHeader) throws(FieldError) {
        guard RecordingHeader.supportedVersions.contains(header.version) else { throw Self.unsupportedVersion(header.version) }
        try Self.checkCollections(header.collections, field: "container.collections")
        if let problem = header.layout.validationProblem(collectionCount: header.collections.count) {
            throw FieldError(field: "container.layout", problem)
        }
        if let swipe = header.swipe {
            if header.version < 2 { throw Self.needsVersion2(field: "container.swipe", version: header.version) }
            try Self.checkSwipe(swipe, collections: header.collections)
        }
        collectionIDs = header.collections.map(\.id)
        version = header.version
        if let r = header.replicas {
            if header.version < 3 { throw Self.needsVersion(3, field: "replicas", version: header.version) }
            try Self.checkReplicas(r)
        } else if header.version >= 3 {
            throw FieldError(field: nil, "missing field \"replicas\" (a version 3 header needs {\"ids\": [...], \"merge\": ...})")
        }
        replicas = header.replicas
        active = Array(repeating: SessionSet(), count: max(1, header.replicas?.ids.count ?? 1))
        deferred = active
        actionNames = Set(SwipeEdge.allCases.flatMap { header.swipe?.actions(on: $0).map(\.name) ?? [] })
    }

    public var isSingleCollection: Bool { collectionIDs.count == 1 }

    /// Checks one event in file order.
    public mutating func check(_ event: RecordedEvent) throws(FieldError) {
        guard event.t.isFinite, event.t >= 0 else {
            throw FieldError(field: "t", "field \"t\" must be a finite number >= 0, got \(Format.number(event.t))")
        }
        guard event.t >= lastT else {
            throw FieldError(field: "t", "field \"t\" must not decrease: \(Format.number(event.t)) after \(Format.number(lastT))")
        }
        lastT = event.t
        switch event.kind {
        case .lift(_, let x, let y, _, _), .move(let x, let y), .drop(let x, let y, _):
            if let p = Limits.coordinateProblem(x, field: "x") { throw FieldError(field: "x", p) }
            if let p = Limits.coordinateProblem(y, field: "y") { throw FieldError(field: "y", p) }
        default: break
        }
        let s = event.session
        // Every kind's version from `EventKind`, so a new one cannot forget it.
        try requireVersion(of: event.kind.type)
        let r = try replicaIndex(of: event)
        switch event.kind {
        case .lift(let items, _, _, let ops, _):
            try Self.checkIDs(items, field: "items", nonEmpty: true, unique: true)
            if ops.isEmpty { throw FieldError(field: "ops", "field \"ops\" must be a non-empty subset of [\"move\", \"copy\"]") }
            if active[r].contains(s) {
                throw FieldError(field: "type", "lift on session \(s), which is already active (expected a move, drop or cancel first)")
            }
            active[r].insert(s)
            deferred[r].remove(s)
        case .move, .drop, .cancel:
            guard active[r].contains(s) else {
                throw FieldError(field: "type", "\(event.kind.type.rawValue) on session \(s), which has no active lift")
            }
            if case .drop(_, _, let isDeferred) = event.kind {
                active[r].remove(s)
                if isDeferred { deferred[r].insert(s) }
            } else if case .cancel = event.kind {
                active[r].remove(s)
            }
        case .apply:
            guard deferred[r].remove(s) != nil else {
                throw FieldError(
                    field: "type",
                    "apply on session \(s) with nothing pending (expected a drop with \"apply\": \"deferred\" on that session, applied at most once)"
                )
            }
        case .mutation(let m):
            try checkMutation(m)
        case .viaApplier(let d):
            try Self.checkIDs(d.sources, field: "items")
            try checkCollectionReference(d.destination.collectionID)
            if let before = d.destination.position.anchor { try Self.checkIDs([before], field: "before") }
        case .expect(let e):
            try checkExpectation(e)
        case .swipe(let item, let dx):
            try Self.checkIDs([item], field: "item")
            try Self.checkFinite(dx, field: "dx")
        case .scroll(let dy):
            try Self.checkFinite(dy, field: "dy")
        case .tap(let x, let y):
            try Self.checkFinite(x, field: "x")
            try Self.checkFinite(y, field: "y")
        case .channel(let c):
            try checkChannel(c)
        }
    }

    /// A mutation's fields (spec 2.2).
    private func checkMutation(_ m: RecordedMutation) throws(FieldError) {
        switch m {
        case .insert(let items, let collection, _):
            try Self.checkIDs(items, field: "items")
            try checkCollectionReference(collection)
        case .delete(let items), .lock(let items), .unlock(let items):
            try Self.checkIDs(items, field: "items")
        case .relocate(let items, let collection, let before):
            try Self.checkIDs(items, field: "items")
            try checkCollectionReference(collection)
            if let before { try Self.checkIDs([before], field: "before") }
        case .update(let item):
            try Self.checkIDs([item], field: "item")
        case .reload(let collections, let locked):
            if replicas != nil {
                throw FieldError(
                    field: "type",
                    "event type \"reload\" is not allowed in a version 3 file (a replica replacing its data is not an operation)")
            }
            let specs = CollectionSpec.specs(reloading: collections, locked: locked)
            try Self.checkCollections(specs, field: "collections")
            // A lock that is no collection's entry: the reader, which knows
            // each collection's own list, reports it there first.
            if specs.reduce(0, { $0 + $1.locked.count }) != locked.count,
                let l = locked.first(where: { id in !specs.contains { $0.locked.contains(id) } })
            {
                throw FieldError(field: "locked", "locked item \(Format.quoted(l)) is not an entry of any collection")
            }
            if collections.map(\.id) != collectionIDs {
                throw FieldError(
                    field: "collections",
                    "reload must keep the collections of the header, \(describe(collectionIDs)), in that order; got \(describe(collections.map(\.id)))"
                )
            }
        case .setEnabled:
            break
        }
    }

    private func requireVersion(of type: EventKind) throws(FieldError) {
        if version < type.minimumVersion { throw Self.needsVersion(type.minimumVersion, type: type, version: version) }
    }

    static func checkFinite(_ v: Double, field: String) throws(FieldError) {
        if !v.isFinite { throw FieldError(field: field, "field \"\(field)\" must be a finite number, got \(Format.number(v))") }
    }

    // MARK: - Versions

    /// A version the package does not read.
    public static func unsupportedVersion(_ version: Int) -> FieldError {
        FieldError(field: "version", "unsupported version \(version): dragrec versions 1, 2 and 3 are supported")
    }

    /// A field that only a version 2 file may hold, in a file of `version`.
    public static func needsVersion2(field: String, version: Int) -> FieldError {
        needsVersion(2, field: field, version: version)
    }

    /// A field that only a file of version `minimum` or later may hold.
    public static func needsVersion(_ minimum: Int, field: String, version: Int) -> FieldError {
        FieldError(field: field, "field \"\(field)\" needs a version \(minimum) header (this file is version \(version))")
    }

    /// An event type that only a file of version `minimum` or later may hold.
    public static func needsVersion(_ minimum: Int, type: EventKind, version: Int) -> FieldError {
        FieldError(field: "type", "event type \"\(type.rawValue)\" needs a version \(minimum) header (this file is version \(version))")
    }

    private func checkCollectionReference(_ collection: StringID?) throws(FieldError) {
        if let collection {
            try Self.checkIDs([collection], field: "collection")
        } else if !isSingleCollection {
            throw FieldError(field: nil, "field \"collection\" is required in a container with \(collectionIDs.count) collections")
        }
    }

    private func checkExpectation(_ e: Expectation) throws(FieldError) {
        if e.isEmpty {
            let v2 =
                (version >= 2 ? ", \"open\", \"performed\", \"presentations\", \"labels\"" : "") + (version >= 3 ? ", \"replicas\"" : "")
            throw FieldError(
                field: nil,
                "an expect line needs at least one of \"order\", \"collections\", \"outcome\", \"difference\", \"operation\"\(v2)")
        }
        if e.hasSwipeFields { try checkSwipeExpectation(e) }
        if let expected = e.replicas { try checkReplicaExpectation(expected) }
        if let order = e.order {
            if !isSingleCollection {
                throw FieldError(
                    field: "order",
                    "field \"order\" needs a single-collection container; use \"collections\" with \(collectionIDs.count) collections")
            }
            try Self.checkIDs(order, field: "order")
        }
        if let collections = e.collections {
            for (id, items) in collections.sorted(by: { $0.key < $1.key }) {
                if !collectionIDs.contains(id) {
                    throw FieldError(
                        field: "collections",
                        "expected collection \(Format.quoted(id)) is not in the container (expected one of \(describe(collectionIDs)))")
                }
                try Self.checkIDs(items, field: "collections")
            }
        }
        if let d = e.difference {
            try Self.checkIDs(d.sources, field: "sources")
            if isSingleCollection {
                if let c = d.collection, c != collectionIDs[0] {
                    throw FieldError(field: "collection", "difference.collection \(Format.quoted(c)) is not the container's collection")
                }
            } else if d.collection == nil {
                throw FieldError(
                    field: "difference",
                    "field \"difference.collection\" is required in a container with \(collectionIDs.count) collections")
            }
        }
    }

    /// `open`, `performed`, `presentations` and `labels` (`swipe-v1` 4): a
    /// version 2 file, valid IDs, and a performed action the header has.
    private func checkSwipeExpectation(_ e: Expectation) throws(FieldError) {
        if version < 2 {
            let field = e.open != nil ? "open" : e.performed != nil ? "performed" : e.presentations != nil ? "presentations" : "labels"
            throw Self.needsVersion2(field: field, version: version)
        }
        // Problems inside `open`, `performed` and `labels` are placed at
        // those keys: `item` and `edge` repeat in the line.
        if let row = e.open ?? nil {
            do { try Self.checkIDs([row.item], field: "open.item") } catch { throw error.placed(at: "open") }
        }
        if let p = e.performed ?? nil {
            do { try Self.checkIDs([p.item], field: "performed.item") } catch { throw error.placed(at: "performed") }
            if !actionNames.contains(p.action) {
                let known =
                    actionNames.isEmpty
                    ? "the header has no swipe actions" : "expected one of \(Format.ids(actionNames.sorted()))"
                throw FieldError(
                    field: "performed",
                    "performed action \(Format.quoted(p.action)) is not an action of the header's swipe section (\(known))")
            }
        }
        if let reports = e.presentations { try Self.checkIDs(reports.map(\.item), field: "presentations") }
        if let l = e.labels {
            do { try Self.checkIDs([l.item], field: "labels.item") } catch { throw error.placed(at: "labels") }
        }
    }

    /// Every ID is 1 to 256 bytes without NUL; lifts need one or more unique IDs.
    /// `field` is built only when there is something to report.
    public static func checkIDs(_ ids: [StringID], field: @autoclosure () -> String, nonEmpty: Bool = false, unique: Bool = false)
        throws(FieldError)
    {
        if nonEmpty && ids.isEmpty {
            let field = field()
            throw FieldError(field: field, "field \"\(field)\" must hold at least one ID")
        }
        for id in ids {
            let n = id.string.utf8.count
            if n == 0 || n > maxIDBytes {
                let field = field()
                throw FieldError(field: field, "field \"\(field)\": an ID must be 1 to \(maxIDBytes) bytes, got \(n)")
            }
            if containsNUL(id) {
                let field = field()
                throw FieldError(field: field, "field \"\(field)\": an ID must not contain NUL, got \(Format.quoted(id))")
            }
        }
        if unique && ids.count > 1, let id = firstRepeated(ids) {
            let field = field()
            throw FieldError(field: field, "field \"\(field)\": ID \(Format.quoted(id)) appears twice")
        }
    }

    /// Names (replica ids) under the rules of IDs. Names are text: two
    /// that are the same text in other bytes are one name, refused as a
    /// repeat (a replica is looked up by its name).
    public static func checkIDs(_ names: [String], field: @autoclosure () -> String, nonEmpty: Bool = false, unique: Bool = false)
        throws(FieldError)
    {
        try checkIDs(names.map { StringID($0) }, field: field(), nonEmpty: nonEmpty)
        guard unique && names.count > 1 else { return }
        var seen: [String: String] = [:]
        for name in names {
            guard let earlier = seen.updateValue(name, forKey: name) else { continue }
            let field = field()
            let same = Array(earlier.utf8) == Array(name.utf8)
            throw FieldError(
                field: field,
                same
                    ? "field \"\(field)\": ID \(Format.quoted(name)) appears twice"
                    : "field \"\(field)\": ID \(Format.quoted(name)) (\(_scalarsText(name) ?? "")) appears twice, as "
                        + "\(Format.quoted(earlier)) (\(_scalarsText(earlier) ?? "")): names are text, and the same text in other bytes is one name"
            )
        }
    }

    /// Whether `id` holds a NUL byte, read from its contiguous UTF-8 (every
    /// native string has it; the generic `contains` on the view is a call
    /// per ID that a lift's two IDs felt).
    @inline(__always)
    private static func containsNUL(_ id: StringID) -> Bool {
        id.string.utf8.withContiguousStorageIfAvailable { $0.contains(0) } ?? id.string.utf8.contains(0)
    }

    /// The first ID, in order, that an earlier one equals. A few IDs (a lift
    /// carries one to a handful) are compared pairwise: no `Set` to allocate
    /// and hash into per line.
    /// - Complexity: O(n^2) comparisons for n <= 8 IDs, O(n) expected above.
    private static func firstRepeated(_ ids: [StringID]) -> StringID? {
        if ids.count <= 8 {
            for j in 1..<ids.count {
                for i in 0..<j where ids[i] == ids[j] { return ids[j] }
            }
            return nil
        }
        var seen = Set<StringID>()
        for id in ids where !seen.insert(id).inserted { return id }
        return nil
    }

    package static func checkCollections(_ collections: [CollectionSpec], field: String) throws(FieldError) {
        if collections.isEmpty { throw FieldError(field: field, "field \"\(field)\" must hold at least one collection") }
        if collections.count > 1, collections.contains(where: { $0.id == nil }) {
            throw FieldError(field: "id", "every collection needs an \"id\" when there are \(collections.count) collections")
        }
        var ids = Set<StringID>()
        var items = Set<StringID>()
        for c in collections {
            if let id = c.id {
                try checkIDs([id], field: "id")
                if !ids.insert(id).inserted { throw FieldError(field: "id", "collection id \(Format.quoted(id)) appears twice") }
            }
            try checkIDs(c.items, field: "items")
            try checkIDs(c.fixed, field: "fixed")
            try checkIDs(c.locked, field: "locked")
            for item in c.fixed + c.items where !items.insert(item).inserted {
                throw FieldError(
                    field: "items",
                    "item ID \(Format.quoted(item)) appears twice (IDs are unique across items and fixed of every collection)")
            }
            let own = Set(c.fixed + c.items)
            for l in c.locked where !own.contains(l) {
                throw FieldError(
                    field: "locked",
                    "locked item \(Format.quoted(l)) is not an entry of its own collection\(c.id.map { " " + Format.quoted($0) } ?? "")")
            }
            if let capacity = c.capacity, capacity < 0 {
                throw FieldError(field: "capacity", "field \"capacity\" must be an integer >= 0, got \(capacity)")
            }
        }
    }

    /// The swipe section (`swipe-v1` 1): `actionWidth` finite and > 0,
    /// `fullSwipe` in (0, 1], each given edge with 1+ actions whose names are
    /// non-empty and unique on that edge, a toggle with a non-empty flag and
    /// a `labelOn` and no destructive role, and `flags` naming only
    /// reorderable items of the header, each at most once per flag. A
    /// problem inside an edge is placed at the edge's key, one in `flags` at
    /// `flags` (action keys such as `name` repeat in the line).
    public static func checkSwipe(_ swipe: SwipeConfiguration<StringID>, collections: [CollectionSpec]) throws(FieldError) {
        let f = "container.swipe"
        guard swipe.actionWidth.isFinite, swipe.actionWidth > 0 else {
            throw FieldError(
                field: "\(f).actionWidth",
                "field \"\(f).actionWidth\" must be a finite number > 0, got \(Format.number(swipe.actionWidth))")
        }
        guard swipe.fullSwipe > 0, swipe.fullSwipe <= 1 else {
            throw FieldError(
                field: "\(f).fullSwipe", "field \"\(f).fullSwipe\" must be a number in (0, 1], got \(Format.number(swipe.fullSwipe))")
        }
        for edge in SwipeEdge.allCases {
            guard let actions = swipe[edge]?.actions else { continue }
            let place = "\(f).\(edge.rawValue)"
            let field = "\(place).actions"
            if actions.isEmpty { throw FieldError(field: place, "field \"\(field)\" must hold at least one action") }
            var names = Set<String>()
            for (i, a) in actions.enumerated() {
                let at = "\(field)[\(i)]"
                if a.name.isEmpty { throw FieldError(field: place, "field \"\(at).name\" must be a non-empty string") }
                if !names.insert(a.name).inserted {
                    throw FieldError(
                        field: place, "action name \(Format.quoted(a.name)) appears twice on the \(edge.rawValue) edge (\(at))")
                }
                guard let toggle = a.toggle else { continue }
                if toggle.isEmpty { throw FieldError(field: place, "field \"\(at).toggle\" must be a non-empty flag name") }
                if a.role == .destructive {
                    throw FieldError(
                        field: place,
                        "action \(Format.quoted(a.name)) (\(at)) has both \"role\": \"destructive\" and \"toggle\" (an action has at most one)"
                    )
                }
                if a.labelOn == nil {
                    throw FieldError(
                        field: place,
                        "action \(Format.quoted(a.name)) (\(at)) has \"toggle\" without \"labelOn\" (the label while the flag is set)")
                }
            }
        }
        var reorderable = Set<StringID>()
        var fixed = Set<StringID>()
        for c in collections {
            reorderable.formUnion(c.items)
            fixed.formUnion(c.fixed)
        }
        let place = "\(f).flags"
        for (flag, items) in swipe.flags.sorted(by: { $0.key < $1.key }) {
            let field = "\(place).\(flag)"
            if flag.isEmpty { throw FieldError(field: place, "field \"\(place)\": a flag name must be a non-empty string") }
            do { try checkIDs(items, field: field, unique: true) } catch { throw error.placed(at: place) }
            for item in items where !reorderable.contains(item) {
                let why = fixed.contains(item) ? "a fixed item" : "not an item of the header"
                throw FieldError(
                    field: place,
                    "flag \(Format.quoted(flag)) names \(Format.quoted(item)), \(why) (flags start set on reorderable items of the header)")
            }
        }
    }

    /// At the end of the file: sessions still active and differences still
    /// pending (warnings, not errors).
    public var openSessions: [Int] { active[0].sorted() }

    /// Version 3: the sessions still active on each replica, in `ids` order.
    public var openReplicaSessions: [(replica: String, sessions: [Int])] {
        guard let replicas else { return [] }
        return zip(replicas.ids, active).compactMap { $1.sorted().isEmpty ? nil : ($0, $1.sorted()) }
    }
}

/// A set of session numbers: a bit mask for 0 ..< 64 (every real recording),
/// a `Set` beyond. Checked on every drag event, so it avoids hashing.
struct SessionSet: Sendable {
    private var bits: UInt64 = 0
    private var large: Set<Int> = []

    func contains(_ s: Int) -> Bool { s < 64 ? bits & (1 << UInt64(s)) != 0 : large.contains(s) }

    mutating func insert(_ s: Int) {
        if s < 64 { bits |= 1 << UInt64(s) } else { large.insert(s) }
    }

    /// Returns the session when it was there (as `Set.remove` does).
    @discardableResult
    mutating func remove(_ s: Int) -> Int? {
        guard contains(s) else { return nil }
        if s < 64 { bits &= ~(1 << UInt64(s)) } else { large.remove(s) }
        return s
    }

    func sorted() -> [Int] { (0..<64).filter { bits & (1 << UInt64($0)) != 0 } + large.sorted() }
}

func describe(_ ids: [StringID?]) -> String {
    "[" + ids.map { $0.map(Format.quoted) ?? "null" }.joined(separator: ", ") + "]"
}
