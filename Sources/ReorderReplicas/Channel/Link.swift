/// A directed link, `A>B`.
public struct Link: Hashable, Sendable, CustomStringConvertible {
    public var from: String
    public var to: String

    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    public var description: String { "\(from)>\(to)" }
}
