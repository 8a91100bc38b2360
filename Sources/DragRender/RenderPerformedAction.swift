/// A swipe action performed at an event.
public struct RenderPerformedAction: Hashable, Sendable {
    public var item: String
    public var action: String

    public init(item: String, action: String) {
        self.item = item
        self.action = action
    }
}
