/// One action button of an open swipe row, at its frame (swipe-v1.md 2).
public struct RenderSwipeButton: Hashable, Sendable {
    /// The label shown now (a toggle shows `labelOn` while its flag is set).
    public var label: String
    public var action: String
    public var frame: RenderRect
    public var destructive: Bool

    public init(label: String, action: String, frame: RenderRect, destructive: Bool = false) {
        self.label = label
        self.action = action
        self.frame = frame
        self.destructive = destructive
    }
}
