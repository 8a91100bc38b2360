/// The header's `replicas` section (format version 3, replicas-v1 1):
/// several copies of the container, each with its own sessions, and the
/// sync channel between them.
public struct ReplicasSpec: Hashable, Sendable {
    /// What data a replica shows for the operations it has.
    public enum Merge: String, CaseIterable, Hashable, Sendable {
        /// One authority (`"server"`, one more replica) applies operations
        /// in arrival order; clients apply their own at once and rebase.
        case server
        /// Peer to peer: causal delivery, one total order of operations.
        case causal
    }

    /// What the checks accept when a delete is concurrent with a move of
    /// the same item.
    public enum Deletes: String, CaseIterable, Hashable, Sendable {
        /// The delete wins (the canonical rule; both reference merges).
        case win
        /// The move may also keep the item.
        case either
    }

    /// Whether a moved block must stay whole when concurrent moves took
    /// some of its items elsewhere.
    public enum Blocks: String, CaseIterable, Hashable, Sendable {
        case whole
        /// A merge that settles each item of a multi-item drop on its own.
        case perItem = "per-item"
    }

    /// Who delivers messages.
    public enum Delivery: String, CaseIterable, Hashable, Sendable {
        /// Only the recording's `deliver` events (and `quiesce`).
        case manual
        /// Every message at its send time plus its link's latency.
        case auto
    }

    /// The client replicas, in rank order (2 to 64).
    public var ids: [String]
    public var merge: Merge
    public var deletes: Deletes
    public var blocks: Blocks
    public var delivery: Delivery
    /// Milliseconds from send to delivery on every link (`"auto"` only).
    public var latency: Int
    /// Per directed link (`"A>server"`), overriding `latency`.
    public var links: [String: Int]

    /// The name of the server replica in `"server"` mode.
    public static let server = "server"
    /// The fewest and most client replicas a recording may have.
    public static let replicaCount = 2...64

    public init(
        ids: [String], merge: Merge, deletes: Deletes = .win, blocks: Blocks = .whole, delivery: Delivery = .manual,
        latency: Int = 0, links: [String: Int] = [:]
    ) {
        self.ids = ids
        self.merge = merge
        self.deletes = deletes
        self.blocks = blocks
        self.delivery = delivery
        self.latency = latency
        self.links = links
    }

    /// Every replica of the recording: the clients, then `"server"` in
    /// `"server"` mode. Channel events and `expect.replicas` name these.
    public var all: [String] { merge == .server ? ids + [Self.server] : ids }
}
