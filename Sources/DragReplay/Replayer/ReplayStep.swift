import DragRecording
import DragSystem
import ReorderCore
import ReorderSwipe

/// One event of a replay: the line, what the core did, the mismatches of an
/// `expect` line, and the replay's state after it. `--trace` prints it,
/// `bless` rewrites `expect` lines from it, `render` draws it.
public struct ReplayStep: Sendable {
    public var line: Int
    public var event: RecordedEvent
    /// What the core did; `nil` for an `expect` line.
    public var result: SessionStep<StringID, StringID?>?
    /// Mismatches of an `expect` line.
    public var failures: [String]
    /// The state after the event (for an `expect` line: what it was checked against).
    public var state: ReplayState
    /// The data after the event (the code under test's, when one answers).
    public var container: ReorderContainer<StringID, StringID?>
    /// What the code under test answered at this event, when it was asked.
    public var subjectData: [[StringID]]?
    /// The model's own result, where it differs from the code under test's.
    public var modelData: [[StringID]]?
    /// The swipe state after the event (open row, flags, reports, the last
    /// performed action); `nil` for a version 1 recording.
    public var swipe: SwipeModel<StringID>?
    /// At an `expect` line with `labels`: the labels it was checked against.
    public var labelsShown: [String]?
    /// The drag sessions still active after the event (their sources shrink
    /// as deletes and reloads remove items).
    public var sessions: [Int: DragEngine<StringID, StringID?>.Session]
    /// Version 3: what the replicas did at this event, one line each (the
    /// operations committed, the messages sent, delivered, lost or
    /// duplicated, each replica's data after a change): `--trace` prints them.
    public var replicaLines: [String] = []
    /// Version 3: the same, as values (`render` draws them).
    public var replicas: ReplicaActivity?

    public init(
        line: Int, event: RecordedEvent, result: SessionStep<StringID, StringID?>?, failures: [String], state: ReplayState,
        container: ReorderContainer<StringID, StringID?>, subjectData: [[StringID]]? = nil, modelData: [[StringID]]? = nil,
        swipe: SwipeModel<StringID>? = nil, labelsShown: [String]? = nil, sessions: [Int: DragEngine<StringID, StringID?>.Session] = [:]
    ) {
        self.swipe = swipe
        self.labelsShown = labelsShown
        self.line = line
        self.event = event
        self.result = result
        self.failures = failures
        self.state = state
        self.container = container
        self.subjectData = subjectData
        self.modelData = modelData
        self.sessions = sessions
    }

    /// Several indented lines, for people (`replay --trace`).
    public var text: String {
        let showCollections = container.collections.count > 1
        var out = "line \(line)  t=\(Format.number(event.t))  \(summary)\n"
        if let result {
            if let c = result.configuration {
                var answer = "   answer: \(c.operation.rawValue)"
                if let d = c.destination { answer += " -> \(Format.destination(d, showCollection: showCollections))" }
                out += answer + "\n"
            }
            if let o = result.outcome {
                out += "   outcome: session \(event.session) \(o.rawValue)"
                if let r = result.liftRejection { out += " (\(Format.rejection(r)))" }
                out += "\n"
            }
            if let d = result.emitted {
                out += "   difference: \(Format.difference(d, showCollection: d.destination.collectionID != nil))"
                out += "\(result.applied == nil ? " (deferred)" : "")\n"
            } else if let d = result.applied {
                out += "   applied: \(Format.difference(d, showCollection: d.destination.collectionID != nil))\n"
            }
            for w in result.warnings { out += "   warning: \(Format.warning(w))\n" }
            if let s = result.swipe {
                if let a = s.action, s.actionPrecedesClose { out += "   performed: \(performedText(a))\n" }
                if let closed = s.closed { out += "   closed: \(Format.quoted(closed))  (onPresentationChanged false)\n" }
                if let a = s.action, !s.actionPrecedesClose { out += "   performed: \(performedText(a))\n" }
                if let opened = s.opened { out += "   opened: \(Format.openRow(opened))  (onPresentationChanged true)\n" }
            }
        }
        for f in failures { out += "   FAILED: \(f)\n" }
        if let model = modelData {
            out += "   model: " + model.map { $0.map(Self.plain).joined(separator: " ") }.joined(separator: " | ") + "\n"
        }
        if case .expect = event.kind, failures.isEmpty { out += "   ok\n" }
        for l in replicaLines { out += "   \(l)\n" }
        if !replicaLines.isEmpty { return out }
        out +=
            "   data: "
            + container.collections.map { c in
                let fixed = c.fixed.isEmpty ? "" : "[fixed " + c.fixed.map(Self.plain).joined(separator: " ") + "] "
                let items = c.items.map { container.locked.contains($0) ? "\(Self.plain($0))*" : Self.plain($0) }.joined(separator: " ")
                return (c.id.map { "\(Self.plain($0)): " } ?? "") + fixed + items
            }.joined(separator: " | ")
        out += (container.locked.isEmpty ? "" : "  (* locked)") + (container.isEnabled ? "" : "  (disabled)") + "\n"
        if let swipe {
            var line = "   swipe: open \(Format.openRow(swipe.open))"
            if let open = swipe.open {
                let rows = _SwipeRows(container: container, layout: Layout(kind: .list(rowHeight: 1), width: 1, height: 1))
                line += " showing \(Format.labels(labelsShown ?? swipe.labels(item: open.item, edge: open.edge, geometry: rows)))"
            }
            if !swipe.flags.isEmpty {
                line +=
                    "; flags " + swipe.flags.keys.sorted().map { "\($0) \(Format.ids(swipe.flags[$0]!.sorted()))" }.joined(separator: ", ")
            }
            line += "; reports \(swipe.presentations.count)"
            out += line + "\n"
        }
        return out
    }

    private func performedText(_ a: SwipeActionResult<StringID>) -> String {
        "\(a.action) on \(Format.quoted(a.item)) (\(a.edge.rawValue)): \(a.effect)"
    }

    /// An ID as the data line shows it: bare when it is plain text, quoted
    /// (escaped) when it holds anything a terminal could act on.
    static func plain(_ id: StringID) -> String {
        id.string.unicodeScalars.allSatisfy { $0 != " " && $0 != "\"" && $0 != "|" && $0 != "*" && !SafeText.isUnsafe($0) }
            ? id.string : Format.quoted(id)
    }

    /// The event on one line, e.g. `drop s0 at (50, 22)`: the first line of
    /// `text`, and the page's label (`RecordedEvent.summary`, the one description).
    public var summary: String { event.summary }
}
