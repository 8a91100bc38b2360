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
            while !merge.isStopped, !channel.inFlight.isEmpty { process(round: channel.takeRound(), at: now, into: &report) }
            // A resend is not meant to change data, but code under test may.
            for id in replicas { changeCounts[id, default: 0] += 1 }
            let sends = merge.isStopped ? [] : merge.antiEntropy()
            report.others += merge.takeFindings()
            if merge.isStopped {
                // The code under test failed: its failure is the verdict, and
                // no check of data it may not have finished changing follows.
                return ReplicaQuiescence(rounds: rounds, settled: false, violations: report.violations, intent: [])
            }
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
