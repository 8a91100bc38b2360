import ReorderCore
import ReorderReplicas

/// 7.2 `arrival-order`: 4.2's messages, but a replica applies an op
/// canonically to its current data when the op's first copy arrives: no
/// causal delivery, no replay. Replicas that got concurrent ops in
/// different orders diverge.
public struct ArrivalOrderMerge<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: ReplicaMerge {
    public typealias Op = ReplicaOp<ItemID, CollectionID>

    let ids: [String]
    let order: TotalOrder
    var datas: [String: ReorderContainer<ItemID, CollectionID>] = [:]
    var applied: [String: [Op]] = [:]
    var appliedIDs: [String: Set<OpID>] = [:]

    public init(ids: [String], data: ReorderContainer<ItemID, CollectionID>) {
        self.ids = ids
        order = TotalOrder(ids: ids)
        for id in ids {
            datas[id] = data
            applied[id] = []
            appliedIDs[id] = []
        }
    }

    public var name: String { MergeBug.arrivalOrder.name }
    public var topology: ReplicaTopology { .mesh }
    public func data(of replica: String) -> ReorderContainer<ItemID, CollectionID> { datas[replica]! }
    public func integrated(at replica: String) -> Set<OpID> { appliedIDs[replica]! }

    public mutating func commit(_ op: Op, at replica: String) -> [ReplicaSend] {
        take(op, at: replica)
        return ids.filter { $0 != replica }.map { ReplicaSend(from: replica, to: $0, op: op.id) }
    }

    public mutating func receive(_ op: Op, number: Int?, from: String, at replica: String) -> [ReplicaSend] {
        take(op, at: replica)
        return []
    }

    public mutating func antiEntropy() -> [ReplicaSend] {
        TotalOrder.meshAntiEntropy(
            ids: ids, integrated: { r in applied[r]!.sorted(by: order.precedes) }, has: { appliedIDs[$0]!.contains($1) })
    }

    private mutating func take(_ op: Op, at replica: String) {
        guard appliedIDs[replica]!.insert(op.id).inserted else { return }
        applied[replica]!.append(op)
        op.apply(to: &datas[replica]!)
    }
}
