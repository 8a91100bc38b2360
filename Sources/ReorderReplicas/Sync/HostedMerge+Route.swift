extension HostedMerge {
    /// Puts what `sender`'s code sends on the channel, after 8.3's checks
    /// (for hosted code; the model's replicas are trusted): the receiver is
    /// another replica of the recording (`nil`, every client, only from the
    /// server), a named op is one the sender committed or received, and a
    /// server's number is the next one for an op it numbers first, the
    /// same one after. A message without an op remembers what its sender
    /// had integrated (6.0 for an app that gives no `integrated`).
    /// - Complexity: O(s * r) for s messages.
    mutating func route(_ messages: [SyncMessage], from sender: String) -> [ReplicaSend] {
        var sends: [ReplicaSend] = []
        for m in messages {
            if hosted.contains(sender), let problem = problem(with: m, from: sender) {
                fail(sender, SyncFailure(.appProtocol, problem))
                return []
            }
            var tag: Int?
            if m.op == nil {
                tag = carried.count + 1
                carried[tag!] = integrated(at: sender)
            }
            let receivers = m.to.map { [$0] } ?? ids
            for to in receivers {
                sends.append(ReplicaSend(from: sender, to: to, op: m.op, number: m.number, payload: m.payload, tag: tag))
            }
        }
        return sends
    }

    /// What is wrong with one message of hosted code, or `nil`.
    mutating func problem(with m: SyncMessage, from sender: String) -> String? {
        if let to = m.to {
            if !replicas.contains(to) { return "a message to \"\(to)\", which is not a replica of this recording" }
            if to == sender { return "a message from \"\(sender)\" to itself" }
        } else if sender != serverReplica {
            return "a message without a receiver (only the server broadcasts to every client)"
        }
        guard let op = m.op else {
            return m.number == nil ? nil : "a message with a number (\(m.number!)) but no op"
        }
        if !known[sender]!.contains(op) { return "a message carrying \(op), which \"\(sender)\" never committed or received" }
        guard sender == serverReplica, topology == .star else {
            return m.number == nil ? nil : "a number (\(m.number!)) on a message of a client; only the server numbers ops"
        }
        guard let number = m.number else { return "the server's message carrying \(op) has no number" }
        if let first = numbers[op] {
            if number != first { return "the server numbered \(op) \(first), and now sends it as number \(number)" }
        } else {
            if number != nextNumber { return "number \(number) for \(op) is out of sequence: the next number is \(nextNumber)" }
            numbers[op] = number
            nextNumber += 1
        }
        return nil
    }
}
