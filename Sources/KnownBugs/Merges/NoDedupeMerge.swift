import ReorderCore
import ReorderReplicas

/// 7.6 `no-dedupe`: 4.1, but an op the server already applied is applied
/// again (numbered and broadcast) when another copy arrives.
public struct NoDedupeMerge<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: ReplicaMerge {
    private var base: ServerMerge<ItemID, CollectionID>

    public init(ids: [String], data: ReorderContainer<ItemID, CollectionID>) { base = ServerMerge(ids: ids, data: data) }

    public var name: String { MergeBug.noDedupe.name }
    public var topology: ReplicaTopology { .star }
    public func data(of replica: String) -> ReorderContainer<ItemID, CollectionID> { base.data(of: replica) }
    public func integrated(at replica: String) -> Set<OpID> { base.integrated(at: replica) }
    public mutating func commit(_ op: ReplicaOp<ItemID, CollectionID>, at replica: String) -> [ReplicaSend] { base.commit(op, at: replica) }
    public mutating func antiEntropy() -> [ReplicaSend] { base.antiEntropy() }

    public mutating func receive(_ op: ReplicaOp<ItemID, CollectionID>, number: Int?, from: String, at replica: String) -> [ReplicaSend] {
        if replica == serverReplica && base.serverApplied(op.id) { return base.applyNew(op) }
        return base.receive(op, number: number, from: from, at: replica)
    }
}
