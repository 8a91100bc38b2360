/// How a channel event names a message: the in-flight one with the lowest
/// send number whose receiver is `to` and, when given, whose sender is
/// `from` and whose op is `op` (5.1).
public struct MessageSelector: Hashable, Sendable, CustomStringConvertible {
    public var to: String
    public var from: String?
    public var op: OpID?

    public init(to: String, from: String? = nil, op: OpID? = nil) {
        self.to = to
        self.from = from
        self.op = op
    }

    /// Whether `message` matches.
    public func matches(_ message: ReplicaMessage) -> Bool {
        message.to == to && (from.map { $0 == message.from } ?? true) && (op.map { $0 == message.op } ?? true)
    }

    public var description: String {
        "to \(to)" + (from.map { " from \($0)" } ?? "") + (op.map { " op \($0)" } ?? "")
    }
}
