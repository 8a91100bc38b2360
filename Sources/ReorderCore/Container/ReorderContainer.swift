/// One collection of a container: a `ForEach` marked `reorderable(collectionID:)`,
/// preceded by the entries of a non-reorderable `ForEach` (`fixed`).
public struct ReorderCollection<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Hashable, Sendable {
    public var id: CollectionID
    /// The reorderable items, in order.
    public var items: [ItemID]
    /// Non-reorderable entries laid out before `items`; never lifted or moved.
    public var fixed: [ItemID]
    /// The most reorderable items this collection accepts from outside.
    public var capacity: Int?

    @inlinable public init(id: CollectionID, items: [ItemID], fixed: [ItemID] = [], capacity: Int? = nil) {
        self.id = id
        self.items = items
        self.fixed = fixed
        self.capacity = capacity
    }

    /// `fixed` followed by `items`: what the layout shows.
    @inlinable public var entryCount: Int { fixed.count + items.count }

    /// The entry at `index` of `fixed + items`, without building that array.
    @inlinable
    public func entry(at index: Int) -> ItemID {
        index < fixed.count ? fixed[index] : items[index - fixed.count]
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

/// The data a `reorderContainer` shows: collections, locks and `isEnabled`.
///
/// Value semantics: copying a container is O(1) until one copy is mutated.
public struct ReorderContainer<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Hashable, Sendable {
    public typealias Collection = ReorderCollection<ItemID, CollectionID>

    public var collections: [Collection]
    /// Items that cannot be lifted, and whose collection refuses drops (3.3).
    public var locked: Set<ItemID>
    public var isEnabled: Bool

    @inlinable public init(collections: [Collection], locked: Set<ItemID> = [], isEnabled: Bool = true) {
        self.collections = collections
        self.locked = locked
        self.isEnabled = isEnabled
    }

    /// - Complexity: O(c) for c collections.
    @inlinable
    public func collectionIndex(of id: CollectionID) -> Int? {
        collections.firstIndex { $0.id == id }
    }

    /// Every item (fixed and reorderable) and where it stands.
    /// - Complexity: O(n).
    @inlinable public func locations() -> [ItemID: ItemLocation] {
        var result: [ItemID: ItemLocation] = [:]
        result.reserveCapacity(itemCount)
        for (c, collection) in collections.enumerated() {
            for (i, id) in collection.fixed.enumerated() {
                result[id] = ItemLocation(collection: c, index: i, isFixed: true)
            }
            for (i, id) in collection.items.enumerated() {
                result[id] = ItemLocation(collection: c, index: i, isFixed: false)
            }
        }
        return result
    }

    /// Where `id` stands, or `nil` when it is not in the container.
    /// - Complexity: O(n); use `locations()` for many look-ups.
    @inlinable public func locate(_ id: ItemID) -> ItemLocation? {
        for (c, collection) in collections.enumerated() {
            if let i = collection.items.firstIndex(of: id) { return ItemLocation(collection: c, index: i, isFixed: false) }
            if let i = collection.fixed.firstIndex(of: id) { return ItemLocation(collection: c, index: i, isFixed: true) }
        }
        return nil
    }

    /// A membership test for `ids` against the container's items, fixed and
    /// reorderable. A few IDs are looked up by equality scans (no hashing of
    /// every item); many build one set of the items.
    /// - Complexity: O(n * m) for m <= 8 IDs, O(n + m) beyond.
    @inlinable
    func _presence(of ids: [ItemID]) -> _Presence<ItemID> {
        if ids.count > 8 { return _Presence(set: allItems(), found: []) }
        var found: [ItemID] = []
        for id in ids where locate(id) != nil { found.append(id) }
        return _Presence(set: nil, found: found)
    }

    /// Every ID, fixed and reorderable, as a set.
    /// - Complexity: O(n).
    @inlinable public func allItems() -> Set<ItemID> {
        var result = Set<ItemID>(minimumCapacity: itemCount)
        for collection in collections {
            result.formUnion(collection.fixed)
            result.formUnion(collection.items)
        }
        return result
    }

    /// The number of items, fixed and reorderable.
    public var itemCount: Int { collections.reduce(0) { $0 + $1.entryCount } }

    /// The reorderable items of each collection, in order.
    public var orders: [[ItemID]] { collections.map { $0.items } }
}

/// The answer of `ReorderContainer._presence(of:)`; `insert` keeps it current
/// as items are added.
@usableFromInline
struct _Presence<ItemID: Hashable> {
    @usableFromInline var set: Set<ItemID>?
    @usableFromInline var found: [ItemID]

    @inlinable init(set: Set<ItemID>?, found: [ItemID]) {
        self.set = set
        self.found = found
    }

    @inlinable func contains(_ id: ItemID) -> Bool {
        if let set { return set.contains(id) }
        return found.contains(id)
    }

    /// Records `id` as present; returns false when it already was.
    @inlinable mutating func insert(_ id: ItemID) -> Bool {
        if contains(id) { return false }
        if set != nil { set!.insert(id) } else { found.append(id) }
        return true
    }
}

extension ReorderCollection {
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

extension ReorderContainer {
    /// The same data with every ID renamed; locks and `isEnabled` kept.
    /// - Complexity: O(n).
    @inlinable
    public func mapIDs<NewItemID, NewCollectionID>(
        item: (ItemID) throws -> NewItemID, collection: (CollectionID) throws -> NewCollectionID
    ) rethrows -> ReorderContainer<NewItemID, NewCollectionID> {
        var newLocked = Set<NewItemID>()
        for id in locked { newLocked.insert(try item(id)) }
        return ReorderContainer<NewItemID, NewCollectionID>(
            collections: try collections.map { try $0.mapIDs(item: item, collection: collection) }, locked: newLocked,
            isEnabled: isEnabled)
    }
}
