/// One message a merge sends: the op it carries (by id: the system holds
/// the op itself, which never changes), for a server broadcast its number,
/// and what the sender's own sync code put on the wire (`payload`). A
/// message of a sync protocol of its own (a state vector) carries no op.
public struct ReplicaSend: Hashable, Sendable, CustomStringConvertible {
    public var from: String
    public var to: String
    public var op: OpID?
    public var number: Int?
    public var payload: ReplicaPayload?
    /// The merge's own mark for the message, carried with it and its
    /// copies (a hosted merge remembers what a message without an op
    /// carries causally).
    public var tag: Int?

    public init(from: String, to: String, op: OpID?, number: Int? = nil, payload: ReplicaPayload? = nil, tag: Int? = nil) {
        self.from = from
        self.to = to
        self.op = op
        self.number = number
        self.payload = payload
        self.tag = tag
    }

    public var description: String {
        "\(from)>\(to) " + (op.map { "\($0)" } ?? "(no op)") + (number.map { " #\($0)" } ?? "")
    }
}
