/// Swipe state for one event: the row open after it, the presentation
/// reports it made (in order) and the action it performed.
public struct RenderSwipe: Hashable, Sendable {
    public var open: RenderSwipeRow?
    public var presentations: [RenderPresentation]
    public var performed: RenderPerformedAction?

    public init(open: RenderSwipeRow? = nil, presentations: [RenderPresentation] = [], performed: RenderPerformedAction? = nil) {
        self.open = open
        self.presentations = presentations
        self.performed = performed
    }
}
