import ReorderCore

extension Layout where ItemID == String {
    /// Why this layout cannot be laid out (`nil` when it can): sizes the spec
    /// requires positive, spacings that must not be negative, a grid whose
    /// cells would have no width, an `hstack` over several collections.
    /// Messages name the recording's fields, so they live here, not in the core.
    /// Sizes and columns must also stay within `Limits`.
    public func validationProblem(collectionCount: Int) -> String? {
        func positive(_ v: Double, _ name: String) -> String? {
            guard v.isFinite && v > 0 else { return "layout field \"\(name)\" must be a finite number > 0, got \(Format.number(v))" }
            if v > Limits.maxSize { return "layout field \"\(name)\" must be at most 1e12 (the limit on sizes), got \(Format.number(v))" }
            if v < Limits.minPositiveSize {
                return "layout field \"\(name)\" must be at least 1e-6 (the smallest size), got \(Format.number(v))"
            }
            return nil
        }
        func nonNegative(_ v: Double, _ name: String) -> String? {
            guard v.isFinite && v >= 0 else { return "layout field \"\(name)\" must be a finite number >= 0, got \(Format.number(v))" }
            return v > Limits.maxSize ? "layout field \"\(name)\" must be at most 1e12 (the limit on sizes), got \(Format.number(v))" : nil
        }
        func sizes(_ map: [String: Double], _ name: String) -> String? {
            for (id, v) in map.sorted(by: { $0.key < $1.key }) {
                if let p = positive(v, Format.field(name, key: id)) { return p }
            }
            return nil
        }
        if let p = positive(width, "width") ?? positive(height, "height") { return p }
        switch kind {
        case .list(let rowHeight, let spacing, let headerHeight, let heights):
            if let p = positive(rowHeight, "rowHeight") ?? nonNegative(spacing, "spacing") ?? nonNegative(headerHeight, "headerHeight") {
                return p
            }
            if let p = sizes(heights, "heights") { return p }
        case .hstack(let itemWidth, let spacing, let widths):
            if let p = positive(itemWidth, "itemWidth") ?? nonNegative(spacing, "spacing") { return p }
            if let p = sizes(widths, "widths") { return p }
            if collectionCount != 1 { return "layout \"hstack\" takes exactly one collection, got \(collectionCount)" }
        case .grid(let columns, let rowHeight, let spacing, let headerHeight):
            if let p = positive(rowHeight, "rowHeight") ?? nonNegative(spacing, "spacing") ?? nonNegative(headerHeight, "headerHeight") {
                return p
            }
            switch columns {
            case .fixed(let n) where n < 1: return "layout field \"columns\" must be an integer >= 1, got \(n)"
            case .fixed(let n) where n > Limits.maxColumns:
                return "layout field \"columns\" must be at most 1000000 (the limit on columns), got \(n)"
            case .adaptive(let m): if let p = positive(m, "minimum") { return p }
            default: break
            }
            if let (columns, _) = gridMetrics(), columns > Limits.maxColumns {
                return
                    "an adaptive grid of width \(Format.number(width)) and minimum \(Format.number(gridMinimum ?? 0)) has \(columns) columns, "
                    + "over the limit of 1000000"
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

extension Layout {
    fileprivate var gridMinimum: Double? {
        if case .grid(.adaptive(let m), _, _, _) = kind { return m }
        return nil
    }
}
