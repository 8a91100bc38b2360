import ReorderCore

/// 4.2, `causal`: peer to peer. A committed op goes to every other replica;
/// each integrates ops in causal order (`CausalLog`) and shows the header's
/// data with every integrated op replayed canonically in the total order
/// (timestamp, rank, seq). Two replicas that integrated the same ops show
/// the same data, whatever the arrival order.
public struct CausalMerge<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: ReplicaMerge {
    public typealias Container = ReorderContainer<ItemID, CollectionID>
    public typealias Op = ReplicaOp<ItemID, CollectionID>

    public let ids: [String]
    public let header: Container
    private var logs: [String: CausalLog<ItemID, CollectionID>] = [:]
    private var datas: [String: Container] = [:]

    public init(ids: [String], data: Container) {
        self.ids = ids
        header = data
        let order = TotalOrder(ids: ids)
        for id in ids {
            logs[id] = CausalLog(order: order)
            datas[id] = data
        }
    }

    public var name: String { "causal" }
    public var topology: ReplicaTopology { .mesh }
    public func data(of replica: String) -> Container { datas[replica]! }
    /// - Complexity: O(1) (the set is kept).
    public func integrated(at replica: String) -> Set<OpID> { logs[replica]!.integrated }
    /// The replica's integrated ops in the total order.
    public func log(of replica: String) -> CausalLog<ItemID, CollectionID> { logs[replica]! }

    /// Integrates the own op (its causal past is integrated by definition)
    /// and applies it: it sorts last, so this equals the replay.
    /// - Complexity: O(k * B + k), plus one message per other replica.
    public mutating func commit(_ op: Op, at replica: String) -> [ReplicaSend] {
        _ = integrate(op, at: replica)
        return ids.filter { $0 != replica }.map { ReplicaSend(from: replica, to: $0, op: op.id) }
    }

    /// - Complexity: O(k * B) when the ops integrated sort last, else a
    ///   replay, O(m * (k * B + n)) for m integrated ops.
    public mutating func receive(_ op: Op, number: Int?, from: String, at replica: String) -> [ReplicaSend] {
        _ = integrate(op, at: replica)
        return []
    }

    /// - Complexity: O(r^2 * m).
    public mutating func antiEntropy() -> [ReplicaSend] {
        TotalOrder.meshAntiEntropy(ids: ids, integrated: { logs[$0]!.ordered }, has: { logs[$0]!.integrated.contains($1) })
    }

    private mutating func integrate(_ op: Op, at replica: String) -> Bool {
        let (new, appended) = logs[replica]!.add(op)
        if new.isEmpty { return false }
        if appended {
            for op in new { op.apply(to: &datas[replica]!) }
        } else {
            var data = header
            for op in logs[replica]!.ordered { op.apply(to: &data) }
            datas[replica] = data
        }
        return true
    }
}
