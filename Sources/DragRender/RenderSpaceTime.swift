import ReorderCore

// What the page's space-time diagram draws of a replicated run: the
// operations (a dot on their replica's lane), the messages (an arrow from
// lane to lane), the partitions (shaded steps) and the failed checks
// (their operations highlighted). Steps are the document's step indices.

/// One message on one directed link, from the step that sent it to the
/// step that delivered or lost it.
public struct RenderMessage: Hashable, Sendable {
    public var sendNumber: Int
    public var from: String
    public var to: String
    /// The operation it carries, e.g. `A#1`; empty for a message of an
    /// app's own sync protocol (a state vector), which carries none.
    public var op: String
    /// The server's number for the op, on a message from the server.
    public var number: Int?
    /// The step that put it in flight.
    public var sentStep = 0
    /// The step that delivered or lost it; `nil` while in flight.
    public var endStep: Int?
    public var lost = false
    /// The send number of the earlier message it repeats (same link, op and
    /// number): a `duplicate`'s copy, or a re-send.
    public var copyOf: Int?

    public init(sendNumber: Int, from: String, to: String, op: String, number: Int? = nil) {
        self.sendNumber = sendNumber
        self.from = from
        self.to = to
        self.op = op
        self.number = number
    }
}

/// One operation a replica committed.
public struct RenderReplicaOp: Hashable, Sendable {
    /// `A#3`.
    public var id: String
    public var replica: String
    /// `move`, `insert` or `delete`.
    public var kind: String
    /// The items it moved, inserted or deleted.
    public var items: [StringID]
    public var step = 0

    public init(id: String, replica: String, kind: String, items: [StringID]) {
        self.id = id
        self.replica = replica
        self.kind = kind
        self.items = items
    }
}

/// A partition, from the step that made it to the one that replaced or healed it.
public struct RenderPartition: Hashable, Sendable {
    /// The groups; a replica in none is cut from everyone.
    public var groups: [[String]]
    public var firstStep: Int
    /// The step with another partition or none; `nil`: never healed.
    public var endStep: Int?

    public init(groups: [[String]], firstStep: Int, endStep: Int? = nil) {
        self.groups = groups
        self.firstStep = firstStep
        self.endStep = endStep
    }
}

/// A replica check that failed, with what it blames.
public struct RenderReplicaViolation: Hashable, Sendable {
    /// `conservation`, `convergence`, `intent` or `no-quiescence`.
    public var check: String
    public var replicas: [String]
    /// The item a conservation finding names.
    public var item: StringID?
    /// The operations it names (for intent: every operation).
    public var ops: [String]
    /// For intent: a smallest set of operations that cannot be explained together.
    public var blame: [String]
    public var step = 0

    public init(check: String, replicas: [String], item: StringID? = nil, ops: [String], blame: [String] = []) {
        self.check = check
        self.replicas = replicas
        self.item = item
        self.ops = ops
        self.blame = blame
    }
}
