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

        /// The members' names, `move` before `copy`: a recording's `ops`,
        /// the app protocol's `ops`.
        ///
        ///     DropOperation.Set.all.names  // ["move", "copy"]
        ///
        /// - Complexity: O(1).
        @inlinable public var names: [String] {
            (contains(.move) ? [DropOperation.move.rawValue] : []) + (contains(.copy) ? [DropOperation.copy.rawValue] : [])
        }
    }
}
