import DragRecording
import ReorderCore
import ReorderSwipe

extension FuzzCase {
    /// The case as a dragrec recording, up to and including step `through`,
    /// followed by an `expect` line with what the canonical applier gives at
    /// that point. IDs are renamed with `mapIDs` and events written by the
    /// one conversion (`RecordedEvent(_:t:)`), so a finding reads exactly as
    /// a recorded session would.
    /// `world`: the case ran in it: its rules go into the header and its
    /// policy gives the `expect` line, as the fuzz's model did.
    public func recording(through last: Int? = nil, meta: JSONValue? = nil, world: World? = nil) -> Recording {
        let naming = self.naming
        var header = RecordingHeader(
            layout: layout.mapIDs(naming.itemName), container: container.mapIDs(item: naming.itemName, collection: naming.collection),
            swipe: swipe?.mapIDs(naming.itemName), meta: meta)
        header.world = world?.rules
        let upTo = Swift.min(last ?? steps.count - 1, steps.count - 1)
        var events: [RecordedEvent] = []
        var engine = FuzzEngine(
            container: container, layout: layout, applier: .canonical, policy: world?.policy() ?? .standard, swipe: swipe)
        if upTo >= 0 {
            for (i, step) in steps[...upTo].enumerated() {
                events.append(RecordedEvent(step.mapIDs(item: naming.itemName, collection: naming.collection), t: Double(i * 16)))
                _ = engine.handle(step)
            }
        }
        var e = Expectation()
        if container.collections.count == 1 && naming.collection(0) == nil {
            e.order = naming.ids(Array(engine.container.collections[0].items))
        } else {
            e.collections = Dictionary(
                uniqueKeysWithValues: engine.container.collections.map { (naming.collection($0.id) ?? "", naming.ids(Array($0.items))) })
        }
        if let model = engine.swipe {
            // The swipe state the model reaches, as `bless` would write it.
            let name = naming.itemName
            e.open = .some(model.open.map { SwipeOpenRow(item: name($0.item), edge: $0.edge) })
            e.presentations = model.presentations.map { PresentationReport(item: name($0.item), isPresented: $0.isPresented) }
            if let p = model.performed { e.performed = .some(PerformedAction(item: name(p.item), action: p.action)) }
            if let open = model.open {
                let labels = model.labels(
                    item: open.item, edge: open.edge, geometry: _SwipeRows(container: engine.container, layout: layout))
                e.labels = ExpectedLabels(item: name(open.item), edge: open.edge, labels: labels)
            }
        }
        events.append(RecordedEvent(t: Double((upTo + 1) * 16), .expect(e)))
        return Recording(header: header, events: events)
    }

    /// The data after step `through` under `applier` (and `world`'s policy,
    /// as the fuzz's model had it, when the case ran in a world).
    public func container(after last: Int, applier: Applier<Int, Int>, world: World? = nil) -> FuzzContainer {
        var engine = FuzzEngine(
            container: container, layout: layout, applier: applier, policy: world?.policy() ?? .standard, swipe: swipe)
        for step in steps[...last] { _ = engine.handle(step) }
        return engine.container
    }
}
