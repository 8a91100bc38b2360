extension ReorderContainer {
    /// Inserts `items` into collection `c` at `index` among its reorderable
    /// items (`nil` or past the end: the end). IDs that already exist, or
    /// repeat within `items`, are skipped and returned.
    /// - Complexity: O(B + k) for k items (plus O(c) when a chunk splits).
    @discardableResult
    @inlinable
    public mutating func insert(_ items: [ItemID], into c: Int, at index: Int?) -> [ItemID] {
        defer { _checkInvariants() }
        var block: [ItemID] = []
        var skipped: [ItemID] = []
        block.reserveCapacity(items.count)
        var added = Set<ItemID>(minimumCapacity: items.count)
        for id in items {
            if _home(id) != nil || !added.insert(id).inserted { skipped.append(id) } else { block.append(id) }
        }
        if block.isEmpty { return skipped }
        let count = _collections[c].items.count
        _editItems(of: c) { $0._insert(block, at: Swift.min(index ?? count, count), collection: Int32(c), homes: &$1, deltas: $2) }
        if _homes == nil && itemCount > Self._indexThreshold { _buildIndex() }
        return skipped
    }

    /// Inserts `items` right before `anchor` in collection `c`, or at the end
    /// when the anchor is `nil`, gone, or not among that collection's
    /// reorderable items (an external drop, 2.1). Existing IDs are skipped
    /// and returned.
    /// - Complexity: O(B + k).
    @discardableResult
    @inlinable
    public mutating func insert(_ items: [ItemID], into c: Int, before anchor: ItemID?) -> [ItemID] {
        var index: Int?
        if let anchor, let h = _home(anchor), Int(h.collection) == c, !h.isFixed {
            index = _collections[c].items._position(of: anchor, inChunkNamed: h.chunk)
        }
        return insert(items, into: c, at: index)
    }

    /// Deletes `items` wherever they stand (fixed entries too); a deleted
    /// item is no longer locked. Returns the IDs that were not there.
    /// - Complexity: O(k * B) for k items.
    @discardableResult
    @inlinable
    public mutating func delete(_ items: [ItemID]) -> [ItemID] {
        defer { _checkInvariants() }
        var missing: [ItemID] = []
        if _irregular {
            let gone = Set(items.filter { _home($0) != nil })
            missing = items.filter { _home($0) == nil }
            var all = _collections
            for c in all.indices {
                all[c].items = ChunkedList(all[c].items.filter { !gone.contains($0) })
                all[c].fixed.removeAll { gone.contains($0) }
            }
            _collections = all
            _reindex()
            locked.subtract(gone)
            return missing
        }
        for id in items {
            guard let h = _home(id) else {
                missing.append(id)
                continue
            }
            _homes?.removeValue(forKey: id)
            let c = Int(h.collection)
            if h.isFixed {
                _collections[c].fixed.removeAll { $0 == id }
            } else {
                _editItems(of: c) { _ = $0._remove(id, fromChunkNamed: h.chunk, collection: h.collection, homes: &$1, deltas: $2) }
            }
            locked.remove(id)
        }
        return missing
    }

    /// Replaces all data, `fixed` and `capacity` included (a `reload`);
    /// locks and `isEnabled` stay as they are.
    /// - Complexity: O(n).
    @inlinable
    public mutating func replaceCollections(_ newCollections: [Collection]) {
        defer { _checkInvariants() }
        _collections = newCollections
        _reindex()
    }

    /// Sets each collection's reorderable items to `orders[c]`: how an
    /// applier that works on arrays (an app's own `apply`) hands back its
    /// result. Collections past `orders.count` keep their items. The result
    /// may be anything the code under test produced, duplicates included.
    /// - Complexity: O(n).
    @inlinable
    public mutating func setOrders(_ orders: [[ItemID]]) {
        defer { _checkInvariants() }
        for c in _collections.indices where c < orders.count { _collections[c].items = ChunkedList(orders[c]) }
        _reindex()
    }

    /// Sets a collection's capacity (`nil`: none).
    @inlinable
    public mutating func setCapacity(_ capacity: Int?, in c: Int) { _collections[c].capacity = capacity }

    /// Sets one collection's reorderable items (the legacy offsets path).
    /// - Complexity: O(n).
    @inlinable
    public mutating func setItems(_ items: [ItemID], in c: Int) {
        defer { _checkInvariants() }
        _collections[c].items = ChunkedList(items)
        _reindex()
    }

    /// Measures per-item sizes (a list's `heights`, a stack's `widths`), so
    /// hit testing finds a slot in O(log n) instead of summing every entry.
    /// `sizes` are the items' extents along the axis, `uniform` everyone
    /// else's. `DragEngine` calls it from its layout.
    /// - Complexity: O(n).
    @inlinable
    public mutating func measureExtents(_ sizes: [ItemID: Double], uniform: Double) {
        defer { _checkInvariants() }
        let measure = ItemExtents(sizes: sizes, uniform: uniform)
        if measure == _measure { return }
        _measure = sizes.isEmpty ? nil : measure
        var deltas: [ItemID: Double] = [:]
        for (id, size) in sizes where size != uniform { deltas[id] = size - uniform }
        _deltas = deltas
        for c in _collections.indices { _collections[c].items._measure(deltas) }
    }

    /// The per-item sizes being measured, if any.
    @inlinable public var measuredExtents: ItemExtents<ItemID>? { _measure }
}

/// Per-item sizes along a layout's axis, as a container measures them.
public struct ItemExtents<ItemID: Hashable & Sendable>: Hashable, Sendable {
    public var sizes: [ItemID: Double]
    public var uniform: Double
    @inlinable public init(sizes: [ItemID: Double], uniform: Double) {
        self.sizes = sizes
        self.uniform = uniform
    }
}
