import ReorderCore
import ReorderReplicas

/// 7.7 `ack-by-any`: 4.1, but a client that applies any number drops all
/// its pending ops (it takes any broadcast for its acknowledgement).
public struct AckByAnyMerge<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: ReplicaMerge {
    private var base: ServerMerge<ItemID, CollectionID>

    public init(ids: [String], data: ReorderContainer<ItemID, CollectionID>) { base = ServerMerge(ids: ids, data: data) }

    public var name: String { MergeBug.ackByAny.name }
    public var topology: ReplicaTopology { .star }
    public func data(of replica: String) -> ReorderContainer<ItemID, CollectionID> { base.data(of: replica) }
    public func integrated(at replica: String) -> Set<OpID> { base.integrated(at: replica) }
    public mutating func commit(_ op: ReplicaOp<ItemID, CollectionID>, at replica: String) -> [ReplicaSend] { base.commit(op, at: replica) }
    public mutating func antiEntropy() -> [ReplicaSend] { base.antiEntropy() }

    public mutating func receive(_ op: ReplicaOp<ItemID, CollectionID>, number: Int?, from: String, at replica: String) -> [ReplicaSend] {
        let k = base.clients[replica]?.k
        let sends = base.receive(op, number: number, from: from, at: replica)
        if let k, let now = base.clients[replica]?.k, now > k { base.dropPending(of: replica) }
        return sends
    }
}
