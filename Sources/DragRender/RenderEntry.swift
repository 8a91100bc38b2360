import ReorderCore

/// One entry of a collection (fixed or reorderable item) at its frame.
///
/// Its own type because the core keeps frames (`Layout.frames(in:)`) apart
/// from the entries: the SVG draws both together.
public struct RenderEntry: Hashable, Sendable {
    public var id: StringID
    public var frame: Rect
    /// Part of the non-reorderable `ForEach` before the items (spec 1.1).
    public var fixed: Bool
    public var locked: Bool

    public init(id: StringID, frame: Rect, fixed: Bool = false, locked: Bool = false) {
        self.id = id
        self.frame = frame
        self.fixed = fixed
        self.locked = locked
    }
}
