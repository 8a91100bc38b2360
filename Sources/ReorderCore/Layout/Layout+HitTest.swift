/// Where a location lands: a collection and a slot, an index into that
/// collection's entries (`fixed + items`), `0 ... entryCount`.
public struct HitTarget: Hashable, Sendable {
    public var collection: Int
    public var slot: Int
    @inlinable public init(collection: Int, slot: Int) { self.collection = collection; self.slot = slot }
}

extension Layout {
    /// Hit testing per spec 1.3, on the *current* data with the dragged
    /// items still in place (no placeholder gap).
    ///
    ///     // list, rowHeight 10: entries a (0..<10), b (10..<20)
    ///     layout.hitTest(Point(x: 1, y: 12), in: container)  // slot 1: a's midpoint 5 <= 12 < 15
    ///
    /// - Complexity: O(n) for the entries of the sections above the point.
    @inlinable public func hitTest<CollectionID>(_ p: Point, in container: ReorderContainer<ItemID, CollectionID>) -> HitTarget? {
        if isOutside(p) { return nil }
        let collections = container.collections
        switch kind {
        case .list(let rowHeight, let spacing, let headerHeight, let heights):
            return stackHit(p.y, collections, header: headerHeight, spacing: spacing) { heights[$0] ?? rowHeight }
        case .hstack(let itemWidth, let spacing, let widths):
            return stackHit(p.x, collections, header: 0, spacing: spacing) { widths[$0] ?? itemWidth }
        case .grid(_, let rowHeight, let spacing, let headerHeight):
            return gridHit(p, collections, rowHeight: rowHeight, spacing: spacing, headerHeight: headerHeight)
        case .board(let columnWidth, let spacing, let rowHeight, let rowSpacing, let headerHeight):
            let col = _floorToInt((p.x + spacing / 2) / (columnWidth + spacing))
            guard col >= 0, col < collections.count else { return nil }
            // Entry k's midpoint: headerHeight + k * pitch + rowHeight / 2 <= y.
            let pitch = rowHeight + rowSpacing
            let count = collections[col].entryCount
            let k = (p.y - headerHeight - rowHeight / 2) / pitch
            let slot = k < 0 ? 0 : min(count, _floorToInt(k) + 1)
            return HitTarget(collection: col, slot: slot)
        }
    }

    /// Sections stacked along one axis; `extent` is an entry's length.
    @inlinable @usableFromInline func stackHit<CollectionID>(
        _ coordinate: Double, _ collections: [ReorderCollection<ItemID, CollectionID>],
        header: Double, spacing: Double, extent: (ItemID) -> Double
    ) -> HitTarget? {
        // The section is the last one whose top is <= the coordinate; an
        // empty section without a header has no area and loses to the next.
        var top = 0.0
        var chosen: (index: Int, top: Double)?
        for (index, collection) in collections.enumerated() {
            if top > coordinate { break }
            chosen = (index, top)
            top += header
            for k in 0..<collection.entryCount { top += extent(collection.entry(at: k)) + spacing }
        }
        guard let (index, sectionTop) = chosen else { return nil }
        let collection = collections[index]
        var start = sectionTop + header
        var slot = 0
        for k in 0..<collection.entryCount {
            let length = extent(collection.entry(at: k))
            if start + length / 2 > coordinate { break }
            slot += 1
            start += length + spacing
        }
        return HitTarget(collection: index, slot: slot)
    }

    @inlinable @usableFromInline func gridHit<CollectionID>(
        _ p: Point, _ collections: [ReorderCollection<ItemID, CollectionID>],
        rowHeight: Double, spacing: Double, headerHeight: Double
    ) -> HitTarget? {
        guard let (columns, cellWidth) = gridMetrics() else { return nil }
        let rowPitch = rowHeight + spacing
        var top = 0.0
        var chosen: (index: Int, top: Double)?
        for (index, collection) in collections.enumerated() {
            if top > p.y { break }
            chosen = (index, top)
            let rows = (collection.entryCount + columns - 1) / columns
            top += headerHeight + Double(rows) * rowPitch
        }
        guard let (index, sectionTop) = chosen else { return nil }
        let count = collections[index].entryCount
        let rel = p.y - (sectionTop + headerHeight)
        if rel < 0 { return HitTarget(collection: index, slot: 0) }
        let row = _floorToInt((rel + spacing / 2) / rowPitch)
        let colPitch = cellWidth + spacing
        let col = min(max(_floorToInt((p.x + spacing / 2) / colPitch), 0), columns - 1)
        let (k, overflow) = row.multipliedReportingOverflow(by: columns)
        if overflow || k + col >= count { return HitTarget(collection: index, slot: count) }
        let midpoint = Double(col) * colPitch + cellWidth / 2
        return HitTarget(collection: index, slot: p.x < midpoint ? k + col : k + col + 1)
    }
}

extension ReorderContainer {
    /// The destination for a hit (spec 1.4): walk the entries of the target
    /// collection from `max(slot, fixed.count)`; the first entry that is not
    /// a source gives `.before(it)`, and none gives `.end`.
    /// - Complexity: O(n) for the entries after the slot.
    @inlinable public func destination(
        for target: HitTarget, excluding sources: Set<ItemID>
    ) -> ReorderDifference<ItemID, CollectionID>.Destination {
        let collection = collections[target.collection]
        var i = max(target.slot, collection.fixed.count) - collection.fixed.count
        while i < collection.items.count {
            let id = collection.items[i]
            if !sources.contains(id) { return .init(collectionID: collection.id, position: .before(id)) }
            i += 1
        }
        return .init(collectionID: collection.id, position: .end)
    }
}

/// `floor(v)` as an `Int`, saturating instead of trapping on huge values.
@usableFromInline
func _floorToInt(_ v: Double) -> Int {
    let f = v.rounded(.down)
    if f.isNaN { return 0 }
    if f >= 9.2e18 { return Int.max }
    if f <= -9.2e18 { return Int.min }
    return Int(f)
}
