/// What a drop would do: the badge under the user's finger.
public enum DropOperation: String, Hashable, Sendable, CaseIterable {
    case move
    case copy
    case forbidden

    /// A set of operations, as in `DropSession.suggestedOperations`.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let move = Set(rawValue: 1 << 0)
        public static let copy = Set(rawValue: 1 << 1)
        public static let all: Set = [.move, .copy]
    }
}
