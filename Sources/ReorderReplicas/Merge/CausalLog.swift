/// One replica's causal delivery (4.2 steps 2 and 3): the ops it has
/// integrated, kept in the total order, and those waiting for their causal
/// past. An op is integrated once every op its version vector names and
/// its origin's previous op are; a copy of an op integrated or waiting is
/// ignored. Shared by `CausalMerge` and the merges that replay ops the way
/// 4.2 does.
public struct CausalLog<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Sendable {
    public typealias Op = ReplicaOp<ItemID, CollectionID>

    public let order: TotalOrder
    /// The integrated ops, in the total order.
    public private(set) var ordered: [Op] = []
    /// Their ids.
    public private(set) var integrated: Set<OpID> = []
    /// Per origin, the highest seq integrated (contiguous from 1).
    public private(set) var highestSeq: [String: Int] = [:]
    /// Arrived, not yet integrated.
    public private(set) var waiting: [Op] = []

    public init(order: TotalOrder) { self.order = order }

    /// Whether a copy of `id` would be ignored.
    /// - Complexity: O(w) for w waiting ops.
    public func knows(_ id: OpID) -> Bool { integrated.contains(id) || waiting.contains { $0.id == id } }

    /// Takes one arriving op; returns the ops integrated because of it, in
    /// the order they were integrated, and whether each sorted after every
    /// op integrated before it (then applying them in turn equals a replay).
    /// - Complexity: O(w^2 * r + m) for w waiting ops, r replicas and m ops.
    public mutating func add(_ op: Op) -> (integrated: [Op], appended: Bool) {
        if knows(op.id) { return ([], true) }
        waiting.append(op)
        var done: [Op] = []
        var appended = true
        var progress = true
        while progress {
            progress = false
            for (i, candidate) in waiting.enumerated() where isDeliverable(candidate) {
                waiting.remove(at: i)
                if let last = ordered.last, !order.precedes(last, candidate) { appended = false }
                insertOrdered(candidate)
                done.append(candidate)
                progress = true
                break
            }
        }
        return (done, appended)
    }

    private func isDeliverable(_ op: Op) -> Bool {
        if (highestSeq[op.id.origin] ?? 0) != op.id.seq - 1 { return false }
        for (replica, seq) in op.versionVector where (highestSeq[replica] ?? 0) < seq { return false }
        return true
    }

    private mutating func insertOrdered(_ op: Op) {
        let index = ordered.firstIndex { order.precedes(op, $0) } ?? ordered.count
        ordered.insert(op, at: index)
        integrated.insert(op.id)
        highestSeq[op.id.origin] = op.id.seq
    }
}
