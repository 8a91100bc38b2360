/// A message a replica's code sends: to one replica, or (`to == nil`, the
/// server only) to every client; with the op it carries and, from the
/// server, that op's number; and its payload, carried byte for byte.
public struct SyncMessage: Hashable, Sendable {
    /// The receiver; `nil`: every client (a server's broadcast).
    public var to: String?
    /// The op it carries, when it carries one (a retransmission, a
    /// broadcast); `nil` for a message of the code's own protocol.
    public var op: OpID?
    /// A server's number for `op` (4.1).
    public var number: Int?
    public var payload: ReplicaPayload?

    public init(to: String?, op: OpID? = nil, number: Int? = nil, payload: ReplicaPayload? = nil) {
        self.to = to
        self.op = op
        self.number = number
        self.payload = payload
    }
}

/// What a replica's code answers to a commit or a delivery: the payload of
/// the op it committed (a commit only), and the messages it sends now.
public struct SyncOutput: Hashable, Sendable {
    public var payload: ReplicaPayload?
    public var send: [SyncMessage]

    public init(payload: ReplicaPayload? = nil, send: [SyncMessage] = []) {
        self.payload = payload
        self.send = send
    }
}

/// A message reaching a replica: its sender, the op it carries (with the
/// op's ID fields, timestamp and version vector: code that claims a
/// reference model may read them; code with a wire format of its own reads
/// `payload` only), the server's number, and the payload.
public struct SyncDelivery<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Sendable {
    public var from: String
    public var op: ReplicaOp<ItemID, CollectionID>?
    public var number: Int?
    public var payload: ReplicaPayload?

    public init(from: String, op: ReplicaOp<ItemID, CollectionID>?, number: Int?, payload: ReplicaPayload?) {
        self.from = from
        self.op = op
        self.number = number
        self.payload = payload
    }
}

/// A failure of a replica's code that is not a refusal: what an app host
/// throws for a timeout, a crash or a protocol error (8.3). Any other
/// error a `SyncReplica` throws is an `app-error`.
public struct SyncFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// `appError`, `appTimeout`, `appCrash` or `appProtocol`.
    public var check: ReplicaCheck
    public var message: String

    public init(_ check: ReplicaCheck, _ message: String) {
        self.check = check
        self.message = message
    }

    public var description: String { "\(check.rawValue): \(message)" }
}
