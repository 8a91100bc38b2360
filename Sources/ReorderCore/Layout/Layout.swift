/// How a container lays out its entries (spec 1.2). Every size is in points,
/// in the container's local space, origin top-left.
public struct Layout<ItemID: Hashable & Sendable>: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// Vertical sections: header, then each entry (its `heights` value
        /// or `rowHeight`) followed by `spacing`.
        case list(rowHeight: Double, spacing: Double, headerHeight: Double, heights: [ItemID: Double])
        /// One collection, left to right, each entry followed by `spacing`.
        case hstack(itemWidth: Double, spacing: Double, widths: [ItemID: Double])
        /// Row-major cells in sections; `columns` fixed or adaptive.
        case grid(columns: GridColumns, rowHeight: Double, spacing: Double, headerHeight: Double)
        /// Kanban: every collection a column, left to right.
        case board(columnWidth: Double, spacing: Double, rowHeight: Double, rowSpacing: Double, headerHeight: Double)
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

    /// The name used in recordings: `list`, `hstack`, `grid` or `board`.
    @inlinable public var kindName: String {
        switch kind {
        case .list: "list"
        case .hstack: "hstack"
        case .grid: "grid"
        case .board: "board"
        }
    }

    /// `x < 0`, `y < 0`, `x >= width` or `y >= height`.
    @inlinable
    public func isOutside(_ p: Point) -> Bool {
        !(p.x >= 0 && p.y >= 0 && p.x < width && p.y < height)
    }

    /// For a grid: the resolved number of columns and the cell width.
    @inlinable public func gridMetrics() -> (columns: Int, cellWidth: Double)? {
        guard case .grid(let cols, _, let spacing, _) = kind else { return nil }
        let columns: Int
        switch cols {
        case .fixed(let n): columns = n
        case .adaptive(let minimum):
            let fitted = ((width + spacing) / (minimum + spacing)).rounded(.down)
            columns = fitted >= 1 ? (fitted < Double(Int.max / 2) ? Int(fitted) : Int.max / 2) : 1
        }
        let cellWidth = (width - Double(columns - 1) * spacing) / Double(columns)
        return (columns, cellWidth)
    }

    /// Why this layout cannot be laid out (`nil` when it can): sizes the spec
    /// requires positive, spacings that must not be negative, a grid whose
    /// cells would have no width, an `hstack` over several collections.
    public func problem(collectionCount: Int) -> String? {
        func positive(_ v: Double, _ name: String) -> String? {
            v.isFinite && v > 0 ? nil : "layout field \"\(name)\" must be a finite number > 0, got \(formatCoordinate(v))"
        }
        func nonNegative(_ v: Double, _ name: String) -> String? {
            v.isFinite && v >= 0 ? nil : "layout field \"\(name)\" must be a finite number >= 0, got \(formatCoordinate(v))"
        }
        if let p = positive(width, "width") ?? positive(height, "height") { return p }
        switch kind {
        case .list(let rowHeight, let spacing, let headerHeight, let heights):
            if let p = positive(rowHeight, "rowHeight") ?? nonNegative(spacing, "spacing") ?? nonNegative(headerHeight, "headerHeight") { return p }
            if heights.values.contains(where: { !($0.isFinite && $0 > 0) }) { return "layout field \"heights\" must map IDs to finite numbers > 0" }
        case .hstack(let itemWidth, let spacing, let widths):
            if let p = positive(itemWidth, "itemWidth") ?? nonNegative(spacing, "spacing") { return p }
            if widths.values.contains(where: { !($0.isFinite && $0 > 0) }) { return "layout field \"widths\" must map IDs to finite numbers > 0" }
            if collectionCount != 1 { return "layout \"hstack\" takes exactly one collection, got \(collectionCount)" }
        case .grid(let columns, let rowHeight, let spacing, let headerHeight):
            if let p = positive(rowHeight, "rowHeight") ?? nonNegative(spacing, "spacing") ?? nonNegative(headerHeight, "headerHeight") { return p }
            switch columns {
            case .fixed(let n) where n < 1: return "layout field \"columns\" must be an integer >= 1, got \(n)"
            case .adaptive(let m): if let p = positive(m, "minimum") { return p }
            default: break
            }
            if let (columns, cellWidth) = gridMetrics(), !(cellWidth > 0) {
                return "grid cell width (width - (columns - 1) * spacing) / columns must be > 0, got \(formatCoordinate(cellWidth)) with \(columns) columns"
            }
        case .board(let columnWidth, let spacing, let rowHeight, let rowSpacing, let headerHeight):
            if let p = positive(columnWidth, "columnWidth") ?? nonNegative(spacing, "spacing") ?? positive(rowHeight, "rowHeight")
                ?? nonNegative(rowSpacing, "rowSpacing") ?? nonNegative(headerHeight, "headerHeight") { return p }
        }
        return nil
    }
}
