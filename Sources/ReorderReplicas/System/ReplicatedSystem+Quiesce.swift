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

extension ReplicatedSystem {
    /// `quiesce` (5.2): heal; then rounds of delivering every in-flight
    /// message, lowest send number first, including those deliveries send,
    /// followed by the merge's anti-entropy, until a round sends nothing or
    /// `maxRounds` ran (`no-quiescence`); then the checks of 6.
    /// - Complexity: the deliveries, plus the intent search (bounded by `intentBudget`).
    public mutating func quiesce() -> ReplicaQuiescence<ItemID, CollectionID> {
        channel.heal()
        var report = ReplicaEventReport<ItemID, CollectionID>()
        var rounds = 0
        var settled = false
        while rounds < maxRounds {
            rounds += 1
            while let message = channel.takeFirst() { process(message, at: now, into: &report) }
            let sends = merge.antiEntropy()
            if sends.isEmpty {
                settled = true
                break
            }
            for s in sends { channel.send(s, due: due(sentAt: now, on: Link(from: s.from, to: s.to))) }
        }
        checkAtQuiesce(into: &report)
        if !settled { report.others.append(Violation(check: .noQuiescence, replicas: replicas, data: replicas.map(replicaData(of:)))) }
        checkConvergence(into: &report)
        let intent = checkIntent(into: &report)
        return ReplicaQuiescence(rounds: rounds, settled: settled, violations: report.violations, intent: intent)
    }
}
