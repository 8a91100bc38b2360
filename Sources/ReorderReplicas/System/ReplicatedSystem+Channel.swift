extension ReplicatedSystem {
    /// `deliver`: the receiver gets the named message now (5.1). An input
    /// error when no message matches or its link is cut.
    /// - Complexity: O(f) for f messages in flight, plus the merge's work.
    @discardableResult
    public mutating func deliver(_ selector: MessageSelector) throws(ChannelError) -> [Violation] {
        let message = try channel.takeForDelivery(selector)
        var report = ReplicaEventReport<ItemID, CollectionID>()
        process(message, at: now, into: &report)
        return report.violations
    }

    /// `lose`: the named message leaves the set undelivered (cut links too).
    /// - Complexity: O(f).
    public mutating func lose(_ selector: MessageSelector) throws(ChannelError) { try channel.lose(selector) }

    /// `duplicate`: a second copy with a new send number (cut links too);
    /// in `auto` delivery it is due when the original is.
    /// - Complexity: O(f).
    public mutating func duplicate(_ selector: MessageSelector) throws(ChannelError) { try channel.duplicate(selector) }

    /// `partition`: replaces any earlier partition.
    /// - Complexity: O(r).
    public mutating func partition(_ groups: [[String]]) throws(ChannelError) { try channel.partition(groups) }

    /// `heal`: no link is cut.
    public mutating func heal() { channel.heal() }

    /// Before an event at `time`: sets the clock and, in `auto` delivery,
    /// delivers every due message on a link that is not cut, earliest due
    /// first, then lowest send number, including the messages those
    /// deliveries send when they fall due by `time` (5.3). In `manual`
    /// delivery it only sets the clock. Call it before every event.
    /// - Complexity: O(d * f) for d deliveries and f messages in flight.
    @discardableResult
    public mutating func advance(to time: Double) -> [Violation] {
        now = Swift.max(now, time)
        var report = ReplicaEventReport<ItemID, CollectionID>()
        if case .auto = options.delivery {
            while !merge.isStopped, let message = channel.takeDue(atOrBefore: now) { process(message, at: message.due!, into: &report) }
        }
        return report.violations
    }

    /// Hands a message to its receiver's merge, puts what it sends in
    /// flight (due at `time`, when the delivery happens, plus their
    /// latency: a due message's due time in `auto` delivery, the clock for
    /// an explicit `deliver` and at quiesce), and checks the receiver's data:
    /// a round of one.
    mutating func process(_ message: ReplicaMessage, at time: Double, into report: inout ReplicaEventReport<ItemID, CollectionID>) {
        process(round: [message], at: time, into: &report)
    }

    /// Each message of a round (`ReplicaChannel.takeRound`),
    /// the merge overlapping their receivers' work: the same sends, checks
    /// and findings, in the same order, as processing them one by one.
    mutating func process(
        round messages: [ReplicaMessage], at time: Double, into report: inout ReplicaEventReport<ItemID, CollectionID>
    ) {
        if merge.isStopped { return }
        // A message carrying an op the system does not know is dropped, unread.
        let carried = messages.map { m in m.op.flatMap(op(_:)) }
        let round = zip(messages, carried).filter { $0.0.op == nil || $0.1 != nil }.map { (message: $0.0, op: $0.1) }
        for (message, _) in round { changeCounts[message.to, default: 0] += 1 }
        let results = merge.receive(round: round)
        report.others += merge.takeFindings()
        for ((message, _), sends) in zip(round, results) {
            guard let sends else { return }
            for s in sends { channel.send(s, due: due(sentAt: time, on: Link(from: s.from, to: s.to))) }
            checkAfterChange(of: message.to, into: &report)
        }
    }
}
