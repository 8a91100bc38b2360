extension Layout {
    /// The frame of one entry (fixed or reorderable), as `frames(in:)` would
    /// give it, without laying out the others: what a gesture on one row needs (its row's
    /// width, the buttons of an open row).
    ///
    ///     // a list, rows 10 high, "c" third: Rect(x: 0, y: 20, width: 100, height: 10)
    ///     layout.frame(of: "c", in: container)
    ///
    /// - Complexity: O(c + log n) for c collections with uniform sizes; with
    ///   per-item heights or widths, O(k) more for the k entries before it in
    ///   list order.
    @inlinable
    public func frame<CollectionID>(of id: ItemID, in container: ReorderContainer<ItemID, CollectionID>) -> Rect? {
        guard let location = container.location(of: id) else { return nil }
        let collections = container.collections
        let c = location.collection
        let k = location.isFixed ? location.index : collections[c].fixed.count + location.index
        return frame(ofEntry: k, inCollection: c, of: collections)
    }

    /// The frame of entry `k` (of `fixed + items`) of collection `c`, as
    /// `frames(in:)` would give it, from the collections alone: for a caller
    /// that holds a container's collections but not the container (and its
    /// ID index).
    ///
    /// - Complexity: as `frame(of:in:)`, without the lookup.
    @inlinable
    public func frame<CollectionID>(ofEntry k: Int, inCollection c: Int, of collections: [ReorderCollection<ItemID, CollectionID>]) -> Rect
    {
        let id = collections[c].entry(at: k)
        switch kind {
        case .list(let rowHeight, let spacing, let headerHeight, let heights):
            var y = 0.0
            for p in 0...c {
                y += headerHeight
                let count = p == c ? k : collections[p].entryCount
                if heights.isEmpty {
                    y += Double(count) * (rowHeight + spacing)
                } else {
                    for e in 0..<count { y += (heights[collections[p].entry(at: e)] ?? rowHeight) + spacing }
                }
            }
            return Rect(x: 0, y: y, width: width, height: heights[id] ?? rowHeight)
        case .hstack(let itemWidth, let spacing, let widths):
            var x = 0.0
            for p in 0...c {
                let count = p == c ? k : collections[p].entryCount
                if widths.isEmpty {
                    x += Double(count) * (itemWidth + spacing)
                } else {
                    for e in 0..<count { x += (widths[collections[p].entry(at: e)] ?? itemWidth) + spacing }
                }
            }
            return Rect(x: x, y: 0, width: widths[id] ?? itemWidth, height: height)
        case .grid(_, let rowHeight, let spacing, let headerHeight):
            let (columns, cellWidth) = gridMetrics()!
            var top = 0.0
            for p in 0..<c {
                let rows = (collections[p].entryCount + columns - 1) / columns
                top += headerHeight + Double(rows) * (rowHeight + spacing)
            }
            return Rect(
                x: Double(k % columns) * (cellWidth + spacing), y: top + headerHeight + Double(k / columns) * (rowHeight + spacing),
                width: cellWidth, height: rowHeight)
        case .board(let columnWidth, let spacing, let rowHeight, let rowSpacing, let headerHeight):
            return Rect(
                x: Double(c) * (columnWidth + spacing), y: headerHeight + Double(k) * (rowHeight + rowSpacing), width: columnWidth,
                height: rowHeight)
        }
    }
}
