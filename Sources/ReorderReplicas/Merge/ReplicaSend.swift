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
