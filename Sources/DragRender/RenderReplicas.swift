/// Version 3 (replicas): the run's channel as the space-time diagram draws
/// it, gathered event by event: every operation at the step that committed
/// it, every message from the step that sent it to the step that delivered
/// or lost it, every partition over the steps it held, every failed check.
/// The steps carry each replica's data where it changed
/// (`RenderStep.replicaData`).
///
/// - Complexity: O(1) per message sent, delivered or lost, plus O(r·n) per
///   event to find which of r replicas of n entries changed.
public struct RenderReplicas: Hashable, Sendable {
    /// The lanes: clients by rank, then the server.
    public private(set) var replicas: [String]
    public private(set) var ops: [RenderReplicaOp] = []
    /// In send-number order.
    public private(set) var messages: [RenderMessage] = []
    public private(set) var partitions: [RenderPartition] = []
    public private(set) var violations: [RenderReplicaViolation] = []
    /// `[step, count]` of the steps that sent and delivered messages within
    /// themselves (`RenderReplicaEvent.unseen`).
    public private(set) var unseen: [Unseen] = []

    public struct Unseen: Hashable, Sendable {
        public var step: Int
        public var count: Int

        public init(step: Int, count: Int) {
            self.step = step
            self.count = count
        }
    }
    /// Where each message in flight is in `messages`.
    private var inFlight: [Int: Int] = [:]
    /// The first message on each link with each op and number: what a later copy repeats.
    private var firstOfKind: [String: Int] = [:]
    /// Each replica's data as the last step left it.
    private var last: [String: [RenderReplicaData.Collection]]

    /// - Parameter initial: the data every replica starts with (the header's).
    init(replicas: [String], initial: RenderData) {
        self.replicas = replicas
        let collections = initial.collections.map {
            RenderReplicaData.Collection(id: $0.id, fixed: $0.fixed, items: Array($0.items))
        }
        last = Dictionary(uniqueKeysWithValues: replicas.map { ($0, collections) })
    }

    /// Files the event as happening at `step`; returns the data of the
    /// replicas it changed, for the step to carry.
    mutating func record(_ e: RenderReplicaEvent, step: Int) -> [RenderReplicaData] {
        for var op in e.committed {
            op.step = step
            ops.append(op)
        }
        for var m in e.sent {
            m.sentStep = step
            let kind = "\(m.from)>\(m.to) \(m.op) \(m.number.map(String.init) ?? "-")"
            if let first = firstOfKind[kind] { m.copyOf = messages[first].sendNumber } else { firstOfKind[kind] = messages.count }
            inFlight[m.sendNumber] = messages.count
            messages.append(m)
        }
        for n in e.delivered { if let k = inFlight.removeValue(forKey: n) { messages[k].endStep = step } }
        for n in e.lost {
            guard let k = inFlight.removeValue(forKey: n) else { continue }
            messages[k].endStep = step
            messages[k].lost = true
        }
        let held = partitions.last?.endStep == nil ? partitions.last?.groups : nil
        if held != e.partition {
            if let k = partitions.indices.last, partitions[k].endStep == nil { partitions[k].endStep = step }
            if let groups = e.partition { partitions.append(RenderPartition(groups: groups, firstStep: step)) }
        }
        if e.unseen > 0 { unseen.append(Unseen(step: step, count: e.unseen)) }
        for var v in e.violations {
            v.step = step
            violations.append(v)
        }
        var changed: [RenderReplicaData] = []
        for d in e.data where last[d.replica] != d.collections {
            last[d.replica] = d.collections
            changed.append(d)
        }
        return changed
    }
}
