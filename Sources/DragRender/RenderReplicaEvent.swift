import ReorderCore

/// Version 3 (replicas): what the replicas did at one event, in the
/// renderer's plain values: the replay computed it (`ReplicaActivity`), the
/// builder files it into the document's `RenderReplicas` and the steps'
/// replica data, the page draws it.
public struct RenderReplicaEvent: Hashable, Sendable {
    /// Every replica, clients by rank, then the server (the diagram's lanes).
    public var replicas: [String]
    /// Operations committed here (their `step` is set by the builder).
    public var committed: [RenderReplicaOp]
    /// Messages put in flight here (their steps are set by the builder).
    public var sent: [RenderMessage]
    /// Send numbers of the messages delivered here.
    public var delivered: [Int]
    /// Send numbers of the messages a `lose` took here.
    public var lost: [Int]
    /// The partition's groups after the event; `nil`: no link cut.
    public var partition: [[String]]?
    /// Each replica's data after the event.
    public var data: [RenderReplicaData]
    /// The replica checks that failed here (their `step` is set by the builder).
    public var violations: [RenderReplicaViolation]
    /// Messages sent and delivered within this event (quiesce's re-sends):
    /// counted, not drawn, since the replay cannot name them.
    public var unseen = 0
    /// The replica the event's own drawing (`RenderEvent.data`) shows.
    public var shown: String?

    public init(
        replicas: [String], committed: [RenderReplicaOp] = [], sent: [RenderMessage] = [], delivered: [Int] = [],
        lost: [Int] = [], partition: [[String]]? = nil, data: [RenderReplicaData] = [], violations: [RenderReplicaViolation] = []
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

    /// Whether the event did anything the diagram draws besides the data:
    /// a move that did nothing else may then join a run of moves.
    public var isQuiet: Bool {
        committed.isEmpty && sent.isEmpty && delivered.isEmpty && lost.isEmpty && violations.isEmpty && unseen == 0
    }
}

/// One replica's data: per collection its fixed entries, then its items.
public struct RenderReplicaData: Hashable, Sendable {
    public struct Collection: Hashable, Sendable {
        public var id: StringID?
        public var fixed: [StringID]
        public var items: [StringID]

        public init(id: StringID?, fixed: [StringID] = [], items: [StringID]) {
            self.id = id
            self.fixed = fixed
            self.items = items
        }
    }

    public var replica: String
    public var collections: [Collection]

    public init(replica: String, collections: [Collection]) {
        self.replica = replica
        self.collections = collections
    }
}
