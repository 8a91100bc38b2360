/// One collection of a container: a `ForEach` marked `reorderable(collectionID:)`,
/// preceded by the entries of a non-reorderable `ForEach` (`fixed`).
///
///     let todo = ReorderCollection(id: "todo", items: ["a", "b"], fixed: ["header"], capacity: 5)
///     todo.entryCount    // 3: fixed entries come first
///     todo.entry(at: 1)  // "a"
public struct ReorderCollection<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Hashable, Sendable {
    public var id: CollectionID
    /// The reorderable items, in order (chunked: see `ChunkedList`).
    public var items: ChunkedList<ItemID>
    /// Non-reorderable entries laid out before `items`; never lifted or moved.
    public var fixed: [ItemID]
    /// The most reorderable items this collection accepts from outside.
    public var capacity: Int?

    @inlinable
    public init(id: CollectionID, items: [ItemID], fixed: [ItemID] = [], capacity: Int? = nil) {
        self.id = id
        self.items = ChunkedList(items)
        self.fixed = fixed
        self.capacity = capacity
    }

    @inlinable
    public init(id: CollectionID, items: ChunkedList<ItemID>, fixed: [ItemID] = [], capacity: Int? = nil) {
        self.id = id
        self.items = items
        self.fixed = fixed
        self.capacity = capacity
    }

    /// `fixed` followed by `items`: what the layout shows.
    @inlinable public var entryCount: Int { fixed.count + items.count }

    /// The entry at `index` of `fixed + items`, without building that array.
    /// - Complexity: O(log c) for c chunks.
    @inlinable
    public func entry(at index: Int) -> ItemID {
        index < fixed.count ? fixed[index] : items[index - fixed.count]
    }

    /// The same collection with its ID and items renamed.
    /// - Complexity: O(n) for the collection's entries.
    @inlinable
    public func mapIDs<NewItemID, NewCollectionID>(
        item: (ItemID) throws -> NewItemID, collection: (CollectionID) throws -> NewCollectionID
    ) rethrows -> ReorderCollection<NewItemID, NewCollectionID> {
        ReorderCollection<NewItemID, NewCollectionID>(
            id: try collection(id), items: try items.map(item), fixed: try fixed.map(item), capacity: capacity)
    }
}

/// Where an item stands in a container.
public struct ItemLocation: Hashable, Sendable {
    /// Index of the collection in `ReorderContainer.collections`.
    public var collection: Int
    /// Index among that collection's `fixed` or `items`.
    public var index: Int
    public var isFixed: Bool

    @inlinable
    public init(collection: Int, index: Int, isFixed: Bool) {
        self.collection = collection
        self.index = index
        self.isFixed = isFixed
    }
}
