import DragRecording
import ReorderCore

/// The layout as the page's script reads it: the kind (which the page only
/// prints), the container's size, and its `PageGeometry`, from which the
/// script places every entry and area as `Layout.frames(in:)` and
/// `Layout.sections(frames:)` do, whatever the kind
/// (Tests/page/geometry.test.mjs checks it against the core's own frames).
/// Its size is bounded: per-item sizes are the layout's own, never frames.
enum DocumentLayoutJSON {
    static func layout(_ l: Layout<StringID>, _ w: inout _JSONBuffer) {
        let g = PageGeometry(l)
        w.open()
        w.key("kind")
        w.string(l.kindName.rawValue)
        field("width", l.width, &w)
        field("height", l.height, &w)
        w.key("axis")
        w.string(g.axis.rawValue)
        field("header", g.header, &w)
        field("length", g.length, &w)
        field("breadth", g.breadth, &w)
        field("gap", g.gap, &w)
        w.key("wrap")
        w.integer(g.wrap)
        field("cross", g.cross, &w)
        field("band", g.band, &w)
        w.key("stack")
        w.bool(g.stack)
        field("stride", g.stride, &w)
        w.key("lone")
        w.bool(g.lone)
        if let s = g.sizes { sizes(s, &w) }
        w.key("legible")
        w.openArray()
        value(g.legible.fittedToHeight, &w)
        value(g.legible.fittedToWidth, &w)
        w.closeArray()
        w.close()
    }

    private static func field(_ name: StaticString, _ v: Double, _ w: inout _JSONBuffer) {
        w.key(name)
        value(v, &w)
    }

    private static func value(_ v: Double, _ w: inout _JSONBuffer) { if v.isFinite { w.number(v) } else { w.null() } }

    /// Per-item lengths along the main axis, by ID, in ID order.
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
