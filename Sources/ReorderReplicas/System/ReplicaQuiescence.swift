/// What `quiesce` found: the rounds it took, whether the channel settled,
/// every violation and warning in reporting order (6.6), and the intent
/// search's cost per distinct data checked.
public struct ReplicaQuiescence<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Sendable {
    /// Rounds run (steps 2 and 3 of 5.2).
    public var rounds: Int
    public var settled: Bool
    /// Failures and warnings (`intent-undecided`), in the order of 6.6.
    public var violations: [ReplicaViolation<ItemID, CollectionID>]
    /// Per distinct data, in replica order: the intent search's result.
    public var intent: [IntentResult]

    /// The failures only (no warnings).
    public var failures: [ReplicaViolation<ItemID, CollectionID>] { violations.filter { !$0.isWarning } }
    /// The checks that failed, each once, in reporting order.
    public var failedChecks: [ReplicaCheck] {
        var seen: [ReplicaCheck] = []
        for v in failures where !seen.contains(v.check) { seen.append(v.check) }
        return seen
    }
}
