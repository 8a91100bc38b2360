import DragRecording
import ReorderCore

extension FuzzCase {
    /// `a` ... `z`, then `i26`, ...: short names a person can follow.
    public static func name(_ id: Int) -> String {
        if id >= 1000 { return "gone\(id - 1000)" }
        return id < 26 ? String(UnicodeScalar(UInt8(97 + id))) : "i\(id)"
    }

    func collectionName(_ c: Int) -> String? { isSingle && c == 0 ? nil : "c\(c)" }

    /// The case as a dragrec recording, up to and including step `through`,
    /// followed by an `expect` line with what the canonical applier gives at
    /// that point.
    public func recording(through last: Int? = nil, meta: JSONValue? = nil) -> (header: RecordingHeader, events: [RecordedEvent]) {
        let n = Self.name
        func ns(_ ids: [Int]) -> [String] { ids.map(n) }
        let kind: Layout<String>.Kind
        switch layout.kind {
        case .list(let r, let s, let h, let heights):
            kind = .list(rowHeight: r, spacing: s, headerHeight: h, heights: Dictionary(uniqueKeysWithValues: heights.map { (n($0.key), $0.value) }))
        case .hstack(let w, let s, let widths):
            kind = .hstack(itemWidth: w, spacing: s, widths: Dictionary(uniqueKeysWithValues: widths.map { (n($0.key), $0.value) }))
        case .grid(let c, let r, let s, let h):
            let columns: Layout<String>.GridColumns
            switch c {
            case .fixed(let k): columns = .fixed(k)
            case .adaptive(let m): columns = .adaptive(minimum: m)
            }
            kind = .grid(columns: columns, rowHeight: r, spacing: s, headerHeight: h)
        case .board(let w, let s, let r, let rs, let h): kind = .board(columnWidth: w, spacing: s, rowHeight: r, rowSpacing: rs, headerHeight: h)
        }
        let header = RecordingHeader(
            layout: Layout(kind: kind, width: layout.width, height: layout.height), enabled: container.isEnabled,
            collections: container.collections.map { c in
                CollectionSpec(id: collectionName(c.id), items: ns(c.items), fixed: ns(c.fixed),
                               locked: ns((c.fixed + c.items).filter(container.locked.contains)), capacity: c.capacity)
            }, meta: meta)
        let upTo = min(last ?? steps.count - 1, steps.count - 1)
        var events: [RecordedEvent] = []
        var engine = FuzzEngine(container: container, layout: layout, applier: .canonical)
        for (i, step) in steps[...upTo].enumerated() {
            let t = Double(i * 16)
            let s = step.session ?? 0
            let kind: RecordedEvent.Kind
            switch step {
            case .lift(_, let items, let p, let ops, let external): kind = .lift(items: ns(items), x: p.x, y: p.y, ops: ops, external: external)
            case .move(_, let p): kind = .move(x: p.x, y: p.y)
            case .drop(_, let p, let deferred): kind = .drop(x: p.x, y: p.y, deferred: deferred)
            case .cancel: kind = .cancel
            case .apply: kind = .apply
            case .insert(let items, let c, let index): kind = .insert(items: ns(items), collection: collectionName(c), index: index)
            case .delete(let items): kind = .delete(items: ns(items))
            case .relocate(let items, let c, let before): kind = .relocate(items: ns(items), collection: collectionName(c), before: before.map(n))
            case .deliver(let d):
                kind = .relocate(items: ns(d.sources), collection: collectionName(d.destination.collectionID), before: d.destination.position.anchor.map(n), viaApplier: true)
            case .update(let item): kind = .update(item: n(item))
            case .reload(let collections, _):
                kind = .reload(collections: collections.map { CollectionSpec(id: collectionName($0.id), items: ns($0.items), fixed: ns($0.fixed), capacity: $0.capacity) })
            case .setEnabled(let on): kind = on ? .enable : .disable
            case .lock(let items): kind = .lock(items: ns(items))
            case .unlock(let items): kind = .unlock(items: ns(items))
            }
            events.append(RecordedEvent(t: t, session: step.session == nil ? 0 : s, kind))
            _ = engine.handle(step)
        }
        var e = Expectation()
        if container.collections.count == 1 && isSingle {
            e.order = ns(engine.container.collections[0].items)
        } else {
            e.collections = Dictionary(uniqueKeysWithValues: engine.container.collections.map { (collectionName($0.id)!, ns($0.items)) })
        }
        events.append(RecordedEvent(t: Double((upTo + 1) * 16), .expect(e)))
        return (header, events)
    }

    /// The data after step `through` under `applier`.
    public func container(after last: Int, applier: Applier<Int, Int>) -> FuzzContainer {
        var engine = FuzzEngine(container: container, layout: layout, applier: applier)
        for step in steps[...last] { _ = engine.handle(step) }
        return engine.container
    }

    /// The shape a finding is deduplicated by: the kinds of its events, named
    /// as `recordingShape` names them, so `corpus merge` agrees with the
    /// campaign that wrote the files.
    public var shape: String {
        eventShape(recording().events)
    }
}

/// FNV-1a, 64 bits: names a finding by its content.
public func contentHash(_ text: String) -> String {
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01B3 }
    let hex = String(h, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
}
