/// Where one collection is drawn (spec 1.2): the area it owns and where its
/// entries begin along the layout's axis. `Layout.sections(frames:)` gives
/// them, so a renderer draws the core's geometry instead of deriving it.
public struct LayoutSection: Hashable, Sendable {
    /// The collection's area: a list's or grid's section from its header's
    /// top to past its last row, a board's column, an hstack's run of entries
    /// (the whole container for its one collection).
    public var area: Rect
    /// The y below a list's, grid's or board's header, the x of an hstack's
    /// section: the placeholder's place in an empty collection.
    public var contentStart: Double

    @inlinable public init(area: Rect, contentStart: Double) {
        self.area = area
        self.contentStart = contentStart
    }
}
