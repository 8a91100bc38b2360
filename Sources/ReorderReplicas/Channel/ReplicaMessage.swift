/// One copy of an op (or of a server broadcast) in flight on one link.
public struct ReplicaMessage: Hashable, Sendable, CustomStringConvertible {
    /// 1, 2, ... across the run, in the order the sends happen.
    public var sendNumber: Int
    public var from: String
    public var to: String
    /// The op it carries; `nil` for a message of a sync protocol of the
    /// sender's own (a state vector).
    public var op: OpID?
    /// The server number of a 4.1 broadcast.
    public var number: Int?
    /// In `auto` delivery, when it is due (ms); `nil` in `manual`.
    public var due: Double?
    /// What the sender's sync code put on the wire, byte for byte.
    public var payload: ReplicaPayload?
    /// The sending merge's mark (see `ReplicaSend.tag`).
    public var tag: Int?

    public init(
        sendNumber: Int, from: String, to: String, op: OpID?, number: Int? = nil, due: Double? = nil, payload: ReplicaPayload? = nil,
        tag: Int? = nil
    ) {
        self.sendNumber = sendNumber
        self.from = from
        self.to = to
        self.op = op
        self.number = number
        self.due = due
        self.payload = payload
        self.tag = tag
    }

    public var link: Link { Link(from: from, to: to) }

    public var description: String {
        "message \(sendNumber) \(from)>\(to) " + (op.map { "\($0)" } ?? "(no op)") + (number.map { " #\($0)" } ?? "")
    }
}
