import ReorderCore

extension RecordedEvent {
    /// The event on one line, e.g. `drop s0 at (50, 22)`: the one description
    /// of an event, which `--trace` prints and the page's timeline shows. A
    /// drag event is worded for reading; any other event is its canonical
    /// line (escaped for a terminal), so a new kind is described by its
    /// writer and needs nothing here.
    public var summary: String {
        let s = session
        switch kind {
        case .lift(let items, let x, let y, let ops, let external):
            return "lift s\(s) \(Format.ids(items)) at \(Format.point(Point(x: x, y: y)))"
                + (ops == .move ? "" : " ops \(ops.names.joined(separator: "+"))") + (external ? " external" : "")
        case .move(let x, let y): return "move s\(s) to \(Format.point(Point(x: x, y: y)))"
        case .drop(let x, let y, let deferred):
            return "drop s\(s) at \(Format.point(Point(x: x, y: y)))" + (deferred ? " (apply deferred)" : "")
        case .cancel: return "cancel s\(s)"
        case .apply: return "apply s\(s)"
        case .insert, .delete, .relocate, .update, .reload, .enable, .disable, .lock, .unlock, .expect, .swipe, .scroll, .tap:
            return Format.escapingControls(CanonicalWriter.line(for: self))  // JSON escapes C0 only
        }
    }
}
