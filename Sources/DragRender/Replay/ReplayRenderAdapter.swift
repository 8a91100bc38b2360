import DragRecording
import DragReplay
import DragSystem
import ReorderCore
import ReorderReplicas
import ReorderSwipe

/// Turns a replay's steps (the values `replay --trace` prints) into the
/// renderer's `RenderEvent`s, one at a time, and collects them into a
/// `RenderDocument`. It draws what the replay computed and nothing more:
/// the hit target comes from the engine (`StepResult.target`), the
/// operation and destination from the answered drop configuration, the
/// placeholder bar at the engine's hit slot from the core's `Layout`
/// (`frame(ofEntry:inCollection:of:)`, `sections(frames:)`, `placeholder`), and the data is
/// the engine's container, which the builder reduces to what each step
/// changed: no frames are stored, and no layout kind is decided here.
///
///     var adapter = ReplayRenderAdapter(header: reader.header, path: path, subject: "applier canonical")
///     let result = Replayer().run(&reader, onStep: { adapter.append($0) })
///     let page = HTMLRenderer.page(adapter.finish(result))
///
/// - Complexity: O(c + log n) per drag event for c collections (the
///   placeholder's frame; O(k) more with per-item sizes); per data change,
///   the chunks that changed (see `RenderDataChange.between`).
public struct ReplayRenderAdapter {
    private let layout: Layout<StringID>
    private let single: Bool
    private let blessing: Blessing
    private var builder: RenderBuilder
    /// The collections of the engine's data after the last step (the
    /// screen, which the next hit test runs on; not the container, whose ID
    /// index the engine's next change would then copy), and their sections
    /// once a placeholder needed them.
    private var screen: [ReorderCollection<StringID, StringID?>]
    private var sections: [LayoutSection]?
    /// The failures and warnings the steps show, so that `finish` lists only
    /// the others (the header line's, the end's) on their own.
    private var shown: Set<LineMessage> = []
    /// The aim of the last move, when it joined a run of moves: its
    /// placeholder and destination are drawn and described only for the
    /// run's last move, when the next event comes (a joined move cannot
    /// change the screen they are computed on).
    private var pendingAim: Aim?

    /// What a move aimed at: the engine's hit (on the screen) and the
    /// answered destination.
    private struct Aim {
        var target: HitTarget?
        var destination: ReorderDifference<StringID, StringID?>.Destination?
    }

    /// - Parameters:
    ///   - path: the recording's path, as the page names it.
    ///   - subject: what is under test, e.g. `applier canonical` or `app: python3 todo.py`.
    ///   - pathLimit: points kept per drag before its path is sampled (see `RenderBuilder`).
    ///   - sizeLimit: the most the page may take (see `RenderSizeLimit`).
    ///   - spool: where closed steps and ended paths go (see `RenderBuilder`).
    public init(
        header: RecordingHeader, path: String, subject: String, pathLimit: Int = 2000, sizeLimit: RenderSizeLimit? = nil,
        spool: RenderStepSpool? = nil
    ) {
        layout = header.layout
        single = header.collections.count == 1
        blessing = Blessing(header: header)
        let initial = header.container
        screen = initial.collections
        let title = header.meta?["title"] ?? FileSystem.name(of: path)
        let renderHeader = RenderHeader(
            title: title, path: path, subject: subject, layout: header.layout, description: header.meta?["description"])
        builder = RenderBuilder(header: renderHeader, initial: initial, pathLimit: pathLimit, sizeLimit: sizeLimit, spool: spool)
    }

    /// Adds one replayed event.
    public mutating func append(_ step: ReplayStep) {
        // Past the size limit nothing more is drawn: no layout either.
        guard !builder.isFull else {
            return builder.append(RenderEvent(line: step.line, t: step.event.t, text: "", kind: step.event.kind.type))
        }
        var e = event(step)
        let aim = aim(of: step)
        // A move that joins a run is never shown by its own text, and its aim
        // is drawn only if it is the run's last: formatting its point and its
        // destination cost more than the rest. (It cannot change the data.)
        if e.kind == .move && !Self.mayChangeData(step) && builder.joins(e) {
            pendingAim = aim
            return builder.append(e)
        }
        settleRun()
        (e.placeholder, e.destination) = drawn(aim)  // on the screen before the event
        attachData(&e, step)
        for m in e.warnings + e.failures + (e.expectation?.failures ?? []) { shown.insert(LineMessage(line: step.line, message: m)) }
        e.text = Self.shortened(step.event.summary)
        builder.append(e)
    }

    /// The data after the step, when it may have changed (the screen the
    /// next event is aimed at), and the app's beside it when it answered.
    private mutating func attachData(_ e: inout RenderEvent, _ step: ReplayStep) {
        if Self.mayChangeData(step) {
            screen = step.container.collections
            sections = nil
            e.data = step.container
        }
        guard step.subjectData != nil || step.modelData != nil else { return }
        // The code under test answered: its data beside the model's. Where
        // they differ the engine adopted the code's (the screen), and the
        // model's own result is drawn on its own.
        e.appData = step.container
        if let orders = step.modelData {
            var m = step.container
            m.setOrders(orders)
            e.data = m
        } else {
            e.data = step.container
        }
    }

    /// Draws and describes the aim of the run's last move, if it is pending.
    private mutating func settleRun() {
        guard let aim = pendingAim else { return }
        pendingAim = nil
        let (placeholder, destination) = drawn(aim)
        builder.aimRun(placeholder: placeholder, destination: destination)
    }

    /// The placeholder bar and the destination's text of an aim.
    private mutating func drawn(_ aim: Aim) -> (Rect?, String?) {
        (aim.target.map { placeholder($0) }, aim.destination.map { Format.destination($0, showCollection: !single) })
    }

    /// The document, with the replay's verdict and what it said about the
    /// recording as a whole (an input error, failures at the header line,
    /// warnings at the end).
    public consuming func finish(_ result: ReplayResult? = nil) -> RenderDocument {
        settleRun()
        var doc = builder.finish()
        guard let result else { return doc }
        doc.header.status = result.status.rawValue
        var messages: [String] = []
        if let e = result.error { messages.append(e.description) }
        for f in result.failures where !shown.contains(f) { messages.append(f.diagnostic(in: result.path, .error).text(path: result.path)) }
        for w in result.warnings where !shown.contains(w) {
            messages.append(w.diagnostic(in: result.path, .warning).text(path: result.path))
        }
        // A recording with thousands of them shows the first few: the steps have the rest.
        if messages.count > 50 { messages = messages.prefix(50) + ["… and \(messages.count - 50) more"] }
        doc.header.messages = messages
        return doc
    }

    // MARK: - One event

    /// The event, drawn on the screen before it (`screen`, not yet updated).
    private mutating func event(_ step: ReplayStep) -> RenderEvent {
        let e = step.event
        var out = RenderEvent(
            line: step.line, t: e.t, text: "", kind: e.kind.type, session: e.kind.isDragEvent ? e.session : nil)
        out.location = e.kind.location
        if let a = step.replicas {
            let r = Self.replicaEvent(a)
            // A move that did nothing on the channel may join a run of moves.
            if !(e.kind.type == .move && r.isQuiet) { out.replicas = r }
        }
        if let r = step.result {
            if let target = r.target, target.collection < screen.count { out.hit = target }
            if let c = r.configuration { out.operation = c.operation }
            if let o = r.outcome {
                out.outcome = o.rawValue + (r.liftRejection.map { " (\(Format.rejection($0)))" } ?? "")
            }
            if let d = r.emitted {
                out.difference = Self.difference(d, deferred: r.applied == nil)
            } else if let d = r.applied {
                out.difference = Self.difference(d, deferred: false)
            }
            out.warnings = r.warnings.map(Format.warning)
        }
        if case .expect(let x) = e.kind {
            out.expectation = expectation(x, step)
        } else {
            out.failures = step.failures
        }
        out.activeSessions = Self.activeSessions(step.sessions)
        out.swipe = swipe(step)
        return out
    }

    /// The sessions not rejected, by number. Nearly every event has one
    /// session or none: those are not sorted (a sort allocated an array at
    /// every event).
    private static func activeSessions(_ sessions: [Int: DragEngine<StringID, StringID?>.Session]) -> [RenderSession] {
        func shown(_ s: Int, _ session: DragEngine<StringID, StringID?>.Session) -> RenderSession? {
            session.isRejected ? nil : RenderSession(number: s, items: session.items, sources: session.sources)
        }
        if sessions.isEmpty { return [] }
        if sessions.count == 1, let (s, session) = sessions.first { return shown(s, session).map { [$0] } ?? [] }
        return sessions.sorted { $0.key < $1.key }.compactMap(shown)
    }

    /// The event's hit on the screen before it and its answered destination.
    private func aim(of step: ReplayStep) -> Aim {
        guard let r = step.result else { return Aim() }
        let target = r.target.flatMap { $0.collection < screen.count ? $0 : nil }
        return Aim(target: target, destination: r.configuration?.destination)
    }

    /// The event's description, cut after `textLimit` characters: an insert
    /// of 50,000 IDs names them all, which the timeline cannot show and the
    /// page would carry twice (the change has them).
    static let textLimit = 1_000

    static func shortened(_ text: String) -> String {
        guard text.utf8.count > textLimit else { return text }
        let kept = text.prefix(textLimit)
        return kept + "… (\(text.count - kept.count) more characters)"
    }

    /// Whether the data may differ after the step: a drag event that applies
    /// nothing leaves it as it was (the common case, moves, costs nothing).
    private static func mayChangeData(_ step: ReplayStep) -> Bool {
        if step.subjectData != nil || step.modelData != nil { return true }
        let kind = step.event.kind.type
        return kind == .drop ? step.result?.applied != nil : kind.mayChangeData
    }

    /// The swipe state after the step: the open row with its buttons (the
    /// labels it shows, at the frames of `swipe-v1` 2), this step's reports
    /// and the action it performed, all read from the replay's step.
    private func swipe(_ step: ReplayStep) -> RenderSwipe? {
        guard let model = step.swipe else { return nil }
        var out = RenderSwipe()
        let rows = _SwipeRows(container: step.container, layout: layout)
        if let open = model.open, let frame = rows.frame(of: open.item) {
            let actions = model.configuration.actions(on: open.edge)
            let labels = step.labelsShown ?? model.labels(item: open.item, edge: open.edge, geometry: rows)
            let buttons = actions.indices.compactMap { k -> RenderSwipeButton? in
                guard let f = model.configuration.buttonFrame(k, in: frame, edge: open.edge) else { return nil }
                return RenderSwipeButton(
                    label: k < labels.count ? labels[k] : actions[k].label, action: actions[k].name,
                    frame: f, destructive: actions[k].isDestructive)
            }
            out.open = RenderSwipeRow(item: open.item, edge: open.edge.rawValue, buttons: buttons)
        }
        if let s = step.result?.swipe {
            out.presentations = Array(s.reports)
            out.performed = s.action.map { PerformedAction<StringID>(item: $0.item, action: $0.action) }
        }
        return out
    }

    private static func difference(_ d: ReorderDifference<StringID, StringID?>, deferred: Bool) -> RenderDifference {
        RenderDifference(
            sources: d.sources, collection: d.destination.collectionID, before: d.destination.position.anchor, deferred: deferred)
    }

    // MARK: - Expectations

    /// The expect line's result: its fields as expected and as the replay had
    /// them (what `bless` would write), one line per field.
    private func expectation(_ x: Expectation, _ step: ReplayStep) -> RenderExpectation {
        let seen = blessing.blessed(x, step.state, step.container, swipe: step.swipe, labels: step.labelsShown)
        var expected: [String] = []
        var actual: [String] = []
        func add(_ name: String, _ want: String?, _ got: String?) {
            expected.append("\(name): \(want ?? "(none)")")
            actual.append("\(name): \(got ?? "(none yet)")")
        }
        if let o = x.order { add("order", Format.ids(o), seen.order.map(Format.ids)) }
        if let cs = x.collections {
            for (id, items) in cs.sorted(by: { $0.key < $1.key }) {
                add(Format.quoted(id), Format.ids(items), (seen.collections?[id]).map(Format.ids))
            }
        }
        if let o = x.outcome {
            let whose = x.session.map { " (session \($0))" } ?? ""
            add("outcome" + whose, o.rawValue, seen.outcome?.rawValue)
        }
        if let d = x.difference { add("difference", Self.text(d), seen.difference.map(Self.text)) }
        if let o = x.operation { add("operation", o.rawValue, seen.operation?.rawValue) }
        if let o = x.open { add("open", Format.openRow(o), seen.open.map(Format.openRow)) }
        if let p = x.performed { add("performed", Format.performed(p), seen.performed.map(Format.performed)) }
        if let p = x.presentations { add("presentations", Format.presentations(p), seen.presentations.map(Format.presentations)) }
        if let l = x.labels {
            let where_ = "labels of \(Format.quoted(l.item)) (\(l.edge.rawValue))"
            add(where_, Format.labels(l.labels), seen.labels.map { Format.labels($0.labels) })
        }
        return RenderExpectation(
            passed: step.failures.isEmpty, failures: step.failures, expected: expected.joined(separator: "\n"),
            actual: actual.joined(separator: "\n"))
    }

    private static func text(_ d: ExpectedDifference) -> String {
        Format.ids(d.sources) + " → " + (d.before.map { "before \(Format.quoted($0))" } ?? "end")
            + (d.collection.map { " in \(Format.quoted($0))" } ?? "")
    }

    // MARK: - Geometry to draw

    /// The bar drawn for the engine's hit slot, where the core's layout
    /// puts it (`Layout.placeholder`), on the data the hit test ran on. It
    /// reads the frame at the slot (or the last) and the collections'
    /// sections, which need only each collection's last frame: no layout of
    /// the whole container per move.
    private mutating func placeholder(_ target: HitTarget) -> Rect {
        let sections = self.sections ?? layout.sections(frames: screen.indices.map { lastFrame(of: $0) })
        self.sections = sections
        let c = screen[target.collection]
        let slot = max(0, target.slot)
        // The one frame the bar stands on, at the slot or after the last entry.
        let frames = slot < c.entryCount ? [frame(at: slot, of: target.collection)] : lastFrame(of: target.collection)
        let relative = slot < c.entryCount ? 0 : frames.count
        return layout.placeholder(slot: relative, frames: frames, section: sections[target.collection])
    }

    private func lastFrame(of collection: Int) -> [Rect] {
        let n = screen[collection].entryCount
        return n == 0 ? [] : [frame(at: n - 1, of: collection)]
    }

    private func frame(at index: Int, of collection: Int) -> Rect {
        layout.frame(ofEntry: index, inCollection: collection, of: screen)
    }
}
