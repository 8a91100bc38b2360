import ReorderCore
import ReorderReplicas

/// 7.1 `delete-insert`: 4.2's delivery and total order, but a move is a
/// delete of its items' elements and an insert of new copies (the
/// Automerge/Yjs workaround; Kleppmann 2020 fig. 2). Two concurrent moves
/// of one item each insert a copy: the item ends up twice.
public struct DeleteInsertMerge<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: ReplicaMerge {
    public typealias Op = ReplicaOp<ItemID, CollectionID>
    typealias Container = ReorderContainer<ItemID, CollectionID>

    /// A list element: the op that inserted it (`nil`: the header's `h`) and its item.
    struct Element: Hashable, Sendable {
        var op: OpID?
        var item: ItemID
    }

    /// What an op records at commit from its origin.
    struct Payload: Sendable {
        /// The elements of its sources (a move) or items (a delete).
        var kill: Set<Element>
        /// The element of the anchor 3.1 resolves (a move) or of `before` (an insert).
        var at: Element?
    }

    /// One replica's elements per collection, and its fixed entries.
    struct Elements: Sendable {
        var items: [[Element]]
        var fixed: [[ItemID]]
    }

    let ids: [String]
    let header: Container
    let start: Elements
    var logs: [String: CausalLog<ItemID, CollectionID>] = [:]
    var states: [String: Elements] = [:]

    public init(ids: [String], data: ReorderContainer<ItemID, CollectionID>) {
        self.ids = ids
        header = data
        start = Elements(
            items: data.collections.map { $0.items.map { Element(op: nil, item: $0) } }, fixed: data.collections.map(\.fixed))
        for id in ids {
            logs[id] = CausalLog(order: TotalOrder(ids: ids))
            states[id] = start
        }
    }

    public var name: String { MergeBug.deleteInsert.name }
    public var topology: ReplicaTopology { .mesh }
    public func integrated(at replica: String) -> Set<OpID> { logs[replica]!.integrated }

    /// The items of the elements, duplicates and all.
    public func data(of replica: String) -> ReorderContainer<ItemID, CollectionID> {
        let state = states[replica]!
        var data = header
        data.replaceCollections(
            header.collections.indices.map { c in
                let h = header.collections[c]
                return ReorderCollection(id: h.id, items: state.items[c].map(\.item), fixed: state.fixed[c], capacity: h.capacity)
            })
        return data
    }

    public func payload(for op: Op, at replica: String) -> (any Sendable)? {
        let state = states[replica]!
        let data = data(of: replica)
        let named = Set(op.kind.moved + op.kind.deleted)
        let kill = Set(state.items.joined().filter { named.contains($0.item) })
        var anchor: ItemID?
        if let difference = op.kind.difference { anchor = data.resolvedAnchor(of: difference) } else { anchor = op.kind.anchor }
        var at: Element?
        if let anchor, let c = op.kind.collection, let t = data.collectionIndex(of: c) {
            at = state.items[t].first { $0.item == anchor }
        }
        return Payload(kill: kill, at: at)
    }

    public mutating func commit(_ op: Op, at replica: String) -> [ReplicaSend] {
        integrate(op, at: replica)
        return ids.filter { $0 != replica }.map { ReplicaSend(from: replica, to: $0, op: op.id) }
    }

    public mutating func receive(_ op: Op, number: Int?, from: String, at replica: String) -> [ReplicaSend] {
        integrate(op, at: replica)
        return []
    }

    public mutating func antiEntropy() -> [ReplicaSend] {
        TotalOrder.meshAntiEntropy(ids: ids, integrated: { logs[$0]!.ordered }, has: { logs[$0]!.integrated.contains($1) })
    }

    private mutating func integrate(_ op: Op, at replica: String) {
        let (new, appended) = logs[replica]!.add(op)
        if new.isEmpty { return }
        var state = appended ? states[replica]! : start
        for op in appended ? new : logs[replica]!.ordered { apply(op, to: &state) }
        states[replica] = state
    }

    /// Removes the `kill` elements (a delete also its fixed entries), then
    /// inserts a new element per source or item before `at` in T.
    private func apply(_ op: Op, to state: inout Elements) {
        guard let payload = op.payload as? Payload else { return }
        for c in state.items.indices { state.items[c].removeAll { payload.kill.contains($0) } }
        if case .delete(let items) = op.kind {
            for c in state.fixed.indices { state.fixed[c].removeAll { items.contains($0) } }
            return
        }
        guard let c = op.kind.collection, let t = header.collectionIndex(of: c) else { return }
        let fresh = op.kind.items.map { Element(op: op.id, item: $0) }
        let index = payload.at.flatMap { at in state.items[t].firstIndex(of: at) } ?? state.items[t].count
        state.items[t].insert(contentsOf: fresh, at: index)
    }
}
