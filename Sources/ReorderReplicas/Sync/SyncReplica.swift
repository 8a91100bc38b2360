import ReorderCore

/// Sync code under test, in process: one replica of the user's own sync
/// (a client that rebases, a server with a position column, a CRDT
/// wrapped in the app's model). The tool commits each local change
/// through it, carries what it puts on the wire through the channel (delayed,
/// reordered, duplicated, lost, partitioned, as the recording or the
/// nemesis says), hands it what reaches it, asks it to repair at
/// anti-entropy, and checks its data against every other replica's.
///
/// One instance plays one replica for one case; instances share nothing
/// (the tool makes one per replica with `SyncSetup`). A thrown error is an
/// `app-error` finding at the event that caused it.
///
///     final class MyClient: SyncReplica {
///         var data: ReorderContainer<StringID, StringID?>
///         func commit(_ op: ReplicaOp<StringID, StringID?>, change: LocalChange<StringID, StringID?>) throws -> SyncOutput {
///             apply(change)                       // what the app does on a drop
///             return SyncOutput(payload: ReplicaPayload(encode(change)))
///         }
///         func receive(_ delivery: SyncDelivery<StringID, StringID?>) throws -> SyncOutput {
///             integrate(decode(delivery.payload!))  // what the app does on a sync
///             return SyncOutput()
///         }
///         func resend() throws -> [SyncMessage] { unacknowledged.map { ... } }
///     }
public protocol SyncReplica<ItemID, CollectionID>: AnyObject {
    associatedtype ItemID: Hashable & Sendable
    associatedtype CollectionID: Hashable & Sendable

    /// The replica's data now, as its screen would show it.
    var data: ReorderContainer<ItemID, CollectionID> { get }
    /// Every op this replica has integrated (replicas-v1 6.0), or `nil` to
    /// let the tool count: an op is integrated once a message carrying it
    /// reached this replica, and a message without an op carries every op
    /// its sender had integrated when it sent it.
    var integrated: Set<OpID>? { get }
    /// A local change on this replica (a drop, a deferred apply, a
    /// relocate, an insert, a delete): apply it, and say what goes on the
    /// wire. The tool sends `payload` with the op as the topology says (to
    /// the server; or to every other replica), then `send`.
    func commit(_ op: ReplicaOp<ItemID, CollectionID>, change: LocalChange<ItemID, CollectionID>) throws -> SyncOutput
    /// A message reaches this replica.
    func receive(_ delivery: SyncDelivery<ItemID, CollectionID>) throws -> SyncOutput
    /// Anti-entropy: what this replica sends now to repair what the channel
    /// lost (a retransmission, a state vector); empty when it believes
    /// nothing is missing. The quiet period ends when every replica
    /// answers empty and nothing is in flight.
    func resend() throws -> [SyncMessage]
    /// Starts `receive(delivery)` and returns what finishes it. At quiesce
    /// the tool starts the deliveries of a round to different replicas,
    /// then finishes them in order: code in another process (an app)
    /// writes its request here and reads the answer when finished, so the
    /// replicas work at once. The default receives when finished.
    func startReceive(_ delivery: SyncDelivery<ItemID, CollectionID>) -> () throws -> SyncOutput
    /// Starts `resend()` and returns what finishes it: every replica's
    /// anti-entropy is started before the first is finished, as
    /// `startReceive`. The default resends when finished.
    func startResend() -> () throws -> [SyncMessage]
}

extension SyncReplica {
    public var integrated: Set<OpID>? { nil }

    public func startReceive(_ delivery: SyncDelivery<ItemID, CollectionID>) -> () throws -> SyncOutput {
        { try self.receive(delivery) }
    }

    public func startResend() -> () throws -> [SyncMessage] { { try self.resend() } }
}

/// What the tool tells a replica's code when a case starts.
public struct SyncSetup<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Sendable {
    /// The replica it plays: a client's id, or `serverReplica`.
    public var replica: String
    /// The client replicas, in rank order.
    public var replicas: [String]
    /// The topology and, for code that claims it, the model: `server` (a
    /// star through `serverReplica`) or `causal` (every client to every other).
    public var model: ReplicaModel
    /// The conflict semantics the recording declares (`deletes`, `blocks`).
    public var options: ReplicaOptions
    /// The data every replica starts with.
    public var data: ReorderContainer<ItemID, CollectionID>

    public init(
        replica: String, replicas: [String], model: ReplicaModel, options: ReplicaOptions, data: ReorderContainer<ItemID, CollectionID>
    ) {
        self.replica = replica
        self.replicas = replicas
        self.model = model
        self.options = options
        self.data = data
    }
}
