import ReorderCore

/// A swipe-related event of a recording (`swipe-v1` 3). Data mutations are
/// not here: the engine applies them and calls `SwipeModel.dataChanged(geometry:)`.
///
///     model.handle(.swipe(item: "b", dx: -80), geometry: rows)
public enum SwipeEvent<ItemID: Hashable & Sendable>: Hashable, Sendable {
    /// `dx` is the finger's horizontal travel of this gesture; negative is leftwards.
    case swipe(item: ItemID, dx: Double)
    /// `dy` does not matter to the rules: any scroll closes the open row.
    case scroll(dy: Double)
    case tap(Point)
    /// The lift of any drag session, accepted or rejected.
    case lift

    /// The event's `type` in a recording.
    @inlinable
    public var name: String {
        switch self {
        case .swipe: "swipe"
        case .scroll: "scroll"
        case .tap: "tap"
        case .lift: "lift"
        }
    }

    /// A `scroll`, a `tap` or a `lift`: after it no row is open (`dismissal`).
    @inlinable
    public var dismisses: Bool {
        if case .swipe = self { return false }
        return true
    }
}
