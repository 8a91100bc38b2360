import DragRecording
import ReorderCore

/// The document as the compact JSON the page's script reads: the layout's
/// rule and the initial data once, steps with short keys, each with only
/// what it changed in the data, absent fields omitted. Every key
/// is in docs/page-document.md (Tests/page/schema.test.mjs keeps the two in
/// step). Session numbers are written as strings: they are 64-bit integers,
/// which a JavaScript number does not hold exactly.
enum DocumentJSON {
    static func encode(_ doc: RenderDocument) -> [UInt8] {
        precondition(doc.spool == nil, "a spooled document is written by HTMLRenderer.write, not held in memory")
        var w = _JSONBuffer(capacity: doc.byteEstimate + doc.byteEstimate / 8 + 4096)
        head(doc, &w)
        for p in doc.paths {
            w.element()
            path(p, &w)
        }
        w.closeArray()
        w.key("steps")
        w.openArray()
        for s in doc.steps {
            w.element()
            step(s, &w)
        }
        w.closeArray()
        w.close()
        return w.bytes
    }

    /// What `encode` writes between the paths and the steps, and after the
    /// steps: a spooled document's page is `head`, its paths, `middle`,
    /// its steps, `tail` (RenderStepSpoolTests keeps it equal to `encode`).
    static let middle = Array(#"],"steps":["#.utf8)
    static let tail = Array("]}".utf8)

    /// Everything up to the paths' opening bracket.
    /// - Parameter scriptSafe: as `Markup.scriptSafe` makes it (see `_JSONBuffer`).
    static func head(_ doc: RenderDocument, scriptSafe: Bool = false) -> [UInt8] {
        var w = _JSONBuffer(scriptSafe: scriptSafe)
        head(doc, &w)
        return w.bytes
    }

    private static func head(_ doc: RenderDocument, _ w: inout _JSONBuffer) {
        w.open()
        w.key("format")
        w.string("dragrender")
        w.key("version")
        w.integer(2)
        let h = doc.header
        w.key("title")
        w.string(h.title)
        w.key("path")
        w.string(h.path)
        w.key("subject")
        w.string(h.subject)
        if let d = h.description {
            w.key("description")
            w.string(d)
        }
        if let st = h.status {
            w.key("status")
            w.string(st)
        }
        if !h.messages.isEmpty {
            w.key("messages")
            w.strings(h.messages)
        }
        w.key("layout")
        DocumentLayoutJSON.layout(h.layout, &w)
        w.key("events")
        w.integer(doc.eventCount)
        w.key("pathLimit")
        w.integer(doc.pathLimit)
        w.key("firstFailing")
        optionalInt(doc.firstFailingStep, &w)
        w.key("start")
        w.integer(doc.initialStep)
        w.key("data")
        data(doc.initialData, &w)
        w.key("palette")
        w.strings(RenderStyle.palette)
        // The kinds the timeline marks as mutations: from `EventKind`, so the
        // script never spells the list of events.
        w.key("mutations")
        w.strings(EventKind.allCases.filter(\.isMutation).map(\.rawValue))
        // The scalars the page writes as escapes: `SafeText.isUnsafe`'s, as
        // ranges, so the script has no list of its own.
        w.key("unsafe")
        w.openArray()
        for r in Markup.unsafeRanges {
            w.element()
            w.openArray()
            w.integer(Int(r.lowerBound))
            w.integer(Int(r.upperBound))
            w.closeArray()
        }
        w.closeArray()
        if let r = doc.replicas {
            w.key("replicas")
            DocumentReplicasJSON.replicas(r, &w)
        }
        w.key("paths")
        w.openArray()
    }

    /// Recordings have finite numbers (spec 1); anything else becomes null
    /// rather than text JSON cannot read.
    private static func number(_ v: Double, _ w: inout _JSONBuffer) { if v.isFinite { w.number(v) } else { w.null() } }
    private static func optionalInt(_ v: Int?, _ w: inout _JSONBuffer) { if let v { w.integer(v) } else { w.null() } }
    private static func optionalString(_ v: String?, _ w: inout _JSONBuffer) { if let v { w.string(v) } else { w.null() } }

    private static func optionalString(_ v: StringID?, _ w: inout _JSONBuffer) { if let v { w.string(v) } else { w.null() } }

    private static func rect(_ r: Rect, _ w: inout _JSONBuffer) {
        number(r.x, &w)
        number(r.y, &w)
        number(r.width, &w)
        number(r.height, &w)
    }

    /// `{enabled, locked, collections: [[id, capacity, fixed count, [entry ID]]]}`.
    private static func data(_ d: RenderData, _ w: inout _JSONBuffer) {
        w.open()
        w.key("enabled")
        w.bool(d.isEnabled)
        w.key("locked")
        w.strings(d.locked.sorted())
        w.key("collections")
        w.openArray()
        for c in d.collections {
            w.element()
            w.openArray()
            optionalString(c.id, &w)
            optionalInt(c.capacity, &w)
            w.integer(c.fixed.count)
            w.element()
            w.openArray()
            for id in c.fixed { w.string(id) }
            for id in c.items { w.string(id) }
            w.closeArray()
            w.closeArray()
        }
        w.closeArray()
        w.close()
    }

    /// `{edits: [[collection, start, removed, [entry ID], fixed count or null]], locked, enabled}`, or `{all: data}`.
    private static func change(_ c: RenderDataChange, _ w: inout _JSONBuffer) {
        w.open()
        if let r = c.replacement {
            w.key("all")
            data(r, &w)
            return w.close()
        }
        if !c.edits.isEmpty {
            w.key("edits")
            w.openArray()
            for e in c.edits {
                w.element()
                w.openArray()
                w.integer(e.collection)
                w.integer(e.start)
                w.integer(e.removed)
                w.strings(e.inserted)
                optionalInt(e.fixedCount, &w)
                w.closeArray()
            }
            w.closeArray()
        }
        if let l = c.locked {
            w.key("locked")
            w.strings(l)
        }
        if let en = c.enabled {
            w.key("enabled")
            w.bool(en)
        }
        w.close()
    }

    /// One path's JSON, as it stands in the `paths` array (`pts`: kept
    /// points flattened; `m`: `[step, kept count at its end, ...]`).
    static func path(_ p: RenderPath, _ w: inout _JSONBuffer) {
        w.open()
        w.key("s")
        w.integerString(p.session)
        w.key("a")
        w.integer(p.firstStep)
        w.key("z")
        optionalInt(p.lastStep, &w)
        w.key("end")
        optionalString(p.end?.rawValue, &w)
        w.key("k")
        w.integer(p.stride)
        w.key("n")
        w.integer(p.total)
        w.key("pts")
        w.openArray()
        for q in p.points {
            number(q.x, &w)
            number(q.y, &w)
        }
        w.closeArray()
        w.key("m")
        w.openArray()
        for m in p.marks {
            w.integer(m.step)
            w.integer((m.count + p.stride - 1) / p.stride)
        }
        w.closeArray()
        w.close()
    }

    /// One step's JSON, as it stands in the `steps` array: an object with
    /// short keys, absent fields omitted.
    static func step(_ s: RenderStep, _ w: inout _JSONBuffer) {
        w.open()
        stepPlace(s, &w)
        stepVerdict(s, &w)
        stepState(s, &w)
        w.close()
    }

    /// A step's kind, session, text, lines, times, event count, then where
    /// it happened: location, hit and placeholder.
    private static func stepPlace(_ s: RenderStep, _ w: inout _JSONBuffer) {
        w.key("k")
        w.string(s.kind.rawValue)
        if let v = s.session {
            w.key("s")
            w.integerString(v)
        }
        w.key("x")
        w.string(s.text)
        w.key("l")
        w.openArray()
        w.integer(s.firstLine)
        w.integer(s.lastLine)
        w.closeArray()
        w.key("t")
        w.openArray()
        number(s.firstT, &w)
        number(s.lastT, &w)
        w.closeArray()
        if s.eventCount > 1 {
            w.key("n")
            w.integer(s.eventCount)
        }
        if let p = s.location {
            w.key("p")
            w.openArray()
            number(p.x, &w)
            number(p.y, &w)
            w.closeArray()
        }
        if let h = s.hit {
            w.key("h")
            w.openArray()
            w.integer(h.collection)
            w.integer(h.slot)
            w.closeArray()
        }
        if let r = s.placeholder {
            w.key("r")
            w.openArray()
            rect(r, &w)
            w.closeArray()
        }
    }

    /// What a step decided and how it was judged: operation, destination,
    /// outcome, difference, warnings, expectation and failures.
    private static func stepVerdict(_ s: RenderStep, _ w: inout _JSONBuffer) {
        if let o = s.operation {
            w.key("o")
            w.string(o.rawValue)
        }
        if let d = s.destination {
            w.key("d")
            w.string(d)
        }
        if let o = s.outcome {
            w.key("out")
            w.string(o)
        }
        if let d = s.difference {
            w.key("df")
            w.open()
            w.key("s")
            w.strings(d.sources)
            w.key("c")
            optionalString(d.collection, &w)
            w.key("b")
            optionalString(d.before, &w)
            w.key("d")
            w.bool(d.deferred)
            w.close()
        }
        if !s.warnings.isEmpty {
            w.key("w")
            w.strings(s.warnings)
        }
        if let e = s.expectation {
            w.key("e")
            w.open()
            w.key("p")
            w.bool(e.passed)
            w.key("f")
            w.strings(e.failures)
            w.key("ex")
            w.string(e.expected)
            w.key("ac")
            w.string(e.actual)
            w.close()
        }
        if !s.failures.isEmpty {
            w.key("f")
            w.strings(s.failures)
        }
    }

    /// The state after a step: what it changed in the model's data and the
    /// app's, whether it shows the app's, active sessions, swipe, and
    /// whether it fails.
    private static func stepState(_ s: RenderStep, _ w: inout _JSONBuffer) {
        if let c = s.modelChange {
            w.key("dm")
            change(c, &w)
        }
        if let c = s.appChange {
            w.key("da")
            change(c, &w)
        }
        if s.showsApp {
            w.key("ap")
            w.bool(true)
        }
        if !s.activeSessions.isEmpty {
            w.key("as")
            w.openArray()
            for a in s.activeSessions {
                w.element()
                w.openArray()
                w.integerString(a.number)
                w.strings(a.items)
                w.strings(a.sources)
                w.closeArray()
            }
            w.closeArray()
        }
        if let sw = s.swipe {
            w.key("sw")
            swipe(sw, &w)
        }
        if !s.replicaData.isEmpty {
            w.key("rd")
            DocumentReplicasJSON.replicaData(s.replicaData, &w)
        }
        if let r = s.shownReplica {
            w.key("rs")
            w.string(r)
        }
        if s.isFailing {
            w.key("F")
            w.bool(true)
        }
    }

    private static func swipe(_ sw: RenderSwipe, _ w: inout _JSONBuffer) {
        w.open()
        if let o = sw.open {
            w.key("o")
            w.open()
            w.key("i")
            w.string(o.item)
            w.key("e")
            w.string(o.edge)
            w.key("b")
            w.openArray()
            for b in o.buttons {
                w.element()
                w.open()
                w.key("l")
                w.string(b.label)
                w.key("a")
                w.string(b.action)
                w.key("r")
                w.openArray()
                rect(b.frame, &w)
                w.closeArray()
                w.key("d")
                w.bool(b.destructive)
                w.close()
            }
            w.closeArray()
            w.close()
        }
        w.key("p")
        w.openArray()
        for p in sw.presentations {
            w.element()
            w.openArray()
            w.string(p.item)
            w.bool(p.isPresented)
            w.closeArray()
        }
        w.closeArray()
        if let a = sw.performed {
            w.key("a")
            w.open()
            w.key("i")
            w.string(a.item)
            w.key("a")
            w.string(a.action)
            w.close()
        }
        w.close()
    }
}
