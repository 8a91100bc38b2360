/// The data a `reorderContainer` shows: collections, locks and `isEnabled`,
/// with an index from every ID to where it stands, kept in step by every
/// mutation and apply. A lookup, a lift, a delete, a lock and an anchor cost
/// O(1) expected (plus one chunk scan for a position); a canonical apply of
/// k sources costs O(k * B + k) for chunks of B items, whatever the
/// container holds. Value semantics: copying is O(1) until one copy changes.
///
///     var c = ReorderContainer(collections: [.init(id: "todo", items: ["a", "b", "c"])])
///     c.contains("b")              // true, O(1)
///     c.location(of: "c")?.index   // 2
///     var warnings: [ReorderWarning<String, String>] = []
///     c.applyCanonical(ReorderDifference(sources: ["c"], destination: .init(collectionID: "todo", position: .before("a"))),
///                      warnings: &warnings)
///     c.orders                     // [["c", "a", "b"]]
///
/// Writes go through the container's methods, so `collections` is read-only.
public struct ReorderContainer<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Sendable {
    public typealias Collection = ReorderCollection<ItemID, CollectionID>

    /// The collections, in order. Read-only: writes go through the
    /// container's methods, which keep its index in step.
    @inlinable public var collections: [Collection] { _collections }
    @usableFromInline var _collections: [Collection] { didSet { _writes &+= 1 } }
    /// Items that cannot be lifted, and whose collection refuses drops (3.3).
    public var locked: Set<ItemID> { didSet { _writes &+= 1 } }
    public var isEnabled: Bool { didSet { _writes &+= 1 } }
    /// Counts the writes to what `==` compares (collections, locks,
    /// `isEnabled`); copies start from the count of their original. Equal
    /// counts in the same value's history mean the same data, so a check can
    /// tell that a step left the data alone without holding a copy of it
    /// across the step (a held copy makes the step's own writes copy the
    /// storage they share). The didSets read no `oldValue`, so writes stay
    /// in place (SE-0268).
    @usableFromInline package var _writes: UInt = 0
    /// Every entry (fixed and reorderable) -> its collection and chunk;
    /// `nil` for a container of at most `_indexThreshold` entries, where a
    /// scan of the few entries beats hashing them (and copying a table)
    /// every time the data changes.
    @usableFromInline var _homes: [ItemID: _Home]?

    /// Containers with more entries than this keep the ID index.
    @inlinable static var _indexThreshold: Int { 48 }
    /// Per-item extent deltas, when per-item sizes are measured (see `measureExtents`).
    @usableFromInline var _deltas: [ItemID: Double]
    @usableFromInline var _measure: ItemExtents<ItemID>?
    /// Some ID stands twice. Only an applier under test makes such data (a
    /// bug the invariants report); the container still holds it, and every
    /// operation then takes the plain array path, as the spec states it.
    @usableFromInline var _irregular: Bool

    @inlinable
    public init(collections: [Collection], locked: Set<ItemID> = [], isEnabled: Bool = true) {
        _collections = collections
        self.locked = locked
        self.isEnabled = isEnabled
        _homes = nil
        _deltas = [:]
        _measure = nil
        _irregular = false
        _reindex()
    }

    /// Rebuilds the index from the collections (none for a small container,
    /// which is checked for repeated IDs by comparison instead).
    /// - Complexity: O(n), or O(n^2) for n <= `_indexThreshold`.
    @inlinable
    mutating func _reindex() {
        let n = itemCount
        if n > Self._indexThreshold {
            _buildIndex()
        } else {
            _homes = nil
            var seen: [ItemID] = []
            seen.reserveCapacity(n)
            var irregular = false
            for c in _collections.indices {
                for id in _collections[c].fixed { if seen.contains(id) { irregular = true } else { seen.append(id) } }
                for chunk in _collections[c].items._chunks {
                    for id in chunk { if seen.contains(id) { irregular = true } else { seen.append(id) } }
                }
            }
            _irregular = irregular
        }
        if !_deltas.isEmpty { for c in _collections.indices { _collections[c].items._measure(_deltas) } }
    }

    /// Builds the ID index.
    /// - Complexity: O(n).
    @inlinable
    mutating func _buildIndex() {
        var homes: [ItemID: _Home] = [:]
        homes.reserveCapacity(itemCount)
        var irregular = false
        for (c, collection) in _collections.enumerated() {
            let c32 = Int32(c)
            for id in collection.fixed where homes.updateValue(_Home(collection: c32, chunk: -1), forKey: id) != nil { irregular = true }
            for (k, chunk) in collection.items._chunks.enumerated() {
                let home = _Home(collection: c32, chunk: collection.items._names[k])
                for id in chunk where homes.updateValue(home, forKey: id) != nil { irregular = true }
            }
        }
        _homes = homes
        _irregular = irregular
    }

    /// Edits collection `c`'s reorderable items and the ID index together.
    /// The index is moved out for the edit and back: with the write count's
    /// `didSet`, `_collections[c]` is an access to the whole value, which may
    /// not overlap one to `_homes`.
    @inlinable
    mutating func _editItems<R>(
        of c: Int, _ edit: (inout ChunkedList<ItemID>, inout [ItemID: _Home]?, [ItemID: Double]) -> R
    ) -> R {
        var homes = _homes
        _homes = nil
        defer { _homes = homes }
        let deltas = _deltas
        return edit(&_collections[c].items, &homes, deltas)
    }

    /// Where `id` stands: the index, or a scan of a small container.
    /// - Complexity: O(1) expected with the index, O(n) for n <= `_indexThreshold` without.
    @inlinable
    func _home(_ id: ItemID) -> _Home? {
        if let homes = _homes { return homes[id] }
        // Indices, not `for collection in`: a collection is borrowed in
        // place, not copied out (each copy retains its storage).
        for c in _collections.indices {
            if _collections[c].fixed.contains(id) { return _Home(collection: Int32(c), chunk: -1) }
            for k in _collections[c].items._chunks.indices where _collections[c].items._chunks[k].contains(id) {
                return _Home(collection: Int32(c), chunk: _collections[c].items._names[k])
            }
        }
        return nil
    }

    // MARK: - Reading

    /// - Complexity: O(c) for c collections.
    @inlinable
    public func collectionIndex(of id: CollectionID) -> Int? {
        _collections.firstIndex { $0.id == id }
    }

    /// Whether `id` is an entry (fixed or reorderable) of any collection.
    /// - Complexity: O(1) expected.
    @inlinable public func contains(_ id: ItemID) -> Bool { _home(id) != nil }

    /// The collection of `id` and whether it is fixed, without its index.
    /// - Complexity: O(1) expected.
    @inlinable
    public func home(of id: ItemID) -> (collection: Int, isFixed: Bool)? {
        guard let h = _home(id) else { return nil }
        return (Int(h.collection), h.isFixed)
    }

    /// Where `id` stands, or `nil` when it is not in the container.
    /// - Complexity: O(B + log c): the index, then one chunk.
    @inlinable
    public func location(of id: ItemID) -> ItemLocation? {
        guard let h = _home(id) else { return nil }
        let c = Int(h.collection)
        if h.isFixed {
            guard let i = _collections[c].fixed.firstIndex(of: id) else { return nil }
            return ItemLocation(collection: c, index: i, isFixed: true)
        }
        guard let i = _collections[c].items._position(of: id, inChunkNamed: h.chunk) else { return nil }
        return ItemLocation(collection: c, index: i, isFixed: false)
    }

    /// Every item (fixed and reorderable) and where it stands.
    /// - Complexity: O(n).
    @inlinable public func locations() -> [ItemID: ItemLocation] {
        var result: [ItemID: ItemLocation] = [:]
        result.reserveCapacity(itemCount)
        for (c, collection) in _collections.enumerated() {
            for (i, id) in collection.fixed.enumerated() { result[id] = ItemLocation(collection: c, index: i, isFixed: true) }
            for (i, id) in collection.items.enumerated() { result[id] = ItemLocation(collection: c, index: i, isFixed: false) }
        }
        return result
    }

    /// Every ID, fixed and reorderable, as a set.
    /// - Complexity: O(n).
    @inlinable public func allItems() -> Set<ItemID> {
        if let homes = _homes { return Set(homes.keys) }
        var result = Set<ItemID>(minimumCapacity: itemCount)
        for collection in _collections {
            result.formUnion(collection.fixed)
            result.formUnion(collection.items)
        }
        return result
    }

    /// The number of entries, fixed and reorderable.
    /// - Complexity: O(c).
    @inlinable public var itemCount: Int {
        var n = 0
        for c in _collections.indices { n += _collections[c].fixed.count + _collections[c].items._count }
        return n
    }

    /// Whether each collection's reorderable items are `orders[c]`, without
    /// building arrays of them.
    /// - Complexity: O(n).
    @inlinable
    public func hasOrders(_ orders: [[ItemID]]) -> Bool {
        guard orders.count == _collections.count else { return false }
        for c in _collections.indices
        where _collections[c].items._count != orders[c].count || !_collections[c].items.elementsEqual(orders[c]) {
            return false
        }
        return true
    }

    /// Whether some ID is an entry twice (a state only a broken merge or a
    /// recording's data gives: the container keeps it, and its appliers
    /// take the slower path for it). Kept by every write, so a check for
    /// duplicates need not hash every entry when this is `false`.
    /// - Complexity: O(1).
    @inlinable public var hasRepeatedIDs: Bool { _irregular }

    /// `hasOrders`, byte for byte for `String` IDs (`_identicalIDs`): what
    /// the checks hold an answer to. Public for them; not API.
    /// - Complexity: O(n).
    @inlinable
    public func _hasIdenticalOrders(_ orders: [[ItemID]]) -> Bool {
        guard ItemID.self == String.self else { return hasOrders(orders) }
        guard orders.count == _collections.count else { return false }
        for c in _collections.indices
        where _collections[c].items._count != orders[c].count
            || !_collections[c].items.elementsEqual(orders[c], by: { _identicalIDs($0, $1) })
        {
            return false
        }
        return true
    }

    /// Every entry, fixed and reorderable, collection after collection.
    /// - Complexity: O(n).
    @inlinable public var entries: [ItemID] {
        var result: [ItemID] = []
        result.reserveCapacity(itemCount)
        for c in _collections.indices {
            result.append(contentsOf: _collections[c].fixed)
            for chunk in _collections[c].items._chunks { result.append(contentsOf: chunk) }
        }
        return result
    }

    /// The reorderable items of each collection, in order.
    /// - Complexity: O(n).
    @inlinable public var orders: [[ItemID]] { _collections.map { Array($0.items) } }
}

extension ReorderContainer: Hashable {
    /// The same data: collections, locks and `isEnabled` (the index follows from them).
    @inlinable
    public static func == (a: Self, b: Self) -> Bool {
        a.isEnabled == b.isEnabled && a.locked == b.locked && a._collections == b._collections
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(isEnabled)
        hasher.combine(locked)
        hasher.combine(_collections)
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
            collections: try _collections.map { try $0.mapIDs(item: item, collection: collection) }, locked: newLocked,
            isEnabled: isEnabled)
    }
}
