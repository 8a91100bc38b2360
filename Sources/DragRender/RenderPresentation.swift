/// One `onPresentationChanged` report made at an event.
public struct RenderPresentation: Hashable, Sendable {
    public var item: String
    /// `true` when the row's actions appeared, `false` when dismissed.
    public var shown: Bool

    public init(item: String, shown: Bool) {
        self.item = item
        self.shown = shown
    }
}
