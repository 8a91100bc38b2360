/// Where a location lands: a collection and a slot, an index into that
/// collection's entries (`fixed + items`), `0 ... entryCount`.
public struct HitTarget: Hashable, Sendable {
    public var collection: Int
    public var slot: Int
    @inlinable public init(collection: Int, slot: Int) {
        self.collection = collection
        self.slot = slot
    }
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
            return stackHit(p.y, collections, header: headerHeight, spacing: spacing, uniform: rowHeight, sizes: heights)
        case .hstack(let itemWidth, let spacing, let widths):
            return stackHit(p.x, collections, header: 0, spacing: spacing, uniform: itemWidth, sizes: widths)
        case .grid(_, let rowHeight, let spacing, let headerHeight):
            return gridHit(p, collections, rowHeight: rowHeight, spacing: spacing, headerHeight: headerHeight)
        case .board(let columnWidth, let spacing, let rowHeight, let rowSpacing, let headerHeight):
            let col = _floorToInt((p.x + spacing / 2) / (columnWidth + spacing))
            guard col >= 0, col < collections.count else { return nil }
            // Entry k's midpoint: headerHeight + k * pitch + rowHeight / 2 <= y.
            let slot = _uniformSlot(
                p.y, start: headerHeight, length: rowHeight, pitch: rowHeight + rowSpacing, count: collections[col].entryCount)
            return HitTarget(collection: col, slot: slot)
        }
    }

    /// Sections stacked along one axis. With no per-item sizes every entry
    /// has the same length and a section is O(1); otherwise entries are
    /// summed one by one.
    @inlinable
    func stackHit<CollectionID>(
        _ coordinate: Double, _ collections: [ReorderCollection<ItemID, CollectionID>],
        header: Double, spacing: Double, uniform: Double, sizes: [ItemID: Double]
    ) -> HitTarget? {
        @inline(__always) func extent(_ id: ItemID) -> Double { sizes.isEmpty ? uniform : sizes[id] ?? uniform }
        func sectionLength(_ c: ReorderCollection<ItemID, CollectionID>) -> Double {
            if sizes.isEmpty { return header + Double(c.entryCount) * (uniform + spacing) }
            var total = header
            for k in 0..<c.entryCount { total += extent(c.entry(at: k)) + spacing }
            return total
        }
        // The section is the last one whose top is <= the coordinate; an
        // empty section without a header has no area and loses to the next.
        var top = 0.0
        var chosen: (index: Int, top: Double)?
        for (index, collection) in collections.enumerated() {
            if top > coordinate { break }
            chosen = (index, top)
            top += sectionLength(collection)
        }
        guard let (index, sectionTop) = chosen else { return nil }
        let collection = collections[index]
        let start = sectionTop + header
        if sizes.isEmpty {
            return HitTarget(
                collection: index,
                slot: _uniformSlot(coordinate, start: start, length: uniform, pitch: uniform + spacing, count: collection.entryCount))
        }
        var position = start
        var slot = 0
        for k in 0..<collection.entryCount {
            let length = extent(collection.entry(at: k))
            if position + length / 2 > coordinate { break }
            slot += 1
            position += length + spacing
        }
        return HitTarget(collection: index, slot: slot)
    }

    @inlinable func gridHit<CollectionID>(
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

/// The number of entries, `count` of them starting at `start` every `pitch`,
/// whose midpoint `start + k * pitch + length / 2` is <= `coordinate`. The
/// division gives a first guess; a step either way makes it agree exactly
/// with the midpoints at the boundaries.
/// - Complexity: O(1).
@inlinable
func _uniformSlot(_ coordinate: Double, start: Double, length: Double, pitch: Double, count: Int) -> Int {
    @inline(__always) func midpoint(_ k: Int) -> Double { start + Double(k) * pitch + length / 2 }
    let guess = (coordinate - start - length / 2) / pitch
    var slot = guess < 0 ? 0 : min(count, _floorToInt(guess) + 1)
    while slot > 0 && midpoint(slot - 1) > coordinate { slot -= 1 }
    while slot < count && midpoint(slot) <= coordinate { slot += 1 }
    return slot
}
