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
    /// - Complexity: O(n + k) for n items and k sources: one hashed pass over
    ///   the items and one copy; no O(n * k) scans.
    @discardableResult
    @inlinable public mutating func applyCanonical(
        _ difference: ReorderDifference<ItemID, CollectionID>,
        warnings: inout [ReorderWarning<ItemID, CollectionID>]
    ) -> ResolvedMove<ItemID>? {
        if difference.sources.isEmpty { return nil }
        // 2. T, before anything is touched.
        guard let t = collectionIndex(of: difference.destination.collectionID) else {
            warnings.append(.unknownCollection(difference.destination.collectionID))
            return nil
        }
        let wanted = _Membership(difference.sources)
        // 1. S: which sources are present as reorderable items (fixed items
        // are not in `items`, so they drop out here).
        var found = Set<ItemID>(minimumCapacity: min(difference.sources.count, 64))
        for collection in collections {
            for id in collection.items where wanted.contains(id) { found.insert(id) }
        }
        if found.isEmpty { return nil }
        var moved: [ItemID] = []
        moved.reserveCapacity(found.count)
        for id in difference.sources where found.remove(id) != nil { moved.append(id) }
        let movedSet = _Membership(moved)

        // 3. The anchor, resolved against T's items before removal.
        let targetItems = collections[t].items
        var anchorOffset: Int?  // position of x in T's items
        if let x = difference.destination.position.anchor {
            anchorOffset = targetItems.firstIndex(of: x)
            if anchorOffset == nil {
                warnings.append(movedSet.contains(x) ? .anchorSourceOutsideTarget(x) : .anchorNotInTarget(x))
            }
        }

        // 4. Remove S everywhere; in T, count the survivors before x: that is
        // where the block goes (x itself, or the first non-source after it).
        var insertAt = 0
        var anchor: ItemID?
        for c in collections.indices {
            let old = collections[c].items
            var kept: [ItemID] = []
            kept.reserveCapacity(old.count + (c == t ? moved.count : 0))
            if c == t {
                let stop = anchorOffset ?? old.count
                for i in 0..<stop where !movedSet.contains(old[i]) { kept.append(old[i]) }
                insertAt = kept.count
                for i in stop..<old.count where !movedSet.contains(old[i]) {
                    if anchor == nil { anchor = old[i] }
                    kept.append(old[i])
                }
                kept.insert(contentsOf: moved, at: insertAt)
            } else {
                for id in old where !movedSet.contains(id) { kept.append(id) }
                if kept.count == old.count { continue }
            }
            collections[c].items = kept
        }
        return ResolvedMove(moved: moved, collection: t, anchor: anchorOffset == nil ? nil : anchor)
    }
}

/// Membership for a handful of IDs by equality, and by hashing past that:
/// a linear scan of a few IDs beats a hash on every item of a large array.
@usableFromInline
struct _Membership<ItemID: Hashable> {
    @usableFromInline let small: [ItemID]
    @usableFromInline let set: Set<ItemID>?

    @inlinable
    init(_ ids: [ItemID]) {
        if ids.count <= 4 {
            small = ids
            set = nil
        } else {
            small = []
            set = Set(ids)
        }
    }

    @inlinable
    func contains(_ id: ItemID) -> Bool {
        if let set { return set.contains(id) }
        for s in small where s == id { return true }
        return false
    }
}
