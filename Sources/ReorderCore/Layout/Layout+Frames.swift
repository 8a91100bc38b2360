/// A rectangle in the container's local space.
public struct Rect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
}

extension Layout {
    /// The frame of every entry (`fixed + items`) of every collection,
    /// computed forward from the spec's layout rules (1.2). Hit testing
    /// inverts this; the fuzzer's hit-test oracle checks one against the other.
    /// - Complexity: O(n).
    @inlinable public func frames<CollectionID>(in container: ReorderContainer<ItemID, CollectionID>) -> [[Rect]] {
        var result: [[Rect]] = []
        result.reserveCapacity(container.collections.count)
        switch kind {
        case .list(let rowHeight, let spacing, let headerHeight, let heights):
            var y = 0.0
            for c in container.collections {
                y += headerHeight
                var frames: [Rect] = []
                frames.reserveCapacity(c.entryCount)
                for id in c.fixed + c.items {
                    let h = heights[id] ?? rowHeight
                    frames.append(Rect(x: 0, y: y, width: width, height: h))
                    y += h + spacing
                }
                result.append(frames)
            }
        case .hstack(let itemWidth, let spacing, let widths):
            var x = 0.0
            for c in container.collections {
                var frames: [Rect] = []
                frames.reserveCapacity(c.entryCount)
                for id in c.fixed + c.items {
                    let w = widths[id] ?? itemWidth
                    frames.append(Rect(x: x, y: 0, width: w, height: height))
                    x += w + spacing
                }
                result.append(frames)
            }
        case .grid(_, let rowHeight, let spacing, let headerHeight):
            let (columns, cellWidth) = gridMetrics()!
            var top = 0.0
            for c in container.collections {
                let contentTop = top + headerHeight
                var frames: [Rect] = []
                for k in 0..<c.entryCount {
                    let row = k / columns
                    let col = k % columns
                    frames.append(
                        Rect(
                            x: Double(col) * (cellWidth + spacing), y: contentTop + Double(row) * (rowHeight + spacing),
                            width: cellWidth, height: rowHeight))
                }
                top = contentTop + Double(_rowCount(c.entryCount, columns: columns)) * (rowHeight + spacing)
                result.append(frames)
            }
        case .board(let columnWidth, let spacing, let rowHeight, let rowSpacing, let headerHeight):
            for (i, c) in container.collections.enumerated() {
                let x = Double(i) * (columnWidth + spacing)
                result.append(
                    (0..<c.entryCount).map {
                        Rect(x: x, y: headerHeight + Double($0) * (rowHeight + rowSpacing), width: columnWidth, height: rowHeight)
                    })
            }
        }
        return result
    }

}
