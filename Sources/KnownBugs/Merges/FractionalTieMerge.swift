import ReorderCore
import ReorderReplicas

/// 7.4 `fractional-tie`: fractional keys applied as 4.2 applies ops (causal
/// delivery, every integrated op's writes replayed in the total order),
/// equal keys by item ID. It converges, but two blocks dropped into one gap
/// get the same keys and interleave.
public struct FractionalTieMerge<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: ReplicaMerge {
    public typealias Op = ReplicaOp<ItemID, CollectionID>

    let ids: [String]
    let start: FractionalKeys<ItemID, CollectionID>
    var logs: [String: CausalLog<ItemID, CollectionID>] = [:]
    var states: [String: FractionalKeys<ItemID, CollectionID>] = [:]

    public init(ids: [String], data: ReorderContainer<ItemID, CollectionID>) {
        self.ids = ids
        start = FractionalKeys(header: data, tieByID: true)
        for id in ids {
            logs[id] = CausalLog(order: TotalOrder(ids: ids))
            states[id] = start
        }
    }

    public var name: String { MergeBug.fractionalTie.name }
    public var topology: ReplicaTopology { .mesh }
    public func data(of replica: String) -> ReorderContainer<ItemID, CollectionID> { states[replica]!.data }
    public func integrated(at replica: String) -> Set<OpID> { logs[replica]!.integrated }
    public func payload(for op: Op, at replica: String) -> (any Sendable)? { states[replica]!.writes(for: op) }

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
        for op in appended ? new : logs[replica]!.ordered { state.apply(op) }
        states[replica] = state
    }
}
