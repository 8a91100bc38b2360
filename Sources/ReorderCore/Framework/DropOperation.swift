/// What a drop would do: the badge under the user's finger.
public enum DropOperation: String, Hashable, Sendable, CaseIterable {
    case move
    case copy
    case forbidden

    /// A set of operations, as in `DropSession.suggestedOperations`.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

        // Computed and inlinable, not stored: a stored static is reached
        // through a lazy-initialisation check (`swift_once`), on every move.
        @inlinable public static var move: Set { Set(rawValue: 1 << 0) }
        @inlinable public static var copy: Set { Set(rawValue: 1 << 1) }
        @inlinable public static var all: Set { Set(rawValue: 1 << 0 | 1 << 1) }

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
