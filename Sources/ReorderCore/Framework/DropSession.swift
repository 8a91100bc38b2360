/// What `dropConfiguration` is asked with, continuously during a drag.
public struct DropSession: Hashable, Sendable {
    /// The drag location, in the drop destination's local coordinate space.
    public var location: Point
    /// What the drag source is willing to do.
    public var suggestedOperations: DropOperation.Set
    /// How many items are being dragged.
    public var itemsCount: Int
    /// The size of the destination view.
    public var size: Size

    @inlinable public init(location: Point, suggestedOperations: DropOperation.Set, itemsCount: Int, size: Size) {
        self.location = location
        self.suggestedOperations = suggestedOperations
        self.itemsCount = itemsCount
        self.size = size
    }
}
