import ReorderCore

/// A drag session still active after an event.
///
/// Its own type because the page needs only these three facts, while the
/// engine's `DragEngine.Session` is keyed by its number elsewhere and also
/// holds the suggested operations and the rejected and external flags.
public struct RenderSession: Hashable, Sendable {
    public var number: Int
    /// The lifted items, in selection order.
    public var items: [StringID]
    /// The items still dragged (deletes and reloads remove sources for good).
    public var sources: [StringID]

    public init(number: Int, items: [StringID], sources: [StringID]) {
        self.number = number
        self.items = items
        self.sources = sources
    }
}
