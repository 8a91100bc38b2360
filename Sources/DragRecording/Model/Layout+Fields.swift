import ReorderCore

// Each layout kind's fields in a recording (spec 1.2), beside `kind`, `width`
// and `height`, declared once: the validator checks, the canonical writer
// writes and the reader reads them through these two switches, so a new
// kind in `Layout.Kind` is flagged by the compiler here and its fields reach
// all three. What a field may hold is its role (a size, a spacing, ...).

/// Visits a layout's fields, in the canonical writer's order.
package protocol LayoutFieldVisitor: ~Copyable {
    /// A size along an axis, required, finite and > 0 (`rowHeight`, `itemWidth`).
    mutating func size(_ name: StaticString, _ value: Double)
    /// A spacing or header height, optional (0 when absent), finite and >= 0.
    mutating func spacing(_ name: StaticString, _ value: Double)
    /// Per-item sizes along the axis, `{id: size}`, optional (empty when absent), each > 0.
    mutating func sizes(_ name: StaticString, _ value: [StringID: Double])
    /// A grid's columns: exactly one of `columns` (an integer >= 1) and `minimum` (> 0).
    mutating func columns(_ value: Layout<StringID>.GridColumns)
}

/// Reads a layout's fields by role, in the same order (the reader's
/// messages name the first bad one).
package protocol LayoutFieldReader {
    associatedtype Failure: Error
    func size(_ name: StaticString) throws(Failure) -> Double
    func spacing(_ name: StaticString) throws(Failure) -> Double
    func sizes(_ name: StaticString) throws(Failure) -> [StringID: Double]
    func columns() throws(Failure) -> Layout<StringID>.GridColumns
}

extension Layout where ItemID == StringID {
    /// Every field of this layout's kind, in the order a recording writes them.
    package func visitFields<V: LayoutFieldVisitor & ~Copyable>(_ v: inout V) {
        switch kind {
        case .list(let rowHeight, let spacing, let headerHeight, let heights):
            v.size("rowHeight", rowHeight)
            v.spacing("spacing", spacing)
            v.spacing("headerHeight", headerHeight)
            v.sizes("heights", heights)
        case .hstack(let itemWidth, let spacing, let widths):
            v.size("itemWidth", itemWidth)
            v.spacing("spacing", spacing)
            v.sizes("widths", widths)
        case .grid(let columns, let rowHeight, let spacing, let headerHeight):
            v.columns(columns)
            v.size("rowHeight", rowHeight)
            v.spacing("spacing", spacing)
            v.spacing("headerHeight", headerHeight)
        case .board(let columnWidth, let spacing, let rowHeight, let rowSpacing, let headerHeight):
            v.size("columnWidth", columnWidth)
            v.spacing("spacing", spacing)
            v.size("rowHeight", rowHeight)
            v.spacing("rowSpacing", rowSpacing)
            v.spacing("headerHeight", headerHeight)
        }
    }

    /// A layout of `kind` whose fields `fields` reads, in the order of `visitFields`.
    package init<R: LayoutFieldReader>(_ kind: LayoutKind, width: Double, height: Double, fields r: R) throws(R.Failure) {
        let metrics: Kind
        switch kind {
        case .list:
            metrics = .list(
                rowHeight: try r.size("rowHeight"), spacing: try r.spacing("spacing"), headerHeight: try r.spacing("headerHeight"),
                heights: try r.sizes("heights"))
        case .hstack:
            metrics = .hstack(itemWidth: try r.size("itemWidth"), spacing: try r.spacing("spacing"), widths: try r.sizes("widths"))
        case .grid:
            metrics = .grid(
                columns: try r.columns(), rowHeight: try r.size("rowHeight"), spacing: try r.spacing("spacing"),
                headerHeight: try r.spacing("headerHeight"))
        case .board:
            metrics = .board(
                columnWidth: try r.size("columnWidth"), spacing: try r.spacing("spacing"), rowHeight: try r.size("rowHeight"),
                rowSpacing: try r.spacing("rowSpacing"), headerHeight: try r.spacing("headerHeight"))
        }
        self.init(kind: metrics, width: width, height: height)
    }

    /// What a kind requires beyond its fields' own rules (`nil`: nothing
    /// wrong): an `hstack` lays out one collection, a grid's cells need a
    /// width. Checked after every field is.
    func kindProblem(collectionCount: Int) -> String? {
        if kindName.takesOneCollection && collectionCount != 1 {
            return "layout \"\(kindName.rawValue)\" takes exactly one collection, got \(collectionCount)"
        }
        switch kind {
        case .list, .board, .hstack: return nil
        case .grid(let columns, _, _, _):
            guard let (count, cellWidth) = gridMetrics() else { return nil }
            if count > Limits.maxColumns {
                let minimum: Double
                switch columns {
                case .fixed: minimum = 0
                case .adaptive(let m): minimum = m
                }
                return
                    "an adaptive grid of width \(Format.number(width)) and minimum \(Format.number(minimum)) has \(count) columns, "
                    + "over the limit of 1000000"
            }
            if !(cellWidth > 0) {
                return
                    "grid cell width (width - (columns - 1) * spacing) / columns must be > 0, got \(Format.number(cellWidth)) with \(count) columns"
            }
            return nil
        }
    }
}
