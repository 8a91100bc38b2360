/// How a container lays out its entries (spec 1.2). Every size is in points,
/// in the container's local space, origin top-left.
public struct Layout<ItemID: Hashable & Sendable>: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Vertical sections: header, then each entry (its `heights` value
        /// or `rowHeight`) followed by `spacing`.
        case list(rowHeight: Double, spacing: Double = 0, headerHeight: Double = 0, heights: [ItemID: Double] = [:])
        /// One collection, left to right, each entry followed by `spacing`.
        case hstack(itemWidth: Double, spacing: Double = 0, widths: [ItemID: Double] = [:])
        /// Row-major cells in sections; `columns` fixed or adaptive.
        case grid(columns: GridColumns, rowHeight: Double, spacing: Double = 0, headerHeight: Double = 0)
        /// Kanban: every collection a column, left to right.
        case board(columnWidth: Double, spacing: Double = 0, rowHeight: Double, rowSpacing: Double = 0, headerHeight: Double = 0)
    }

    public enum GridColumns: Hashable, Sendable {
        case fixed(Int)
        /// `columns = max(1, floor((width + spacing) / (minimum + spacing)))`.
        case adaptive(minimum: Double)
    }

    public var kind: Kind
    public var width: Double
    public var height: Double

    @inlinable public init(kind: Kind, width: Double, height: Double) {
        self.kind = kind
        self.width = width
        self.height = height
    }

    /// `x < 0`, `y < 0`, `x >= width` or `y >= height`.
    @inlinable
    public func isOutside(_ p: Point) -> Bool {
        !(p.x >= 0 && p.y >= 0 && p.x < width && p.y < height)
    }

    /// For a grid: the resolved number of columns and the cell width.
    /// Columns are at least 1 (a fixed count below 1 counts as 1; the
    /// reader refuses it), and an adaptive count past `Int.max / 2`
    /// (or infinite) is `Int.max / 2`; a NaN one is 1.
    @inlinable public func gridMetrics() -> (columns: Int, cellWidth: Double)? {
        guard case .grid(let cols, _, let spacing, _) = kind else { return nil }
        let columns: Int
        switch cols {
        case .fixed(let n): columns = max(1, n)
        case .adaptive(let minimum):
            let fitted = ((width + spacing) / (minimum + spacing)).rounded(.down)
            columns = fitted >= 1 ? (fitted < Double(Int.max / 2) ? Int(fitted) : Int.max / 2) : 1
        }
        let cellWidth = (width - Double(columns - 1) * spacing) / Double(columns)
        return (columns, cellWidth)
    }
}

extension Layout {
    /// The same layout with per-item sizes keyed by renamed IDs.
    /// - Complexity: O(m) for m per-item sizes.
    @inlinable
    public func mapIDs<NewItemID>(_ transform: (ItemID) throws -> NewItemID) rethrows -> Layout<NewItemID> {
        func sizes(_ m: [ItemID: Double]) throws -> [NewItemID: Double] {
            var result: [NewItemID: Double] = [:]
            for (id, v) in m { result[try transform(id)] = v }
            return result
        }
        let newKind: Layout<NewItemID>.Kind
        switch kind {
        case .list(let rowHeight, let spacing, let headerHeight, let heights):
            newKind = .list(rowHeight: rowHeight, spacing: spacing, headerHeight: headerHeight, heights: try sizes(heights))
        case .hstack(let itemWidth, let spacing, let widths):
            newKind = .hstack(itemWidth: itemWidth, spacing: spacing, widths: try sizes(widths))
        case .grid(let columns, let rowHeight, let spacing, let headerHeight):
            let newColumns: Layout<NewItemID>.GridColumns
            switch columns {
            case .fixed(let n): newColumns = .fixed(n)
            case .adaptive(let minimum): newColumns = .adaptive(minimum: minimum)
            }
            newKind = .grid(columns: newColumns, rowHeight: rowHeight, spacing: spacing, headerHeight: headerHeight)
        case .board(let columnWidth, let spacing, let rowHeight, let rowSpacing, let headerHeight):
            newKind = .board(
                columnWidth: columnWidth, spacing: spacing, rowHeight: rowHeight, rowSpacing: rowSpacing, headerHeight: headerHeight)
        }
        return Layout<NewItemID>(kind: newKind, width: width, height: height)
    }
}
