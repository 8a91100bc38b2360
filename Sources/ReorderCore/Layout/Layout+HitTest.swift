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
    /// - Complexity: O(s) for s sections without per-item sizes (board:
    ///   O(1)). With per-item sizes, O(s log n) when the container measures
    ///   this layout's sizes (`measureExtents`, which `DragEngine` does),
    ///   O(n) otherwise.
    @inlinable public func hitTest<CollectionID>(_ p: Point, in container: ReorderContainer<ItemID, CollectionID>) -> HitTarget? {
        _hitTest(p, in: container, measured: isMeasured(by: container))
    }

    /// Whether `container` measures exactly this layout's per-item sizes.
    /// - Complexity: O(m) for m per-item sizes.
    @inlinable
    public func isMeasured<CollectionID>(by container: ReorderContainer<ItemID, CollectionID>) -> Bool {
        guard let extents = container.measuredExtents else { return false }
        switch kind {
        case .list(let rowHeight, _, _, let heights): return extents == ItemExtents(sizes: heights, uniform: rowHeight)
        case .hstack(let itemWidth, _, let widths): return extents == ItemExtents(sizes: widths, uniform: itemWidth)
        case .grid, .board: return false
        }
    }

    /// The per-item sizes along the axis and the size of everyone else, for
    /// `ReorderContainer.measureExtents`; `nil` for kinds without them.
    @inlinable public var itemExtents: ItemExtents<ItemID>? {
        switch kind {
        case .list(let rowHeight, _, _, let heights): heights.isEmpty ? nil : ItemExtents(sizes: heights, uniform: rowHeight)
        case .hstack(let itemWidth, _, let widths): widths.isEmpty ? nil : ItemExtents(sizes: widths, uniform: itemWidth)
        case .grid, .board: nil
        }
    }

    /// `hitTest`, told whether the container's measured extents are this
    /// layout's (the engine knows: it measures them itself).
    @inlinable
    public func _hitTest<CollectionID>(_ p: Point, in container: ReorderContainer<ItemID, CollectionID>, measured: Bool) -> HitTarget? {
        _hitTest(p, in: container.collections, measured: measured)
    }

    /// `_hitTest` on the container's collections alone: the engine passes
    /// its own (an array, borrowed), where passing the whole container
    /// copied it, field by field, on every move.
    @inlinable
    public func _hitTest<CollectionID>(
        _ p: Point, in collections: [ReorderCollection<ItemID, CollectionID>], measured: Bool
    ) -> HitTarget? {
        if isOutside(p) { return nil }
        switch kind {
        case .list(let rowHeight, let spacing, let headerHeight, let heights):
            return stackHit(
                p.y, collections, header: headerHeight, spacing: spacing, uniform: rowHeight, sizes: heights, measured: measured)
        case .hstack(let itemWidth, let spacing, let widths):
            return stackHit(p.x, collections, header: 0, spacing: spacing, uniform: itemWidth, sizes: widths, measured: measured)
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
    /// has the same length and a section is O(1). With per-item sizes a
    /// measured container gives each section's length from its prefix sums
    /// and the slot by a descent over its chunks; an unmeasured one is
    /// summed entry by entry.
    @inlinable
    func stackHit<CollectionID>(
        _ coordinate: Double, _ collections: [ReorderCollection<ItemID, CollectionID>],
        header: Double, spacing: Double, uniform: Double, sizes: [ItemID: Double], measured: Bool
    ) -> HitTarget? {
        @inline(__always) func extent(_ id: ItemID) -> Double { sizes.isEmpty ? uniform : sizes[id] ?? uniform }
        let pitch = uniform + spacing
        func fixedLength(_ c: ReorderCollection<ItemID, CollectionID>) -> Double {
            var total = 0.0
            for id in c.fixed { total += extent(id) + spacing }
            return total
        }
        func sectionLength(_ c: ReorderCollection<ItemID, CollectionID>) -> Double {
            if sizes.isEmpty { return header + Double(c.entryCount) * pitch }
            if measured { return header + fixedLength(c) + Double(c.items.count) * pitch + c.items._extents.prefix(c.items._extents.count) }
            var total = header + fixedLength(c)
            for id in c.items { total += extent(id) + spacing }
            return total
        }
        // The section is the last one whose top is <= the coordinate; an
        // empty section without a header has no area and loses to the next.
        var top = 0.0
        var chosen: (index: Int, top: Double)?
        // Indices, not `for collection in`, and `collections[index]` below,
        // not a local: the collections are borrowed in place, not copied.
        for index in collections.indices {
            if top > coordinate { break }
            chosen = (index, top)
            top += sectionLength(collections[index])
        }
        guard let (index, sectionTop) = chosen else { return nil }
        let start = sectionTop + header
        if sizes.isEmpty {
            return HitTarget(
                collection: index,
                slot: _uniformSlot(coordinate, start: start, length: uniform, pitch: pitch, count: collections[index].entryCount)
            )
        }
        // Fixed entries first, one by one (a handful).
        var position = start
        var slot = 0
        for id in collections[index].fixed {
            let length = extent(id)
            if position + length / 2 > coordinate { return HitTarget(collection: index, slot: slot) }
            slot += 1
            position += length + spacing
        }
        var entries = collections[index].items.makeIterator()
        if measured {
            // The chunk whose first item's top is the last at or above the
            // coordinate; the slot is then within that chunk.
            let found = collections[index].items._chunk(atOffset: coordinate - position, pitch: pitch)
            slot += found.itemsBefore
            position += found.offset
            entries = ChunkedList<ItemID>.Iterator(chunks: collections[index].items._chunks, chunk: found.chunk, offset: 0)
        }
        while let id = entries.next() {
            let length = extent(id)
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
        // Indices, not `for collection in`: collections are borrowed in
        // place, not copied out (a copy retains all of their storage).
        for index in collections.indices {
            if top > p.y { break }
            chosen = (index, top)
            // The last section's length is never read (a division saved per move).
            if index + 1 == collections.count { break }
            top += headerHeight + Double(_rowCount(collections[index].entryCount, columns: columns)) * rowPitch
        }
        guard let (index, sectionTop) = chosen else { return nil }
        let count = collections[index].entryCount
        let rel = p.y - (sectionTop + headerHeight)
        if rel < 0 { return HitTarget(collection: index, slot: 0) }
        // Row 0 at least: only a negative or NaN pitch (sizes no layout
        // allows, from a caller that skipped validation) gives less.
        let row = max(0, _floorToInt((rel + spacing / 2) / rowPitch))
        let colPitch = cellWidth + spacing
        let col = min(max(_floorToInt((p.x + spacing / 2) / colPitch), 0), columns - 1)
        // A row or cell index past what Int holds is past the last entry.
        let (k, overflow) = row.multipliedReportingOverflow(by: columns)
        let (cell, overflowed) = k.addingReportingOverflow(col)
        if overflow || overflowed || cell >= count { return HitTarget(collection: index, slot: count) }
        let midpoint = Double(col) * colPitch + cellWidth / 2
        return HitTarget(collection: index, slot: p.x < midpoint ? k + col : k + col + 1)
    }
}

extension ReorderContainer {
    /// The destination for a hit (spec 1.4): walk the entries of the target
    /// collection from `max(slot, fixed.count)`; the first entry that is not
    /// a source gives `.before(it)`, and none gives `.end`.
    /// - Complexity: O(log c) to find the slot's chunk, then one step per
    ///   source passed over.
    @inlinable public func destination(
        for target: HitTarget, excluding sources: Set<ItemID>
    ) -> ReorderDifference<ItemID, CollectionID>.Destination {
        _destination(for: target) { sources.contains($0) }
    }

    /// The same, for the few sources of a drag, compared by equality (no set to build).
    @inlinable public func destination(
        for target: HitTarget, excludingSources sources: [ItemID]
    ) -> ReorderDifference<ItemID, CollectionID>.Destination {
        if sources.count > 16 {
            let set = Set(sources)
            return _destination(for: target) { set.contains($0) }
        }
        return _destination(for: target) { sources._containsID($0) }
    }

    @inlinable
    func _destination(
        for target: HitTarget, isSource: (ItemID) -> Bool
    ) -> ReorderDifference<ItemID, CollectionID>.Destination {
        let c = target.collection
        let start = max(target.slot, _collections[c].fixed.count) - _collections[c].fixed.count
        if let id = _collections[c].items._first(from: start, where: { !isSource($0) }) {
            return .init(collectionID: _collections[c].id, position: .before(id))
        }
        return .init(collectionID: _collections[c].id, position: .end)
    }
}

// Every float that becomes an integer in hit testing goes through these
// two, so no Double a caller passes (NaN, infinities, 1e300 next to 1e-300)
// can trap: what does not fit saturates, with a meaning each call site
// states (a row past Int.max is past the last entry). The reader keeps
// recordings within docs/decisions.md's limits, where nothing saturates.

/// `floor(v)` as an `Int`: NaN gives 0, and values past Int's range give
/// `Int.max` or `Int.min` instead of trapping.
@inlinable @inline(__always)
func _floorToInt(_ v: Double) -> Int {
    if v.isNaN { return 0 }
    if v >= 9.2e18 { return Int.max }
    if v <= -9.2e18 { return Int.min }
    // Truncated, then one down for a negative fraction: `rounded(.down)`
    // is a call into libm (twice per grid hit test, on every move). Past
    // 2^53 every Double is an integer, so this is floor exactly.
    let truncated = Int(v)
    return Double(truncated) > v ? truncated - 1 : truncated
}

/// Rows of `entries` cells, `columns` (>= 1) to a row: `ceil(entries /
/// columns)` without the `entries + columns - 1` that overflows for a huge
/// column count.
@inlinable
func _rowCount(_ entries: Int, columns: Int) -> Int {
    entries <= 0 ? 0 : (entries - 1) / columns + 1
}

/// The number of entries, `count` of them starting at `start` every `pitch`,
/// whose midpoint `start + k * pitch + length / 2` is <= `coordinate`. The
/// division gives a first guess, clamped to `0 ... count` while still a
/// Double; a few steps either way make it agree exactly with the midpoints
/// at the boundaries. When rounding puts the guess further off (sizes far
/// apart in magnitude), a bisection over the midpoints, which never
/// decrease, finds the same answer.
/// - Complexity: O(1); O(log count) after a bad guess.
@inlinable
func _uniformSlot(_ coordinate: Double, start: Double, length: Double, pitch: Double, count: Int) -> Int {
    @inline(__always) func midpoint(_ k: Int) -> Double { start + Double(k) * pitch + length / 2 }
    guard count > 0 else { return 0 }
    let guess = (coordinate - start - length / 2) / pitch
    var slot: Int
    if !(guess >= 0) {
        slot = 0  // negative, or NaN
    } else if guess >= Double(count) {
        slot = count
    } else {
        slot = Int(guess) + 1  // guess < count, so at most count
    }
    var steps = 0
    while slot > 0 && midpoint(slot - 1) > coordinate {
        slot -= 1
        steps += 1
        if steps > 4 { return _bisectSlot(coordinate, count: count, midpoint: midpoint) }
    }
    while slot < count && midpoint(slot) <= coordinate {
        slot += 1
        steps += 1
        if steps > 4 { return _bisectSlot(coordinate, count: count, midpoint: midpoint) }
    }
    return slot
}

/// How many of `midpoint(0) ..< midpoint(count)` are <= `coordinate`, for
/// midpoints that never decrease.
/// - Complexity: O(log count).
@inlinable
func _bisectSlot(_ coordinate: Double, count: Int, midpoint: (Int) -> Double) -> Int {
    var low = 0
    var high = count
    while low < high {
        let middle = low + (high - low) / 2
        if midpoint(middle) <= coordinate { low = middle + 1 } else { high = middle }
    }
    return low
}
