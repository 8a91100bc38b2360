/// What a canonical apply resolved: the moved block and where it went.
public struct ResolvedMove<ItemID: Hashable & Sendable>: Hashable, Sendable {
    /// S of 3.1: sources present and not fixed, deduplicated, in D's order.
    public var moved: [ItemID]
    /// The index of the target collection.
    public var collection: Int
    /// The resolved anchor (3.1 step 3), `nil` for the end.
    public var anchor: ItemID?

    @inlinable public init(moved: [ItemID], collection: Int, anchor: ItemID?) {
        self.moved = moved
        self.collection = collection
        self.anchor = anchor
    }
}

extension ReorderContainer {
    /// Applies `difference` with the canonical rule of spec 3.1.
    ///
    ///     // items a b c d; sources [b], before d  ->  a c b d
    ///     // items a b c d; sources [c, b], before c  ->  c is a source, so the
    ///     //   anchor is the first non-source after it, d  ->  a c b d
    ///
    /// Returns what it resolved, or `nil` when nothing changed (no source
    /// present, or an unknown collection).
    ///
    /// - Complexity: O(k * B + k) for k sources and chunks of B items: each
    ///   source is found through the index and removed from its chunk, and
    ///   the block goes into the anchor's chunk. No item is visited unless it
    ///   shares a chunk with a source or the anchor, and nothing is copied.
    @discardableResult
    @inlinable
    public mutating func applyCanonical(
        _ difference: ReorderDifference<ItemID, CollectionID>,
        warnings: inout [ReorderWarning<ItemID, CollectionID>]
    ) -> ResolvedMove<ItemID>? {
        defer { _checkInvariants() }
        if difference.sources.isEmpty { return nil }
        // 2. T, before anything is touched.
        guard let t = collectionIndex(of: difference.destination.collectionID) else {
            warnings.append(.unknownCollection(difference.destination.collectionID))
            return nil
        }
        if _irregular { return _applyCanonicalOnArrays(difference, target: t, warnings: &warnings) }
        // 1. S: sources present and not fixed, first occurrence kept, in D's order.
        let moved = Self._firstOccurrences(of: difference.sources) { _home($0).map { !$0.isFixed } == true }
        if moved.isEmpty { return nil }
        let movedSet = _Membership(moved)
        // 3. The anchor.
        var anchor: ItemID?
        if let x = difference.destination.position.anchor {
            let home = _home(x)
            anchor = Self._anchor(
                x, isMoving: movedSet.contains(x), inTarget: home.map { Int($0.collection) == t && !$0.isFixed } ?? false,
                warnings: &warnings
            ) {
                // The first item after x in T that is not moving.
                let start = _collections[t].items._position(of: x, inChunkNamed: home!.chunk)! + 1
                return _collections[t].items._first(from: start) { !movedSet.contains($0) }
            }
        }
        // 4. Remove S from every collection, then insert it before the anchor.
        for id in moved {
            let h = _home(id)!
            _editItems(of: Int(h.collection)) {
                _ = $0._remove(id, fromChunkNamed: h.chunk, collection: h.collection, homes: &$1, deltas: $2)
            }
        }
        let items = _collections[t].items
        let position = anchor.map { a in items._position(of: a, inChunkNamed: _home(a)!.chunk)! } ?? items.count
        _editItems(of: t) { $0._insert(moved, at: position, collection: Int32(t), homes: &$1, deltas: $2) }
        return ResolvedMove(moved: moved, collection: t, anchor: anchor)
    }

    /// 3.1 on plain arrays, as the spec states it: for data where an ID
    /// stands twice (see `_irregular`), which only an applier under test makes.
    /// - Complexity: O(n + k).
    @usableFromInline
    mutating func _applyCanonicalOnArrays(
        _ difference: ReorderDifference<ItemID, CollectionID>, target t: Int, warnings: inout [ReorderWarning<ItemID, CollectionID>]
    ) -> ResolvedMove<ItemID>? {
        var orders = self.orders
        var reorderable = Set<ItemID>()
        for order in orders { reorderable.formUnion(order) }
        var moved: [ItemID] = []
        var movedSet = Set<ItemID>()
        for id in difference.sources where reorderable.contains(id) && movedSet.insert(id).inserted { moved.append(id) }
        if moved.isEmpty { return nil }
        var anchor: ItemID?
        if let x = difference.destination.position.anchor {
            anchor = Self._anchor(x, isMoving: movedSet.contains(x), inTarget: orders[t].contains(x), warnings: &warnings) {
                orders[t].firstIndex(of: x).flatMap { i in orders[t][(i + 1)...].first { !movedSet.contains($0) } }
            }
        }
        for c in orders.indices { orders[c].removeAll { movedSet.contains($0) } }
        let index = anchor.flatMap { orders[t].firstIndex(of: $0) } ?? orders[t].count
        orders[t].insert(contentsOf: moved, at: index)
        setOrders(orders)
        return ResolvedMove(moved: moved, collection: t, anchor: anchor)
    }
}

extension ReorderContainer {
    /// The IDs `keep` accepts, each at its first occurrence, in order: S of
    /// 3.1 from the difference's sources. A few IDs are compared directly; past
    /// that a set remembers them, so a drag of half of a large container stays
    /// linear (a scan of the block per source was quadratic).
    /// - Complexity: O(k) for k sources (O(k^2) with k <= 8, no allocation).
    @inlinable
    static func _firstOccurrences(of ids: [ItemID], where keep: (ItemID) -> Bool) -> [ItemID] {
        var first: [ItemID] = []
        first.reserveCapacity(ids.count)
        if ids.count <= 8 {
            for id in ids where keep(id) && !first._containsID(id) { first.append(id) }
            return first
        }
        var seen = Set<ItemID>(minimumCapacity: ids.count)
        for id in ids where keep(id) && seen.insert(id).inserted { first.append(id) }
        return first
    }
}

/// Membership for a handful of IDs by equality, and by hashing past that:
/// a linear scan of a few IDs beats a hash on every item of a large array.
@usableFromInline
struct _Membership<ItemID: Hashable> {
    @usableFromInline let small: [ItemID]
    @usableFromInline let set: Set<ItemID>
    @usableFromInline let usesSet: Bool

    @inlinable
    init(_ ids: [ItemID]) {
        usesSet = ids.count > 4
        small = usesSet ? [] : ids
        set = usesSet ? Set(ids) : []
    }

    @inlinable
    func contains(_ id: ItemID) -> Bool {
        if usesSet { return set.contains(id) }
        for s in small where _equalIDs(s, id) { return true }
        return false
    }
}

extension ReorderContainer {
    /// Step 3 of the canonical rule, for both storages: the anchor `x` when
    /// it is a reorderable item of the target; when it is itself moving, the
    /// first item after it there that is not (`firstAfter`); otherwise the end,
    /// with the warning that says why.
    @inlinable
    static func _anchor(
        _ x: ItemID, isMoving: Bool, inTarget: Bool, warnings: inout [ReorderWarning<ItemID, CollectionID>],
        firstAfter: () -> ItemID?
    ) -> ItemID? {
        if isMoving {
            if inTarget { return firstAfter() }
            warnings.append(.anchorSourceOutsideTarget(x))
            return nil
        }
        if inTarget { return x }
        warnings.append(.anchorNotInTarget(x))
        return nil
    }
}
