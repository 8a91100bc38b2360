/// A drag session still active after an event.
///
/// Its own type because the page needs only these three facts, while the
/// engine's `DragEngine.Session` is keyed by its number elsewhere and also
/// holds the suggested operations and the rejected and external flags.
public struct RenderSession: Hashable, Sendable {
    public var number: Int
    /// The lifted items, in selection order.
    public var items: [String]
    /// The items still dragged (deletes and reloads remove sources for good).
    public var sources: [String]

    public init(number: Int, items: [String], sources: [String]) {
        self.number = number
        self.items = items
        self.sources = sources
    }
}
