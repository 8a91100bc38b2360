import DragRecording
import ReorderCore

/// Where a move or drop aimed: the leading half of an entry, for the hit-test oracle.
public struct Aim: Hashable, Sendable {
    public var collection: Int
    public var entry: Int
    public init(collection: Int, entry: Int) {
        self.collection = collection
        self.entry = entry
    }
}

/// The entry whose leading half holds `p` in the current data, if any.
public func leadingHalfAim(_ p: Point, layout: Layout<Int>, container: FuzzContainer) -> Aim? {
    for (c, frames) in layout.frames(in: container).enumerated() {
        for (k, f) in frames.enumerated() where p.x >= f.x && p.x < f.x + f.width && p.y >= f.y && p.y < f.y + f.height {
            switch layout.kind {
            case .list, .board: if p.y < f.y + f.height / 2 { return Aim(collection: c, entry: k) }
            case .hstack, .grid: if p.x < f.x + f.width / 2 { return Aim(collection: c, entry: k) }
            }
        }
    }
    return nil
}

/// Runs one event through an engine and checks every invariant of spec 3.2
/// that the event can break. Shared by the fuzzer and the explorer.
public struct InvariantChecker: Sendable {
    public var applier: Applier<Int, Int>
    /// How messages name IDs (set once the case's collections exist).
    public var naming: FuzzNaming
    /// Each session's suggested operations, from its lift.
    var operations: [Int: DropOperation.Set] = [:]

    public init(applier: Applier<Int, Int>, naming: FuzzNaming = FuzzNaming(collectionNames: [])) {
        self.applier = applier
        self.naming = naming
    }

    /// `["a", "b"]`.
    func names<S: Sequence<Int>>(_ ids: S) -> String { Format.ids(naming.ids(Array(ids))) }
    /// `["a"] | ["b", "c"]`: every collection's items.
    func names(_ orders: [[Int]]) -> String { orders.map(names).joined(separator: " | ") }
    /// `["b"] -> before "a"`.
    func describe(_ d: FuzzDifference) -> String {
        Format.difference(naming.difference(d), showCollection: naming.collectionNames.count > 1)
    }
    /// `"c0" before "a"`.
    func show(_ d: FuzzDifference.Destination) -> String {
        Format.destination(naming.difference(FuzzDifference(sources: [], destination: d)).destination, showCollection: true)
    }
    /// `"c0"`, or `(single collection)`.
    func collection(_ c: Int) -> String { Format.collection(naming.collection(c)) }
    /// ` in "c0"`, or nothing when there is one collection.
    func within(_ c: Int) -> String { naming.collectionNames.count > 1 ? " in \(collection(c))" : "" }

    public mutating func run(_ engine: inout FuzzEngine, _ event: DragEvent<Int, Int>, aim: Aim?, step index: Int) -> Violation? {
        let before = engine.container
        if case .lift(let s, _, _, let ops, _) = event { operations[s] = ops }
        var sourceSet = Set<Int>()
        if let s = event.session, let session = engine.sessions[s] { sourceSet = Set(session.sources) }
        let step = engine.handle(event)
        let after = engine.container
        func violation(_ invariant: Invariant, _ message: String) -> Violation {
            Violation(invariant: invariant, message: message, step: index)
        }

        if let c = step.configuration, let s = event.session {
            let ops = operations[s] ?? .move
            if c.operation == .copy && !ops.contains(.copy) || c.operation == .move && !ops.contains(.move) {
                return violation(.configuration, "answered \(c.operation.rawValue) but the drag suggests only \(ops.rawValue)")
            }
            if let d = step.emitted, c.operation == .forbidden || d.destination != c.destination {
                return violation(
                    .configuration,
                    "committed a drop to \(show(d.destination)) but the answer was \(c.operation.rawValue)\(c.destination.map { " -> " + show($0) } ?? "")"
                )
            }
            if let aim, let destination = c.destination, aim.collection < before.collections.count,
                aim.entry < before.collections[aim.collection].entryCount
            {
                // The leading half of entry k targets slot k: the first entry from
                // max(k, fixed) that is not a source.
                let collection = before.collections[aim.collection]
                var expected = FuzzDifference.Destination(collectionID: collection.id, position: .end)
                for i in max(aim.entry, collection.fixed.count)..<collection.entryCount where !sourceSet.contains(collection.entry(at: i)) {
                    expected.position = .before(collection.entry(at: i))
                    break
                }
                if destination != expected {
                    return violation(
                        .hitTest,
                        "the leading half of entry \(aim.entry) of collection \(self.collection(collection.id)) should target \(show(expected)), answered \(show(destination))"
                    )
                }
            }
        }
        if let d = step.applied {
            return step.appliedExternally ? checkExternal(d, before, after, index) : checkApply(d, before, after, index)
        }
        if event.session != nil && before != after {
            return violation(.noOp, "a drag event that applied nothing changed the data: \(names(before.orders)) -> \(names(after.orders))")
        }
        return nil
    }

    func checkExternal(_ d: FuzzDifference, _ before: FuzzContainer, _ after: FuzzContainer, _ index: Int) -> Violation? {
        let present = before.allItems()
        let added = d.sources.filter { !present.contains($0) }
        let expected = before.itemCount + added.count
        if after.itemCount != expected || after.allItems() != present.union(added) {
            return Violation(
                invariant: .conservation, message: "an external drop of \(names(d.sources)) should add \(names(added)) and nothing else",
                step: index)
        }
        return nil
    }

    func checkApply(_ d: FuzzDifference, _ before: FuzzContainer, _ after: FuzzContainer, _ index: Int) -> Violation? {
        func violation(_ invariant: Invariant, _ message: String) -> Violation {
            Violation(invariant: invariant, message: message, step: index, difference: d)
        }
        // conservation: the same multiset of IDs.
        let beforeAll = before.collections.flatMap { $0.fixed + $0.items }.sorted()
        let afterAll = after.collections.flatMap { $0.fixed + $0.items }.sorted()
        if beforeAll != afterAll {
            return violation(.conservation, "applying \(describe(d)): IDs before \(names(beforeAll)), after \(names(afterAll))")
        }
        // fixed: fixed items never move.
        if before.collections.map({ $0.fixed }) != after.collections.map({ $0.fixed }) {
            return violation(
                .fixed,
                "applying \(describe(d)) moved fixed entries: \(names(before.collections.map { $0.fixed })) -> \(names(after.collections.map { $0.fixed }))"
            )
        }
        var reference = before
        var warnings: [ReorderWarning<Int, Int>] = []
        let resolved = reference.applyCanonical(d, warnings: &warnings)
        if let r = resolved {
            let target = Array(after.collections[r.collection].items)
            // contiguity: the moved items stand together in T, in selection order.
            guard let start = target.firstIndex(of: r.moved[0]), start + r.moved.count <= target.count,
                Array(target[start..<(start + r.moved.count)]) == r.moved
            else {
                return violation(
                    .contiguity,
                    "applying \(describe(d)): \(names(r.moved)) should stand together in that order\(within(r.collection)), got \(names(target))"
                )
            }
            // placement: right before the resolved anchor, or at the end.
            let next = start + r.moved.count < target.count ? target[start + r.moved.count] : nil
            if next != r.anchor {
                return violation(
                    .placement,
                    "applying \(describe(d)): \(names(r.moved)) should stand \(r.anchor.map { "right before \(Format.quoted(FuzzNaming.item($0)))" } ?? "at the end")\(within(r.collection)), got \(names(target))"
                )
            }
            // stability: everything else keeps its relative order.
            let moved = Set(r.moved)
            for c in before.collections.indices
            where before.collections[c].items.filter({ !moved.contains($0) }) != after.collections[c].items.filter({ !moved.contains($0) })
            {
                return violation(
                    .stability,
                    "applying \(describe(d)): items that were not moved changed order\(within(c)): \(names(before.collections[c].items)) -> \(names(after.collections[c].items))"
                )
            }
        }
        // reference: the canonical result.
        if reference.orders != after.orders {
            return violation(.reference, "applying \(describe(d)) gave \(names(after.orders)), canonical gives \(names(reference.orders))")
        }
        // idempotence: the same difference again changes nothing.
        var again = after
        applier.apply(applier.capture(d, again), &again, &warnings)
        if again.orders != after.orders {
            return violation(.idempotence, "applying \(describe(d)) again changed \(names(after.orders)) to \(names(again.orders))")
        }
        return nil
    }
}
