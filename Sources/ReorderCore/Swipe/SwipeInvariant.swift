/// The swipe invariants of `swipe-v1` 5, named as the spec names them.
///
///     SwipeInvariant(rawValue: "fresh-labels")  // .freshLabels
///     SwipeInvariant.allCases.map(\.rawValue)    // ["one-open", "presentation", ...]
public enum SwipeInvariant: String, CaseIterable, Hashable, Sendable {
    /// At most one row is open.
    case oneOpen = "one-open"
    /// Each item's reports alternate, starting with `true`; a row is open
    /// exactly when its last report is `true`.
    case presentation
    /// After a `scroll`, a `tap` or a `lift`, no row is open.
    case dismissal
    /// A performed action changes only its own item.
    case actionTarget = "action-target"
    /// The labels shown equal those derived from the current flags.
    case freshLabels = "fresh-labels"
    /// An open row stays open on the same item across data changes that
    /// keep it a present reorderable item.
    case identity
    /// The edge a gesture opens follows the direction rule, in `ltr` and `rtl`.
    case edge
}

/// A broken invariant: which one, and what happened, in words.
public struct SwipeViolation: Hashable, Sendable, CustomStringConvertible {
    public var invariant: SwipeInvariant
    public var message: String

    @inlinable
    public init(_ invariant: SwipeInvariant, _ message: String) {
        self.invariant = invariant
        self.message = message
    }

    public var description: String { "\(invariant.rawValue): \(message)" }
}
