import ReorderCore

extension Layout where ItemID == String {
    /// Why this layout cannot be laid out (`nil` when it can): sizes the spec
    /// requires positive, spacings that must not be negative, a grid whose
    /// cells would have no width, an `hstack` over several collections.
    /// Messages name the recording's fields, so they live here, not in the core.
    public func validationProblem(collectionCount: Int) -> String? {
        func positive(_ v: Double, _ name: String) -> String? {
            v.isFinite && v > 0 ? nil : "layout field \"\(name)\" must be a finite number > 0, got \(Format.number(v))"
        }
        func nonNegative(_ v: Double, _ name: String) -> String? {
            v.isFinite && v >= 0 ? nil : "layout field \"\(name)\" must be a finite number >= 0, got \(Format.number(v))"
        }
        if let p = positive(width, "width") ?? positive(height, "height") { return p }
        switch kind {
        case .list(let rowHeight, let spacing, let headerHeight, let heights):
            if let p = positive(rowHeight, "rowHeight") ?? nonNegative(spacing, "spacing") ?? nonNegative(headerHeight, "headerHeight") {
                return p
            }
            if heights.values.contains(where: { !($0.isFinite && $0 > 0) }) {
                return "layout field \"heights\" must map IDs to finite numbers > 0"
            }
        case .hstack(let itemWidth, let spacing, let widths):
            if let p = positive(itemWidth, "itemWidth") ?? nonNegative(spacing, "spacing") { return p }
            if widths.values.contains(where: { !($0.isFinite && $0 > 0) }) {
                return "layout field \"widths\" must map IDs to finite numbers > 0"
            }
            if collectionCount != 1 { return "layout \"hstack\" takes exactly one collection, got \(collectionCount)" }
        case .grid(let columns, let rowHeight, let spacing, let headerHeight):
            if let p = positive(rowHeight, "rowHeight") ?? nonNegative(spacing, "spacing") ?? nonNegative(headerHeight, "headerHeight") {
                return p
            }
            switch columns {
            case .fixed(let n) where n < 1: return "layout field \"columns\" must be an integer >= 1, got \(n)"
            case .adaptive(let m): if let p = positive(m, "minimum") { return p }
            default: break
            }
            if let (columns, cellWidth) = gridMetrics(), !(cellWidth > 0) {
                return
                    "grid cell width (width - (columns - 1) * spacing) / columns must be > 0, got \(Format.number(cellWidth)) with \(columns) columns"
            }
        case .board(let columnWidth, let spacing, let rowHeight, let rowSpacing, let headerHeight):
            if let p = positive(columnWidth, "columnWidth") ?? nonNegative(spacing, "spacing") ?? positive(rowHeight, "rowHeight")
                ?? nonNegative(rowSpacing, "rowSpacing") ?? nonNegative(headerHeight, "headerHeight")
            {
                return p
            }
        }
        return nil
    }
}
