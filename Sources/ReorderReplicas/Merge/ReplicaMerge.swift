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

    /// Commits `op`, made from `change`, on its origin: what the system
    /// calls. Code under test hears the local request itself (an `apply`,
    /// an `insert`); the default forwards to `commit(_:at:)`.
    mutating func commit(_ op: ReplicaOp<ItemID, CollectionID>, change: LocalChange<ItemID, CollectionID>, at replica: String)
        -> [ReplicaSend]
    /// A message reaches its receiver: what the system calls. `op` is the
    /// op it carries (`nil` for a message without one); the default hands
    /// a message with an op to `receive(_:number:from:at:)` and drops the rest.
    mutating func receive(_ message: ReplicaMessage, op: ReplicaOp<ItemID, CollectionID>?) -> [ReplicaSend]
    /// Messages to distinct receivers, in send order, as `receive(_:op:)`
    /// one after the other would take them: each one's sends, or `nil`
    /// from the one at which the merge stopped (that one and those after
    /// it had no effect the run goes on with). The default is that loop; a
    /// merge hosting code in other processes overlaps their work.
    mutating func receive(round: [(message: ReplicaMessage, op: ReplicaOp<ItemID, CollectionID>?)]) -> [[ReplicaSend]?]
    /// What the merge found on its own since the last call, in the order
    /// found: a failure of the code under test, a `reference` mismatch.
    /// The reference models find nothing.
    mutating func takeFindings() -> [ReplicaViolation<ItemID, CollectionID>]
    /// Whether the merge cannot go on (code under test failed): the run
    /// ends at the event that found it.
    var isStopped: Bool { get }
    /// Whether the merge is the code under test's own (an app's `merge-own`):
    /// an op that changes nothing on its origin is then inert (8.1).
    var isOwnMerge: Bool { get }
}

extension ReplicaMerge {
    public func payload(for op: ReplicaOp<ItemID, CollectionID>, at replica: String) -> (any Sendable)? { nil }

    public mutating func commit(
        _ op: ReplicaOp<ItemID, CollectionID>, change: LocalChange<ItemID, CollectionID>, at replica: String
    ) -> [ReplicaSend] {
        commit(op, at: replica)
    }

    public mutating func receive(_ message: ReplicaMessage, op: ReplicaOp<ItemID, CollectionID>?) -> [ReplicaSend] {
        guard let op else { return [] }
        return receive(op, number: message.number, from: message.from, at: message.to)
    }

    public mutating func receive(round: [(message: ReplicaMessage, op: ReplicaOp<ItemID, CollectionID>?)]) -> [[ReplicaSend]?] {
        var results: [[ReplicaSend]?] = []
        for (message, op) in round {
            if isStopped {
                results.append(nil)
                continue
            }
            let sends = receive(message, op: op)
            results.append(isStopped ? nil : sends)
        }
        return results
    }

    public mutating func takeFindings() -> [ReplicaViolation<ItemID, CollectionID>] { [] }
    public var isStopped: Bool { false }
    public var isOwnMerge: Bool { false }
}
