import ReorderCore

/// One action button of an open swipe row, at its frame (swipe-v1.md 2).
///
/// Its own type because it joins what the core keeps apart: the action
/// (`SwipeAction`), the label shown at this step and the frame
/// `SwipeConfiguration.buttonFrame` computes.
public struct RenderSwipeButton: Hashable, Sendable {
    /// The label shown now (a toggle shows `labelOn` while its flag is set).
    public var label: String
    public var action: String
    public var frame: Rect
    public var destructive: Bool

    public init(label: String, action: String, frame: Rect, destructive: Bool = false) {
        self.label = label
        self.action = action
        self.frame = frame
        self.destructive = destructive
    }
}
