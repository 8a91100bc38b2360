import ReorderCore

/// A row side that can hold swipe actions, in reading order (`swipe-v1` 2):
/// the trailing edge is the right side in `ltr` and the left side in `rtl`.
///
///     SwipeEdge(dx: -30, direction: .ltr)  // .trailing
///     SwipeEdge(dx: -30, direction: .rtl)  // .leading
///     SwipeEdge.leading.rawValue           // "leading"
public enum SwipeEdge: String, CaseIterable, Hashable, Sendable {
    case leading
    case trailing

    /// The edge a swipe of `dx` points reveals (spec 3): `dx < 0` is the
    /// trailing edge in `ltr` and the leading edge in `rtl`, `dx > 0` the
    /// other one; `dx == 0` (and NaN, which is no direction) is none.
    /// - Complexity: O(1).
    @inlinable
    public init?(dx: Double, direction: LayoutDirection) {
        if dx < 0 {
            self = direction == .ltr ? .trailing : .leading
        } else if dx > 0 {
            self = direction == .ltr ? .leading : .trailing
        } else {
            return nil
        }
    }

    /// The other edge.
    /// - Complexity: O(1).
    @inlinable public var opposite: SwipeEdge { self == .leading ? .trailing : .leading }

    /// Whether this edge is the frame's right side in `direction`.
    ///
    ///     SwipeEdge.trailing.isRightSide(in: .rtl)  // false
    ///
    /// - Complexity: O(1).
    @inlinable
    public func isRightSide(in direction: LayoutDirection) -> Bool {
        (self == .trailing) == (direction == .ltr)
    }
}
