import ReorderCore

/// The name of the extra replica of the `server` model (4.1).
public let serverReplica = "server"

/// A merge model: the rule that says what data each replica shows for the
/// ops it has, and what it sends when it commits, receives, or is asked to
/// repair (anti-entropy). The two reference models (`ServerMerge`,
/// `CausalMerge`), the known-buggy merges and, later, an app-backed replica
/// all stand behind it; `ReplicatedSystem` plays the channel, keeps the ops
/// and runs the checks around any of them.
///
/// A merge never sees the channel: it returns the messages it sends, and
/// the system puts them in flight, delivers, loses or duplicates them.
public protocol ReplicaMerge<ItemID, CollectionID>: Sendable {
    associatedtype ItemID: Hashable & Sendable
    associatedtype CollectionID: Hashable & Sendable

    /// A short kebab-case name (`server`, `causal`, `delete-insert`).
    var name: String { get }
    /// Star through `serverReplica`, or every client to every other.
    var topology: ReplicaTopology { get }
    /// The replica's current data.
    func data(of replica: String) -> ReorderContainer<ItemID, CollectionID>
    /// The ops integrated at the replica (6.0): never a held op or number.
    func integrated(at replica: String) -> Set<OpID>
    /// What the op carries besides its ID fields, computed at commit from
    /// the origin's state before the op (keys, offsets); `nil` for none.
    func payload(for op: ReplicaOp<ItemID, CollectionID>, at replica: String) -> (any Sendable)?
    /// Commits `op` on its origin `replica`: applies it at once and
    /// returns the messages sent.
    mutating func commit(_ op: ReplicaOp<ItemID, CollectionID>, at replica: String) -> [ReplicaSend]
    /// A message reaches `replica`: `op` carried, with the server's
    /// `number` in 4.1's broadcasts. Returns the messages it sends in turn.
    mutating func receive(_ op: ReplicaOp<ItemID, CollectionID>, number: Int?, from: String, at replica: String) -> [ReplicaSend]
    /// One anti-entropy step (5.2 step 3): every message the replicas send
    /// to repair what the channel lost, in the model's order; empty when
    /// nothing is missing.
    mutating func antiEntropy() -> [ReplicaSend]
}

extension ReplicaMerge {
    public func payload(for op: ReplicaOp<ItemID, CollectionID>, at replica: String) -> (any Sendable)? { nil }
}

/// Who talks to whom.
public enum ReplicaTopology: String, Hashable, Sendable {
    /// Every client talks to the server only (4.1).
    case star
    /// Every replica talks to every other (4.2).
    case mesh
}

/// One message a merge sends: the op it carries (by id: the system holds
/// the op itself, which never changes) and, for a server broadcast, its
/// number.
public struct ReplicaSend: Hashable, Sendable, CustomStringConvertible {
    public var from: String
    public var to: String
    public var op: OpID
    public var number: Int?

    public init(from: String, to: String, op: OpID, number: Int? = nil) {
        self.from = from
        self.to = to
        self.op = op
        self.number = number
    }

    public var description: String { "\(from)>\(to) \(op)" + (number.map { " #\($0)" } ?? "") }
}

/// The two reference models of replicas-v1 4.
public enum ReplicaModel: String, Hashable, Sendable, CaseIterable {
    /// 4.1: server arrival order.
    case server
    /// 4.2: peer to peer, causal delivery, replay in (timestamp, rank, seq) order.
    case causal

    /// The model's merge for `ids` starting from `data`.
    public func merge<ItemID, CollectionID>(ids: [String], data: ReorderContainer<ItemID, CollectionID>) -> any ReplicaMerge<
        ItemID, CollectionID
    > {
        switch self {
        case .server: ServerMerge(ids: ids, data: data)
        case .causal: CausalMerge(ids: ids, data: data)
        }
    }
}
