/// 4.2's total order of ops: (Lamport timestamp, rank of the origin in the
/// header's `ids`, seq). It extends causality: an op that knew another
/// sorts after it.
public struct TotalOrder: Hashable, Sendable {
    /// Each replica's rank: its index in `ids`.
    public let rank: [String: Int]

    public init(ids: [String]) {
        var rank: [String: Int] = [:]
        for (i, id) in ids.enumerated() { rank[id] = i }
        self.rank = rank
    }

    /// Whether `a` sorts before `b`.
    /// - Complexity: O(1) expected.
    public func precedes<I, C>(_ a: ReplicaOp<I, C>, _ b: ReplicaOp<I, C>) -> Bool {
        if a.lamport != b.lamport { return a.lamport < b.lamport }
        let ra = rank[a.id.origin] ?? Int.max
        let rb = rank[b.id.origin] ?? Int.max
        if ra != rb { return ra < rb }
        return a.id.seq < b.id.seq
    }

    /// 4.2's anti-entropy (5.2 step 3): for each ordered pair (r, q), r
    /// major, both in `ids` order, r sends q every op r has integrated and
    /// q has not, in this order. Shared by every mesh merge.
    /// - Complexity: O(r^2 * m) for r replicas and m ops.
    public static func meshAntiEntropy<I, C>(
        ids: [String], integrated: (String) -> [ReplicaOp<I, C>], has: (String, OpID) -> Bool
    ) -> [ReplicaSend] {
        var sends: [ReplicaSend] = []
        for r in ids {
            let ops = integrated(r)
            for q in ids where q != r {
                for op in ops where !has(q, op.id) { sends.append(ReplicaSend(from: r, to: q, op: op.id)) }
            }
        }
        return sends
    }
}
