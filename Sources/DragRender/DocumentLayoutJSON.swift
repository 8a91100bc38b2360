import DragRecording
import ReorderCore

/// The layout as the page's script reads it: the kind, the container's
/// size, and the metrics of `Layout.Kind` by name (a grid's columns and
/// cell width resolved by the core's `gridMetrics()`), from which the
/// script places every entry and area as `Layout.frames(in:)` and
/// `Layout.sections(frames:)` do (Tests/page/geometry.test.mjs checks it
/// against the core's own frames).
enum DocumentLayoutJSON {
    static func layout(_ l: Layout<StringID>, _ w: inout _JSONBuffer) {
        w.open()
        w.key("kind")
        w.string(l.kindName.rawValue)
        field("width", l.width, &w)
        field("height", l.height, &w)
        switch l.kind {
        case .list(let rowHeight, let spacing, let headerHeight, let heights):
            field("rowHeight", rowHeight, &w)
            field("spacing", spacing, &w)
            field("headerHeight", headerHeight, &w)
            sizes(heights, &w)
        case .hstack(let itemWidth, let spacing, let widths):
            field("itemWidth", itemWidth, &w)
            field("spacing", spacing, &w)
            sizes(widths, &w)
        case .grid(_, let rowHeight, let spacing, let headerHeight):
            let (columns, cellWidth) = l.gridMetrics()!
            w.key("columns")
            w.integer(columns)
            field("cellWidth", cellWidth, &w)
            field("rowHeight", rowHeight, &w)
            field("spacing", spacing, &w)
            field("headerHeight", headerHeight, &w)
        case .board(let columnWidth, let spacing, let rowHeight, let rowSpacing, let headerHeight):
            field("columnWidth", columnWidth, &w)
            field("spacing", spacing, &w)
            field("rowHeight", rowHeight, &w)
            field("rowSpacing", rowSpacing, &w)
            field("headerHeight", headerHeight, &w)
        }
        w.close()
    }

    private static func field(_ name: StaticString, _ v: Double, _ w: inout _JSONBuffer) {
        w.key(name)
        value(v, &w)
    }

    private static func value(_ v: Double, _ w: inout _JSONBuffer) { if v.isFinite { w.number(v) } else { w.null() } }

    /// Per-item heights (list) or widths (hstack), by ID, in ID order.
    private static func sizes(_ m: [StringID: Double], _ w: inout _JSONBuffer) {
        w.key("sizes")
        w.open()
        for (id, v) in m.sorted(by: { $0.key < $1.key }) {
            w.key(id: id)
            value(v, &w)
        }
        w.close()
    }
}
