import ReorderCore

/// The engine's data and layout as a `SwipeDataSource`: rows by ID through
/// the container's index, one frame at a time.
public struct _SwipeRows<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: SwipeDataSource {
    public let container: ReorderContainer<ItemID, CollectionID>
    public let layout: Layout<ItemID>

    @inlinable
    public init(container: ReorderContainer<ItemID, CollectionID>, layout: Layout<ItemID>) {
        self.container = container
        self.layout = layout
    }

    @inlinable
    public func status(of item: ItemID) -> SwipeRowStatus {
        guard let home = container.home(of: item) else { return .gone }
        return home.isFixed ? .fixed : .reorderable
    }

    @inlinable public func frame(of item: ItemID) -> Rect? { layout.frame(of: item, in: container) }

    @inlinable public func isOutside(_ point: Point) -> Bool { layout.isOutside(point) }

    @inlinable
    public func reorderableItems(inCollectionOf item: ItemID) -> [ItemID] {
        guard let home = container.home(of: item) else { return [] }
        return Array(container.collections[home.collection].items)
    }
}
