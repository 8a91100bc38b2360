import DragRecording
import ReorderCore
import ReorderSwipe

/// What `bless` writes, decided from the steps of one replay: each `expect`
/// line rewritten to what the replay saw there, and a final `expect` when
/// the recording does not end with one. Pure: the file is copied through by
/// the caller (`DragCorpus.bless`), which also keeps every other byte.
///
/// Each rewritten `expect` keeps the fields it had (an `order` stays an
/// `order`); a field with nothing to compare against yet (no outcome
/// reported, no difference emitted) is dropped.
public struct Blessing: Sendable {
    let single: Bool
    let layout: Layout<String>
    private var endsWithExpect = false

    public init(header: RecordingHeader) {
        single = header.collections.count == 1
        layout = header.layout
    }

    /// Feeds one step; returns the canonical line that replaces it when it
    /// is an `expect` line whose expectation changed, `nil` otherwise (a
    /// line that still holds keeps its bytes). `extra`: the line's members
    /// the format does not define, written back after the known ones.
    public mutating func replacement(for step: ReplayStep, extra: [String: JSONValue] = [:]) -> String? {
        guard case .expect(let e) = step.event.kind else {
            endsWithExpect = false
            return nil
        }
        endsWithExpect = true
        let seen = blessed(e, step.state, step.container, swipe: step.swipe, labels: step.labelsShown)
        if seen == e { return nil }
        return CanonicalWriter.line(for: RecordedEvent(t: step.event.t, .expect(seen)), extra: extra)
    }

    /// Whether `step` is an `expect` line (`replacement` may rewrite it).
    public static func isExpect(_ step: ReplayStep) -> Bool {
        if case .expect = step.event.kind { return true }
        return false
    }

    /// The `expect` line to append after the last event, `nil` when the
    /// recording already ends with one: the data, plus the last outcome and
    /// difference when there are any; in a version 2 recording also the open
    /// row, the presentation reports, the last performed action when there
    /// is one, and the open row's labels.
    public func finalLine(
        after state: ReplayState, data container: ReorderContainer<String, String?>, swipe: SwipeModel<String>? = nil
    ) -> String? {
        if endsWithExpect { return nil }
        var e = Expectation()
        if single { e.order = [] } else { e.collections = [:] }
        if state.lastOutcome != nil { e.outcome = .moved }
        if state.lastDifference != nil { e.difference = ExpectedDifference(sources: [], before: nil) }
        var labels: [String]?
        if let swipe {
            e.open = .some(nil)
            e.presentations = []
            if swipe.performed != nil { e.performed = .some(nil) }
            if let open = swipe.open {
                e.labels = ExpectedLabels(item: open.item, edge: open.edge, labels: [])
                labels = swipe.labels(item: open.item, edge: open.edge, geometry: _SwipeRows(container: container, layout: layout))
            }
        }
        return CanonicalWriter.line(
            for: RecordedEvent(t: state.lastT, .expect(blessed(e, state, container, swipe: swipe, labels: labels))))
    }

    /// The expectation with the fields it had, set to what was observed
    /// (`render` shows it beside the expected one).
    public func blessed(
        _ e: Expectation, _ state: ReplayState, _ container: ReorderContainer<String, String?>, swipe: SwipeModel<String>?,
        labels: [String]?
    ) -> Expectation {
        var n = Expectation(session: e.session)
        if e.order != nil { n.order = container.collections.first.map { Array($0.items) } ?? [] }
        if let cs = e.collections {
            var map: [String: [String]] = [:]
            let keys = cs.isEmpty ? container.collections.compactMap(\.id) : Array(cs.keys)
            for k in keys { map[k] = container.collections.first { $0.id == k }.map { Array($0.items) } ?? [] }
            n.collections = map
        }
        if e.outcome != nil {
            n.outcome = (e.session.map { state.outcomeBySession[$0] } ?? state.lastOutcome)?.outcome
        }
        if e.difference != nil, let d = state.lastDifference {
            n.difference = ExpectedDifference(
                sources: d.sources, collection: single ? nil : d.destination.collectionID, before: d.destination.position.anchor)
        }
        if e.operation != nil { n.operation = state.lastOperation }
        if e.open != nil { n.open = .some(swipe?.open) }
        if e.performed != nil { n.performed = .some(swipe?.performed) }
        if e.presentations != nil { n.presentations = swipe?.presentations ?? [] }
        if let l = e.labels { n.labels = ExpectedLabels(item: l.item, edge: l.edge, labels: labels ?? l.labels) }
        if n.isEmpty {
            if single {
                n.order = container.collections.first.map { Array($0.items) } ?? []
            } else {
                n.collections = Dictionary(
                    uniqueKeysWithValues: container.collections.compactMap { c in c.id.map { ($0, Array(c.items)) } })
            }
        }
        return n
    }
}
