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
    @inlinable
    public mutating func applyCanonical(
        _ difference: ReorderDifference<ItemID, CollectionID>,
        warnings: inout [ReorderWarning<ItemID, CollectionID>]
    ) -> ResolvedMove<ItemID>? {
        let sources = difference.sources
        if sources.isEmpty { return nil }
        // 2. T, before anything is touched.
        guard let t = collectionIndex(of: difference.destination.collectionID) else {
            warnings.append(.unknownCollection(difference.destination.collectionID))
            return nil
        }
        let wanted = _Membership(sources)
        let x = difference.destination.position.anchor
        // Where x stands in T's items: an equality scan, no hashing.
        let anchorOffset = x.flatMap { collections[t].items.firstIndex(of: $0) }

        // One pass per collection: keep what is not a source, note the
        // sources met (only fixed-free `items` are scanned: fixed entries drop
        // out of S here). T gets a gap where the block goes, filled once S
        // is known (3.1 step 4).
        var met: [ItemID] = []
        var rebuilt: [[ItemID]?] = Array(repeating: nil, count: collections.count)
        var gapStart = 0
        var anchor: ItemID?
        let gap = sources.count
        for c in collections.indices {
            let old = collections[c].items
            let isTarget = c == t
            let stop = isTarget ? (anchorOffset ?? old.count) : old.count
            var removed = 0
            let new = [ItemID](unsafeUninitializedCapacity: old.count + (isTarget ? gap : 0)) { buffer, count in
                var out = 0
                old.withUnsafeBufferPointer { items in
                    for i in 0..<stop {
                        let id = items[i]
                        if wanted.contains(id) {
                            met.append(id)
                            removed += 1
                        } else {
                            (buffer.baseAddress! + out).initialize(to: id)
                            out += 1
                        }
                    }
                    if isTarget {
                        gapStart = out
                        for _ in 0..<gap {
                            (buffer.baseAddress! + out).initialize(to: sources[0])
                            out += 1
                        }
                    }
                    for i in stop..<items.count {
                        let id = items[i]
                        if wanted.contains(id) {
                            met.append(id)
                            removed += 1
                        } else {
                            if isTarget && anchor == nil { anchor = id }
                            (buffer.baseAddress! + out).initialize(to: id)
                            out += 1
                        }
                    }
                }
                count = out
            }
            if removed > 0 || isTarget { rebuilt[c] = new }
        }
        if met.isEmpty { return nil }  // 1. S empty: no change
        // 1. S: sources met, in D's order, first occurrence kept.
        var present = Set<ItemID>(met)
        var moved: [ItemID] = []
        moved.reserveCapacity(present.count)
        for id in sources where present.remove(id) != nil { moved.append(id) }
        // 3. The anchor's warnings: gone, fixed, elsewhere, or a source outside T.
        if let x, anchorOffset == nil {
            warnings.append(moved.contains(x) ? .anchorSourceOutsideTarget(x) : .anchorNotInTarget(x))
        }
        for c in collections.indices {
            guard var items = rebuilt[c] else { continue }
            if c == t { items.replaceSubrange(gapStart..<(gapStart + gap), with: moved) }
            collections[c].items = items
        }
        return ResolvedMove(moved: moved, collection: t, anchor: anchorOffset == nil ? nil : anchor)
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
        for s in small where s == id { return true }
        return false
    }
}
