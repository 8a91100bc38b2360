import ReorderCore

/// A broken swipe invariant (`swipe-v1` 5): which one, and what happened,
/// in words. The names are `Invariant`'s, the one list of them.
public struct SwipeViolation: Hashable, Sendable, CustomStringConvertible {
    public var invariant: Invariant
    public var message: String

    @inlinable
    public init(_ invariant: Invariant, _ message: String) {
        self.invariant = invariant
        self.message = message
    }

    public var description: String { "\(invariant.rawValue): \(message)" }
}
