import DragRecording
import ReorderCore
import ReorderReplicas
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
    let layout: Layout<StringID>
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
        let seen = blessed(e, step.state, step.container, swipe: step.swipe, labels: step.labelsShown, replicas: step.replicas?.data)
        if seen == e { return nil }
        return CanonicalWriter.line(for: RecordedEvent(t: step.event.t, .expect(seen), replica: step.event.replica), extra: extra)
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
        after state: ReplayState, data container: ReorderContainer<StringID, StringID?>, swipe: SwipeModel<StringID>? = nil
    ) -> String? {
        if endsWithExpect { return nil }
        return finalLine(state, container, swipe: swipe)
    }

    /// The `expect` line to append to a version 3 recording that does not
    /// end with one: every replica's data after the last event (at `t`,
    /// its time), as `replicas`, each in the header's shape (an order for
    /// one collection, else the collections).
    public func finalLine(after activity: ReplicaActivity, at t: Double) -> String? {
        if endsWithExpect { return nil }
        var replicas: [String: ExpectedReplicaData] = [:]
        for (id, d) in activity.data { replicas[id] = Self.expected(d, like: single ? .order([]) : .collections([:])) }
        return CanonicalWriter.line(for: RecordedEvent(t: t, .expect(Expectation(replicas: replicas))))
    }

    /// One replica's data in the shape of an `expect.replicas` entry: the
    /// single collection's items, or the collections it lists (every one
    /// when it lists none).
    static func expected(_ data: ReplicaData<StringID, StringID?>, like entry: ExpectedReplicaData) -> ExpectedReplicaData {
        switch entry {
        case .order: return .order(data.collections.first?.items ?? [])
        case .collections(let cs):
            let keys = cs.isEmpty ? data.collections.compactMap(\.id) : Array(cs.keys)
            var map: [StringID: [StringID]] = [:]
            for k in keys { map[k] = data.collections.first { $0.id == k }?.items ?? [] }
            return .collections(map)
        }
    }

    private func finalLine(_ state: ReplayState, _ container: ReorderContainer<StringID, StringID?>, swipe: SwipeModel<StringID>?)
        -> String?
    {
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
    /// `replicas`: each replica's data at the step (version 3), for `expect.replicas`.
    public func blessed(
        _ e: Expectation, _ state: ReplayState, _ container: ReorderContainer<StringID, StringID?>, swipe: SwipeModel<StringID>?,
        labels: [String]?, replicas: [String: ReplicaData<StringID, StringID?>]? = nil
    ) -> Expectation {
        var n = Expectation(session: e.session)
        if let expected = e.replicas {
            var map: [String: ExpectedReplicaData] = [:]
            // A replica the step does not know keeps its entry: replay reports it.
            for (id, entry) in expected { map[id] = replicas?[id].map { Self.expected($0, like: entry) } ?? entry }
            n.replicas = map
        }
        if e.order != nil { n.order = container.collections.first.map { Array($0.items) } ?? [] }
        if let cs = e.collections {
            var map: [StringID: [StringID]] = [:]
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
