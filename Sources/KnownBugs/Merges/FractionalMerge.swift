import ReorderCore
import ReorderReplicas

/// 7.3 `fractional`: fractional keys written at commit, applied when an
/// op's first copy arrives; equal keys in the order each replica wrote
/// them, with no tie-break, so two drops into one gap diverge.
public struct FractionalMerge<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: ReplicaMerge {
    public typealias Op = ReplicaOp<ItemID, CollectionID>

    let ids: [String]
    let order: TotalOrder
    var states: [String: FractionalKeys<ItemID, CollectionID>] = [:]
    var applied: [String: [Op]] = [:]
    var appliedIDs: [String: Set<OpID>] = [:]

    public init(ids: [String], data: ReorderContainer<ItemID, CollectionID>) {
        self.ids = ids
        order = TotalOrder(ids: ids)
        for id in ids {
            states[id] = FractionalKeys(header: data, tieByID: false)
            applied[id] = []
            appliedIDs[id] = []
        }
    }

    public var name: String { MergeBug.fractional.name }
    public var topology: ReplicaTopology { .mesh }
    public func data(of replica: String) -> ReorderContainer<ItemID, CollectionID> { states[replica]!.data }
    public func integrated(at replica: String) -> Set<OpID> { appliedIDs[replica]! }
    public func payload(for op: Op, at replica: String) -> (any Sendable)? { states[replica]!.writes(for: op) }

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
        states[replica]!.apply(op)
    }
}
