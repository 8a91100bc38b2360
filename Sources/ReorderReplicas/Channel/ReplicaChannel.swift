/// The sync channel (replicas-v1 5.1): the in-flight set, with send
/// numbers, and the partition that cuts links. It only holds messages; the
/// system delivers them to the merge.
public struct ReplicaChannel: Hashable, Sendable {
    /// The messages in flight, by ascending send number.
    public private(set) var inFlight: [ReplicaMessage] = []
    /// The send number the next send gets.
    public private(set) var nextSendNumber = 1
    /// Each replica's group under the current partition; `nil` when healed.
    public private(set) var groups: [String: Int]?
    /// Every replica (clients and, in 4.1, the server).
    public let replicas: [String]

    public init(replicas: [String]) { self.replicas = replicas }

    /// Whether the link is cut: both ends not in one group of the partition.
    /// - Complexity: O(1) expected.
    public func isCut(_ link: Link) -> Bool {
        guard let groups else { return false }
        guard let a = groups[link.from], let b = groups[link.to] else { return true }
        return a != b
    }

    /// Puts a message in flight.
    /// - Complexity: O(1) amortised.
    @discardableResult
    public mutating func send(_ s: ReplicaSend, due: Double? = nil) -> ReplicaMessage {
        let message = ReplicaMessage(
            sendNumber: nextSendNumber, from: s.from, to: s.to, op: s.op, number: s.number, due: due, payload: s.payload, tag: s.tag)
        nextSendNumber += 1
        inFlight.append(message)
        return message
    }

    /// The index of the message `selector` names, cut link or not.
    /// - Complexity: O(f) for f messages in flight.
    public func find(_ selector: MessageSelector) throws(ChannelError) -> Int {
        guard let i = inFlight.firstIndex(where: selector.matches) else { throw .noMatchingMessage(selector) }
        return i
    }

    /// Takes the named message out for delivery; a cut link is an error.
    /// - Complexity: O(f).
    public mutating func takeForDelivery(_ selector: MessageSelector) throws(ChannelError) -> ReplicaMessage {
        let i = try find(selector)
        if isCut(inFlight[i].link) { throw .deliverOnCutLink(inFlight[i]) }
        return inFlight.remove(at: i)
    }

    /// Loses the named message (cut links too).
    /// - Complexity: O(f).
    @discardableResult
    public mutating func lose(_ selector: MessageSelector) throws(ChannelError) -> ReplicaMessage {
        inFlight.remove(at: try find(selector))
    }

    /// Adds a second copy of the named message, with a new send number and
    /// the original's due time.
    /// - Complexity: O(f).
    @discardableResult
    public mutating func duplicate(_ selector: MessageSelector) throws(ChannelError) -> ReplicaMessage {
        let original = inFlight[try find(selector)]
        return send(
            ReplicaSend(
                from: original.from, to: original.to, op: original.op, number: original.number, payload: original.payload, tag: original.tag
            ),
            due: original.due)
    }

    /// Replaces any partition: links between different groups are cut, and
    /// a replica in no group is cut from every other.
    /// - Complexity: O(r).
    public mutating func partition(_ newGroups: [[String]]) throws(ChannelError) {
        var map: [String: Int] = [:]
        for (g, group) in newGroups.enumerated() {
            for r in group {
                if !replicas.contains(r) { throw .unknownReplica(r) }
                if map.updateValue(g, forKey: r) != nil { throw .repeatedInPartition(r) }
            }
        }
        groups = map
    }

    /// No link is cut.
    public mutating func heal() { groups = nil }

    /// Takes the lowest send number in flight (5.2 step 2).
    /// - Complexity: O(f).
    public mutating func takeFirst() -> ReplicaMessage? { inFlight.isEmpty ? nil : inFlight.removeFirst() }

    /// Takes the lowest send numbers in flight up to, not including, the
    /// first whose receiver is already among them: messages that
    /// `takeFirst` would hand out one after the other, none of which can
    /// depend on another's delivery (each goes to its own replica).
    /// - Complexity: O(f + k) for k taken.
    public mutating func takeRound() -> [ReplicaMessage] {
        var receivers = Set<String>()
        var k = 0
        while k < inFlight.count, receivers.insert(inFlight[k].to).inserted { k += 1 }
        defer { inFlight.removeFirst(k) }
        return Array(inFlight.prefix(k))
    }

    /// In `auto` delivery: takes the message due at or before `time` on a
    /// link that is not cut, earliest due first, then lowest send number.
    /// - Complexity: O(f).
    public mutating func takeDue(atOrBefore time: Double) -> ReplicaMessage? {
        var best: Int?
        for (i, m) in inFlight.enumerated() {
            guard let due = m.due, due <= time, !isCut(m.link) else { continue }
            if let b = best, inFlight[b].due! <= due { continue }
            best = i
        }
        return best.map { inFlight.remove(at: $0) }
    }
}
