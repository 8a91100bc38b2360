import ReorderCore

/// One collection after an event: a list section, a grid section, the stack,
/// or a board column.
public struct RenderCollection: Hashable, Sendable {
    /// `nil` for the single unnamed collection.
    public var id: StringID?
    public var capacity: Int?
    /// The region the collection occupies (header included), drawn behind its
    /// entries and highlighted when it is the hit target.
    public var area: Rect
    /// `fixed` entries first, then the reorderable items, in order.
    public var entries: [RenderEntry]

    public init(id: StringID?, capacity: Int? = nil, area: Rect, entries: [RenderEntry]) {
        self.id = id
        self.capacity = capacity
        self.area = area
        self.entries = entries
    }
}
