import ReorderCore
import ReorderReplicas

/// What an `index-rebase` move carries: offsets into its target's
/// reorderable items on the origin before the move (dragrec-v1 3.4).
struct LegacyMoveOffsets: Hashable, Sendable {
    /// The sorted indices of its sources that are in the target.
    var from: [Int]
    /// The index of the anchor 3.1 resolves there; the count for `.end`.
    var to: Int
}

/// 7.5 and 7.8 `index-rebase`: 4.1, but the server applies a move by the
/// indices its origin saw (`move(fromOffsets:toOffset:)` on the target's
/// items as they are at the server), so the server's data alone drifts
/// when another op shifted them; clients apply every op canonically.
public struct IndexRebaseMerge<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: ReplicaMerge {
    private var base: ServerMerge<ItemID, CollectionID>

    public init(ids: [String], data: ReorderContainer<ItemID, CollectionID>) {
        base = ServerMerge(ids: ids, data: data, name: MergeBug.indexRebase.name) { op, data in
            guard let offsets = op.payload as? LegacyMoveOffsets, let c = op.kind.collection, let t = data.collectionIndex(of: c) else {
                op.apply(to: &data)
                return
            }
            var items = Array(data.collections[t].items)
            items.move(fromOffsets: offsets.from, toOffset: Swift.min(offsets.to, items.count))
            data.setItems(items, in: t)
        }
    }

    public var name: String { base.name }
    public var topology: ReplicaTopology { .star }
    public func data(of replica: String) -> ReorderContainer<ItemID, CollectionID> { base.data(of: replica) }
    public func integrated(at replica: String) -> Set<OpID> { base.integrated(at: replica) }
    public mutating func commit(_ op: ReplicaOp<ItemID, CollectionID>, at replica: String) -> [ReplicaSend] { base.commit(op, at: replica) }
    public mutating func antiEntropy() -> [ReplicaSend] { base.antiEntropy() }

    /// A move's offsets, from the origin's data before it.
    public func payload(for op: ReplicaOp<ItemID, CollectionID>, at replica: String) -> (any Sendable)? {
        guard let difference = op.kind.difference else { return nil }
        let data = base.data(of: replica)
        guard let t = data.collectionIndex(of: difference.destination.collectionID) else { return nil }
        let items = Array(data.collections[t].items)
        let sources = Set(op.kind.moved)
        let from = items.indices.filter { sources.contains(items[$0]) }
        let anchor = data.resolvedAnchor(of: difference)
        let to = anchor.flatMap { items.firstIndex(of: $0) } ?? items.count
        return LegacyMoveOffsets(from: from, to: to)
    }

    public mutating func receive(_ op: ReplicaOp<ItemID, CollectionID>, number: Int?, from: String, at replica: String) -> [ReplicaSend] {
        base.receive(op, number: number, from: from, at: replica)
    }
}
