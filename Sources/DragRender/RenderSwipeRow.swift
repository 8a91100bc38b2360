import ReorderCore

/// The open swipe row after an event.
///
/// Its own type because `SwipeOpenRow` names only the item and the edge; the
/// page also needs the buttons laid out (`RenderSwipeButton`).
public struct RenderSwipeRow: Hashable, Sendable {
    public var item: StringID
    /// `leading` or `trailing`.
    public var edge: String
    public var buttons: [RenderSwipeButton]

    public init(item: StringID, edge: String, buttons: [RenderSwipeButton]) {
        self.item = item
        self.edge = edge
        self.buttons = buttons
    }
}
