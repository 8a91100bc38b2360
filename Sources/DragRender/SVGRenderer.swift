import DragRecording
import ReorderCore

/// Draws one step as a standalone SVG, without a script: for bug trackers,
/// docs and CI artefacts, where a page cannot run. It uses the page's
/// vocabulary and class names (`g.entry[data-id]`, `.fixed`, `.locked`,
/// `polyline.path`, `rect.placeholder`, `.forbidden`), then a caption with
/// the step, its outcome and any failure.
public enum SVGRenderer {
    /// - Parameter step: the index of the step to draw (0-based: people read
    ///   it as step `step + 1`, as on the page); `nil` draws the first
    ///   failing step, else the last one.
    public static func svg(_ document: RenderDocument, step: Int? = nil) -> String {
        guard !document.steps.isEmpty else { return empty(document) }
        let n = min(max(step ?? document.initialStep, 0), document.steps.count - 1)
        let st = document.steps[n]
        // The changes up to the step are applied once: the data before it
        // (where each entry was) and after it (what is drawn).
        var state = document.modelState(after: n - 1)
        let was = positions(state)
        state.apply(st.modelChange)
        let snap = RenderSnapshot(state.data, document.header.layout)
        // Each path where the page draws it: moved with its dragged entry after a change.
        let paths = document.paths.filter { $0.isVisible(at: n) }.map { ($0, document.drawnPath($0, at: n)) }
        let frame = Frame(document, st, snap, paths)
        let px = frame.px

        let width = max(frame.layoutWidth + 16, 640)
        let caption = captionLines(document, n, maxChars: Int((width - 16) / 7))
        let height = frame.layoutHeight + 16 + Double(caption.count) * 17 + 8

        var o = ""
        o.reserveCapacity(4096 + snap.collections.reduce(0) { $0 + $1.entries.count } * 400)
        prologue(&o, document, n, frame, width: width, height: height)
        let sessionColor = RenderStyle.color(session: st.session ?? 0)
        let hitCollection = st.hit?.collection ?? -1
        areas(&o, snap, hit: hitCollection, color: sessionColor, px: px)
        entries(&o, st, snap, was: was, px: px)
        areaLabels(&o, snap, px: px)
        if !snap.enabled { disabledOverlay(&o, document.header, px: px) }
        if let row = st.swipe?.open { swipeRow(&o, row, px: px) }
        if let r = st.placeholder { placeholder(&o, r, color: sessionColor, px: px) }
        if st.operation == .forbidden {
            let area = snap.collections.indices.contains(hitCollection) ? snap.collections[hitCollection].area : frame.view
            forbidden(&o, area, at: st.location, px: px)
        }
        for (path, pts) in paths where !pts.isEmpty { fingerPath(&o, path, pts, step: st, n, px: px) }
        if st.kind == .tap, let p = st.location {
            o += ##"<circle class="tap-mark" cx="\##(f(p.x))" cy="\##(f(p.y))" r="\##(f(6 * px))" fill="none" stroke="#0891b2" "##
            o += ##"stroke-width="\##(f(2 * px))"/>"## + "\n"
        }
        o += "</svg>\n"
        captionGroup(&o, caption, top: frame.layoutHeight + 16 + 12)
        return o
    }

    /// The layout's view box and scale: what there is to see, as the page
    /// does, padded, at a scale that keeps rows legible.
    private struct Frame {
        var view: Rect
        /// One screen pixel in layout units.
        var px: Double
        var layoutWidth: Double
        var layoutHeight: Double

        init(_ document: RenderDocument, _ st: RenderStep, _ snap: RenderSnapshot, _ paths: [(RenderPath, [Point])]) {
            var box = Bounds()
            var minHeight = Double.infinity
            for c in snap.collections {
                box.add(c.area)
                for e in c.entries {
                    box.add(e.frame)
                    if e.frame.height > 0 { minHeight = min(minHeight, e.frame.height) }
                }
            }
            for (_, pts) in paths { for p in pts { box.add(p) } }
            if let p = st.location { box.add(p) }
            if let r = st.placeholder { box.add(r) }
            for b in st.swipe?.open?.buttons ?? [] { box.add(b.frame) }
            if box.isEmpty { box.add(Rect(x: 0, y: 0, width: document.header.width, height: document.header.height)) }
            var view = box.rect
            let pad = min(view.width, view.height) * 0.05 + 2
            view = Rect(x: view.x - pad, y: view.y - pad, width: max(view.width, 1) + 2 * pad, height: max(view.height, 1) + 2 * pad)
            var scale = min(720 / view.width, 560 / view.height)
            if minHeight < .infinity && minHeight * scale > 36 { scale = 36 / minHeight }
            if minHeight < .infinity && minHeight * scale < 18 { scale = min(18 / minHeight, 30000 / view.height, 6000 / view.width) }
            let px = 1 / scale
            if !paths.isEmpty { view.width += 90 * px }  // room for a finger's label on the right
            self.view = view
            self.px = px
            layoutWidth = (view.width * scale).rounded(.up)
            layoutHeight = (view.height * scale).rounded(.up)
        }
    }

    /// The XML declaration, the outer `svg`, title and background, the
    /// layout's nested `svg` with its hatch patterns, and the container's outline.
    private static func prologue(_ o: inout String, _ document: RenderDocument, _ n: Int, _ frame: Frame, width: Double, height: Double) {
        let view = frame.view
        let px = frame.px
        o += ##"<?xml version="1.0" encoding="UTF-8"?>"## + "\n"
        o += ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(f(width))" height="\##(f(height))" "##
        o += ##"viewBox="0 0 \##(f(width)) \##(f(height))" font-family="system-ui, 'DejaVu Sans', sans-serif">"## + "\n"
        o += "<title>\(x(document.header.title)) — step \(n + 1) of \(document.steps.count)</title>\n"
        o += ##"<rect width="100%" height="100%" fill="#fff"/>"## + "\n"
        o += ##"<svg class="layout" x="8" y="8" width="\##(f(frame.layoutWidth))" height="\##(f(frame.layoutHeight))" "##
        o += ##"viewBox="\##(f(view.x)) \##(f(view.y)) \##(f(view.width)) \##(f(view.height))" font-size="\##(f(12 * px))">"## + "\n"
        o += "<defs>"
        o += ##"<pattern id="hatch" patternUnits="userSpaceOnUse" width="\##(f(6 * px))" height="\##(f(6 * px))" "##
        o += ##"patternTransform="rotate(45)"><rect width="\##(f(6 * px))" height="\##(f(6 * px))" fill="#fff"/>"##
        o += ##"<rect width="\##(f(3 * px))" height="\##(f(6 * px))" fill="#e2e8f0"/></pattern>"##
        o += ##"<pattern id="fhatch" patternUnits="userSpaceOnUse" width="\##(f(8 * px))" height="\##(f(8 * px))" "##
        o += ##"patternTransform="rotate(-45)"><rect width="\##(f(3 * px))" height="\##(f(8 * px))" fill="\##(RenderStyle.forbidden)" "##
        o += ##"fill-opacity="0.35"/></pattern>"##
        o += "</defs>\n"
        o += ##"<rect class="container" x="0" y="0" width="\##(f(document.header.width))" height="\##(f(document.header.height))" "##
        o += ##"fill="none" stroke="#94a3b8" stroke-width="\##(f(px))" stroke-dasharray="\##(f(4 * px)) \##(f(3 * px))"/>"## + "\n"
    }

    /// The collections' areas, the hit one in the session's colour.
    private static func areas(_ o: inout String, _ snap: RenderSnapshot, hit hitCollection: Int, color sessionColor: String, px: Double) {
        o += "<g class=\"areas\">\n"
        for (ci, c) in snap.collections.enumerated() {
            let hit = ci == hitCollection
            o += ##"<rect class="area\##(hit ? " hit" : "")" data-collection="\##(ci)" \##(rectAttributes(c.area)) "##
            o += ##"fill="\##(hit ? sessionColor : "#f8fafc")" fill-opacity="\##(hit ? "0.12" : "1")" "##
            o += ##"stroke="\##(hit ? sessionColor : "#cbd5e1")" stroke-width="\##(f((hit ? 2 : 1) * px))"/>"## + "\n"
        }
        o += "</g>\n"
    }

    /// Entries: dragged ones in their session's colour, moved ones marked.
    private static func entries(
        _ o: inout String, _ st: RenderStep, _ snap: RenderSnapshot, was: [StringID: Position], px: Double
    ) {
        var dragged: [StringID: Int] = [:]
        for a in st.activeSessions { for id in a.sources { dragged[id] = a.number } }
        o += "<g class=\"entries\">\n"
        for (ci, c) in snap.collections.enumerated() {
            for (k, e) in c.entries.enumerated() {
                let changed = !was.isEmpty && was[e.id].map { $0 != Position(collection: ci, index: k) } ?? true
                entry(&o, e, session: dragged[e.id], changed: changed, px: px)
            }
        }
        o += "</g>\n"
    }

    /// One entry: its box (hatched when fixed), a mark when it moved, its
    /// ID, and a lock glyph when locked.
    private static func entry(_ o: inout String, _ e: RenderEntry, session: Int?, changed: Bool, px: Double) {
        var cls = "entry"
        if e.fixed { cls += " fixed" }
        if e.locked { cls += " locked" }
        if session != nil { cls += " source" }
        if changed { cls += " changed" }
        var stroke = "#94a3b8"
        var strokeWidth = 1.0
        if e.locked {
            stroke = "#b45309"
            strokeWidth = 2
        }
        if let session {
            stroke = RenderStyle.color(session: session)
            strokeWidth = 2.5
        }
        let r = e.frame
        let inset = min(px, r.width / 4, r.height / 4)
        let fill = e.fixed ? "url(#hatch)" : session.map { RenderStyle.color(session: $0) } ?? "#fff"
        o += ##"<g class="\##(cls)" data-id="\##(x(e.id.string))">"##
        o += ##"<rect class="box" x="\##(f(r.x + inset))" y="\##(f(r.y + inset))" width="\##(f(max(r.width - 2 * inset, 0)))" "##
        o += ##"height="\##(f(max(r.height - 2 * inset, 0)))" rx="\##(f(min(3 * px, r.height / 4)))" fill="\##(fill)" "##
        o += ##"fill-opacity="\##(session != nil && !e.fixed ? "0.15" : "1")" stroke="\##(stroke)" "##
        o += ##"stroke-width="\##(f(strokeWidth * px))"/>"##
        if changed {
            o += ##"<rect class="changed-mark" x="\##(f(r.x + inset))" y="\##(f(r.y + inset))" "##
            o += ##"width="\##(f(min(4 * px, r.width / 3)))" "##
            o += ##"height="\##(f(max(r.height - 2 * inset, 0)))" fill="#f59e0b"/>"##
        }
        o += ##"<svg x="\##(f(r.x))" y="\##(f(r.y))" width="\##(f(max(r.width, 0)))" height="\##(f(max(r.height, 0)))">"##
        o += ##"<text x="\##(f(6 * px))" y="\##(f(r.height / 2))" dominant-baseline="central" "##
        o += ##"font-size="\##(f(min(r.height * 0.62, 13 * px)))" fill="\##(e.fixed ? "#475569" : "#0f172a")">"##
        o += Markup.shownXML(e.id.string) + "</text></svg>"
        if e.locked { lockGlyph(&o, r, px: px) }
        o += "</g>\n"
    }

    /// A padlock at the right end of a locked entry's frame `r`.
    private static func lockGlyph(_ o: inout String, _ r: Rect, px: Double) {
        let s = min(9 * px, r.height * 0.5)
        let lx = r.x + r.width - s - 4 * px
        let ly = r.y + (r.height - s) / 2 + s * 0.35
        o += ##"<g class="lock-glyph"><rect x="\##(f(lx))" y="\##(f(ly))" width="\##(f(s))" "##
        o += ##"height="\##(f(s * 0.65))" fill="#b45309"/>"##
        o += ##"<path d="M\##(f(lx + s * 0.22)) \##(f(ly)) v\##(f(-s * 0.2)) a\##(f(s * 0.28)) \##(f(s * 0.28)) 0 0 1 "##
        o += ##"\##(f(s * 0.56)) 0 v\##(f(s * 0.2))" fill="none" stroke="#b45309" stroke-width="\##(f(1.4 * px))"/></g>"##
    }

    /// Each collection's ID and fill (`count/capacity`, red when over) at
    /// its top right; none for a collection with neither.
    private static func areaLabels(_ o: inout String, _ snap: RenderSnapshot, px: Double) {
        for c in snap.collections {
            let count = c.entries.lazy.filter { !$0.fixed }.count
            let name = c.id?.string ?? ""
            let capacity = c.capacity.map { (name.isEmpty ? "" : "  ") + "\(count)/\($0)" } ?? ""
            if name.isEmpty && capacity.isEmpty { continue }
            let over = c.capacity.map { count > $0 } ?? false
            o += ##"<text class="area-label\##(over ? " over" : "")" x="\##(f(c.area.maxX - 3 * px))" y="\##(f(c.area.y + 3 * px))" "##
            o += ##"text-anchor="end" dominant-baseline="hanging" font-size="\##(f(10 * px))" fill="\##(over ? "#b91c1c" : "#475569")" "##
            o +=
                ##"stroke="#fff" stroke-width="\##(f(3 * px))" paint-order="stroke">\##(Markup.shownXML(name) + x(capacity))</text>"##
                + "\n"
        }
    }

    /// A grey veil over a disabled container, with a note.
    private static func disabledOverlay(_ o: inout String, _ header: RenderHeader, px: Double) {
        o += ##"<rect class="disabled-overlay" x="0" y="0" width="\##(f(header.width))" "##
        o += ##"height="\##(f(header.height))" fill="#64748b" fill-opacity="0.15"/>"## + "\n"
        o += ##"<text x="\##(f(header.width / 2))" y="\##(f(14 * px))" text-anchor="middle" font-size="\##(f(12 * px))" "##
        o += ##"fill="#334155" stroke="#fff" stroke-width="\##(f(3 * px))" paint-order="stroke">container disabled</text>"## + "\n"
    }

    /// The open row's swipe buttons, destructive ones red.
    private static func swipeRow(_ o: inout String, _ row: RenderSwipeRow, px: Double) {
        o += ##"<g class="swipe-row" data-item="\##(x(row.item.string))" data-edge="\##(x(row.edge))">"##
        for b in row.buttons {
            let r = b.frame
            o += ##"<g class="swipe-button" data-action="\##(x(b.action))"><rect \##(rectAttributes(r)) "##
            o += ##"fill="\##(b.destructive ? "#dc2626" : "#475569")"/><svg \##(rectAttributes(r))>"##
            o += ##"<text x="\##(f(r.width / 2))" y="\##(f(r.height / 2))" text-anchor="middle" dominant-baseline="central" "##
            o += ##"font-size="\##(f(min(r.height * 0.55, 12 * px)))" fill="#fff">\##(x(b.label))</text></svg></g>"##
        }
        o += "</g>\n"
    }

    /// The drop placeholder, dashed, in the session's colour.
    private static func placeholder(_ o: inout String, _ r: Rect, color sessionColor: String, px: Double) {
        o += ##"<rect class="placeholder" x="\##(f(r.x))" y="\##(f(r.y))" width="\##(f(max(r.width, px)))" "##
        o += ##"height="\##(f(max(r.height, px)))" fill="\##(sessionColor)" fill-opacity="0.3" stroke="\##(sessionColor)" "##
        o += ##"stroke-width="\##(f(2 * px))" stroke-dasharray="\##(f(5 * px)) \##(f(3 * px))"/>"## + "\n"
    }

    /// A forbidden drop: `area` hatched, and a no-entry sign at the finger.
    private static func forbidden(_ o: inout String, _ area: Rect, at location: Point?, px: Double) {
        o += ##"<g class="forbidden"><rect \##(rectAttributes(area)) fill="url(#fhatch)" stroke="\##(RenderStyle.forbidden)" "##
        o += ##"stroke-width="\##(f(2 * px))"/>"##
        if let p = location {
            let r = 9 * px
            o += ##"<circle cx="\##(f(p.x))" cy="\##(f(p.y))" r="\##(f(r))" fill="#fff" stroke="\##(RenderStyle.forbidden)" "##
            o += ##"stroke-width="\##(f(2.5 * px))"/><line x1="\##(f(p.x - r * 0.7))" y1="\##(f(p.y + r * 0.7))" "##
            o += ##"x2="\##(f(p.x + r * 0.7))" y2="\##(f(p.y - r * 0.7))" stroke="\##(RenderStyle.forbidden)" "##
            o += ##"stroke-width="\##(f(2.5 * px))"/>"##
        }
        o += "</g>\n"
    }

    /// A finger's path: the polyline from its lift, the lift mark, the end
    /// (a drop or cancel mark when it ended at step `n`, else the finger),
    /// and its label with the step's operation when it is the step's session.
    private static func fingerPath(_ o: inout String, _ path: RenderPath, _ pts: [Point], step st: RenderStep, _ n: Int, px: Double) {
        let c = RenderStyle.color(session: path.session)
        o += ##"<g class="finger-path" data-session="\##(path.session)">"##
        o += ##"<polyline class="path" data-session="\##(path.session)" points=""##
        for (i, p) in pts.enumerated() { o += (i > 0 ? " " : "") + f(p.x) + "," + f(p.y) }
        o += ##"" fill="none" stroke="\##(c)" stroke-width="\##(f(2 * px))" stroke-opacity="0.85" stroke-linejoin="round"/>"##
        o += ##"<circle class="lift-mark" cx="\##(f(pts[0].x))" cy="\##(f(pts[0].y))" r="\##(f(4 * px))" fill="#fff" "##
        o += ##"stroke="\##(c)" stroke-width="\##(f(2 * px))"/>"##
        let e = pts[pts.count - 1]
        let ended = path.lastStep == n
        if ended && path.end == .drop {
            o += ##"<rect class="drop-mark" x="\##(f(e.x - 5 * px))" y="\##(f(e.y - 5 * px))" width="\##(f(10 * px))" "##
            o += ##"height="\##(f(10 * px))" fill="\##(c)"/>"##
        } else if ended && path.end == .cancel {
            o += ##"<path class="cancel-mark" d="M\##(f(e.x - 5 * px)) \##(f(e.y - 5 * px)) l\##(f(10 * px)) \##(f(10 * px)) "##
            o += ##"m0 \##(f(-10 * px)) l\##(f(-10 * px)) \##(f(10 * px))" stroke="\##(c)" stroke-width="\##(f(2.5 * px))"/>"##
        } else {
            o += ##"<circle class="finger" cx="\##(f(e.x))" cy="\##(f(e.y))" r="\##(f(5 * px))" fill="\##(c)"/>"##
        }
        // As the page labels it: a drop is a drop, a cancel a cancel; while it moves, the answered operation.
        var label = "s\(path.session)"
        let own = st.session == path.session
        if ended, let end = path.end {
            label += " " + end.rawValue
        } else if own, let op = st.operation {
            label += " " + (op == .copy ? "+copy" : op.rawValue)
        }
        o += ##"<text class="finger-label" x="\##(f(e.x + 8 * px))" y="\##(f(e.y - 8 * px))" font-size="\##(f(11 * px))" "##
        o += ##"fill="\##(own && st.operation == .forbidden ? RenderStyle.forbidden : c)" stroke="#fff" "##
        o += ##"stroke-width="\##(f(3 * px))" paint-order="stroke" font-weight="bold">\##(x(label))</text></g>"## + "\n"
    }

    /// The caption below the layout, a `text` per line from `top` down,
    /// failures red and bold, then the outer `svg`'s end.
    private static func captionGroup(_ o: inout String, _ caption: [CaptionLine], top: Double) {
        o += ##"<g class="caption" font-size="12">"## + "\n"
        var y = top
        for line in caption {
            let color = line.failure ? RenderStyle.failure : (line.bold ? "#0f172a" : "#334155")
            let weight = line.bold || line.failure ? " font-weight=\"bold\"" : ""
            o += ##"<text x="8" y="\##(f(y))" fill="\##(color)"\##(weight)"##
            o += ##" xml:space="preserve">\##(x(line.text))</text>"## + "\n"
            y += 17
        }
        o += "</g>\n</svg>\n"
    }

    private struct Position: Equatable {
        var collection: Int
        var index: Int
    }

    private struct CaptionLine {
        var text: String
        var bold = false
        var failure = false
    }

    /// A growing bounding box.
    private struct Bounds {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        var isEmpty: Bool { x0 == .infinity }
        var rect: Rect { Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) }
        mutating func add(_ r: Rect) {
            x0 = min(x0, r.x)
            y0 = min(y0, r.y)
            x1 = max(x1, r.maxX)
            y1 = max(y1, r.maxY)
        }
        mutating func add(_ p: Point) { add(Rect(x: p.x, y: p.y, width: 0, height: 0)) }
    }

    private static func empty(_ document: RenderDocument) -> String {
        ##"<?xml version="1.0" encoding="UTF-8"?>"## + "\n"
            + ##"<svg xmlns="http://www.w3.org/2000/svg" width="640" height="40" viewBox="0 0 640 40">"##
            + ##"<text x="8" y="24" font-family="sans-serif" font-size="12">\##(x(document.header.title)): no events</text></svg>"## + "\n"
    }

    /// Where each entry stands in `state`.
    private static func positions(_ state: RenderDataState) -> [StringID: Position] {
        var m: [StringID: Position] = [:]
        for (ci, c) in state.collections.enumerated() {
            for (k, id) in c.entries.enumerated() { m[id] = Position(collection: ci, index: k) }
        }
        return m
    }

    private static func captionLines(_ doc: RenderDocument, _ n: Int, maxChars: Int) -> [CaptionLine] {
        let st = doc.steps[n]
        var lines: [CaptionLine] = []
        let lineText = st.firstLine == st.lastLine ? "\(st.firstLine)" : "\(st.firstLine)-\(st.lastLine)"
        lines.append(
            CaptionLine(
                text: "\(doc.header.title) — step \(n + 1) / \(doc.steps.count) · \(st.kind.rawValue) · line \(lineText) · "
                    + "t=\(Format.number(st.lastT)) ms", bold: true))
        if let status = doc.header.status {
            lines.append(CaptionLine(text: "replay: \(status.uppercased()) · \(doc.header.subject)", failure: status != "pass"))
        }
        for m in doc.header.messages { lines.append(CaptionLine(text: m, failure: m.contains(": error: "))) }
        lines.append(CaptionLine(text: st.text))
        var facts: [String] = []
        if let op = st.operation { facts.append("operation: \(op.rawValue)") }
        if let d = st.destination { facts.append("destination: \(d)") }
        if let o = st.outcome { facts.append("outcome: \(o)") }
        if !facts.isEmpty { lines.append(CaptionLine(text: facts.joined(separator: " · "))) }
        if let d = st.difference {
            let to = d.before.map { "before \(Format.quoted($0))" } ?? "end"
            let sources = d.sources.map(Format.quoted).joined(separator: ", ")
            let collection = d.collection.map { " in \(Format.quoted($0))" } ?? ""
            let when = d.deferred ? " (deferred)" : " (applied)"
            lines.append(CaptionLine(text: "difference: [\(sources)] → \(to)\(collection)\(when)"))
        }
        for w in st.warnings { lines.append(CaptionLine(text: "warning: \(w)")) }
        if let e = st.expectation {
            if e.passed {
                lines.append(CaptionLine(text: "✓ expectation passed"))
            } else {
                lines.append(CaptionLine(text: "✗ expectation failed", failure: true))
                for f in e.failures { lines.append(CaptionLine(text: "  \(f)", failure: true)) }
                lines.append(CaptionLine(text: "  expected: \(e.expected)"))
                lines.append(CaptionLine(text: "  actual:   \(e.actual)"))
            }
        }
        if !st.failures.isEmpty {
            lines.append(CaptionLine(text: "✗ invariant failures", failure: true))
            for f in st.failures { lines.append(CaptionLine(text: "  \(f)", failure: true)) }
        }
        if let sw = st.swipe {
            if let o = sw.open {
                let labels = o.buttons.map { "[\($0.label)]" }.joined(separator: " ")
                lines.append(CaptionLine(text: "open row: \(o.item) \(o.edge): \(labels)"))
            }
            for p in sw.presentations {
                lines.append(CaptionLine(text: "presentation: \(p.item) \(p.isPresented ? "shown" : "dismissed")"))
            }
            if let a = sw.performed { lines.append(CaptionLine(text: "performed: \(a.action) on \(a.item)")) }
        }
        // No wrapping in SVG text: cut long lines into pieces.
        let width = max(maxChars, 20)
        return lines.flatMap { line -> [CaptionLine] in
            let flat = line.text.map { $0 == "\n" || $0 == "\r\n" ? " " : $0 }
            guard flat.count > width else { return [CaptionLine(text: String(flat), bold: line.bold, failure: line.failure)] }
            return Swift.stride(from: 0, to: flat.count, by: width).map {
                CaptionLine(text: String(flat[$0..<min($0 + width, flat.count)]), bold: line.bold, failure: line.failure)
            }
        }
    }

    private static func rectAttributes(_ r: Rect) -> String {
        ##"x="\##(f(r.x))" y="\##(f(r.y))" width="\##(f(max(r.width, 0)))" height="\##(f(max(r.height, 0)))""##
    }

    /// Coordinates to 1/1000 of a point: exact enough, and short.
    private static func f(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        return Format.number((v * 1000).rounded() / 1000)
    }

    private static func x(_ s: String) -> String { Markup.xml(s) }
}
