import ReorderCore
import ReorderSwipe

/// Swipe state for one event: the row open after it, the presentation
/// reports it made (in order) and the action it performed.
public struct RenderSwipe: Hashable, Sendable {
    public var open: RenderSwipeRow?
    public var presentations: [PresentationReport<StringID>]
    public var performed: PerformedAction<StringID>?

    public init(
        open: RenderSwipeRow? = nil, presentations: [PresentationReport<StringID>] = [], performed: PerformedAction<StringID>? = nil
    ) {
        self.open = open
        self.presentations = presentations
        self.performed = performed
    }
}
