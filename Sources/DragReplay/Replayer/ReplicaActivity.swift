import DragRecording
import ReorderCore
import ReorderReplicas

/// Version 3: what the replicas did at one event, as values (the same facts
/// `replicaLines` words for `--trace`), so that `render` draws the messages
/// and each replica's data without reading text back.
///
/// A message sent and delivered within one event (quiesce's deliveries of
/// what it re-sent, automatic delivery) is only counted (`unseen`): the
/// messages in flight before and after the event are compared.
public struct ReplicaActivity: Sendable {
    /// Every replica, in the channel's order: the clients by rank, then the
    /// server in the server model.
    public var replicas: [String]
    /// The operations committed at this event.
    public var committed: [ReplicaOp<StringID, StringID?>]
    /// The messages put in flight at this event (a `duplicate`'s copy included).
    public var sent: [ReplicaMessage]
    /// The messages that left the channel at this event by a delivery.
    public var delivered: [ReplicaMessage]
    /// The messages a `lose` took out of the channel.
    public var lost: [ReplicaMessage]
    /// The groups of the partition after the event, each in the channel's
    /// order; `nil` when no link is cut.
    public var partition: [[String]]?
    /// Each replica's data after the event.
    public var data: [String: ReplicaData<StringID, StringID?>]
    /// The checks that failed at this event, in reporting order.
    public var violations: [ReplicaViolation<StringID, StringID?>]
    /// Messages sent and delivered (or dropped) within this event, which
    /// `sent` and `delivered` cannot name.
    public var unseen = 0
    /// The replica whose data and drags the step's `container` and `state`
    /// are: the one that acted, the receiver of a delivery to a client, else
    /// the first client.
    public var shown: String?

    public init(
        replicas: [String], committed: [ReplicaOp<StringID, StringID?>] = [], sent: [ReplicaMessage] = [],
        delivered: [ReplicaMessage] = [], lost: [ReplicaMessage] = [], partition: [[String]]? = nil,
        data: [String: ReplicaData<StringID, StringID?>] = [:], violations: [ReplicaViolation<StringID, StringID?>] = []
    ) {
        self.replicas = replicas
        self.committed = committed
        self.sent = sent
        self.delivered = delivered
        self.lost = lost
        self.partition = partition
        self.data = data
        self.violations = violations
    }
}

extension Replayer {
    /// What the replicas did between `before` and the system now.
    /// - Parameter lost: the event was a `lose` (what left the channel was lost, not delivered).
    /// - Complexity: O(m + r·n) for m messages in flight and r replicas of n entries.
    static func activity(
        from before: TraceSnapshot, to system: ReplicatedSystem<StringID, StringID?>, lost: Bool,
        violations: [ReplicaViolation<StringID, StringID?>], shown: String
    ) -> ReplicaActivity {
        let now = Set(system.channel.inFlight.map(\.sendNumber))
        let gone = before.inFlight.subtracting(now).sorted().map { before.messages[$0]! }
        var data: [String: ReplicaData<StringID, StringID?>] = [:]
        for id in system.channel.replicas { data[id] = system.replicaData(of: id) }
        var partition: [[String]]?
        if let groups = system.channel.groups {
            // Group numbers in first-appearance order over the channel's
            // replicas: the same partition always reads the same.
            var order: [Int] = []
            var members: [Int: [String]] = [:]
            for id in system.channel.replicas {
                guard let g = groups[id] else { continue }
                if members[g] == nil { order.append(g) }
                members[g, default: []].append(id)
            }
            partition = order.map { members[$0]! }
        }
        let sent = system.channel.inFlight.filter { !before.inFlight.contains($0.sendNumber) }
        var activity = ReplicaActivity(
            replicas: system.channel.replicas, committed: Array(system.ops.dropFirst(before.ops)), sent: sent,
            delivered: lost ? [] : gone, lost: lost ? gone : [], partition: partition, data: data, violations: violations)
        activity.unseen = system.channel.nextSendNumber - before.nextSendNumber - sent.count
        activity.shown = shown
        return activity
    }

    /// The replica a step of `event` shows (`ReplayStep.container`): the
    /// event's replica, a delivery's receiver when it is a client, else the first.
    static func shownReplica(of event: RecordedEvent, replicas: ReplicasSpec) -> String {
        if case .channel(let c) = event.kind { return shownReplica(of: c, replicas: replicas) }
        return event.replica ?? replicas.ids[0]
    }
}
