import ReorderCore
import ReorderSwipe

/// The engine a recording drives: string IDs, and `String?` collection IDs
/// where `nil` is the single unnamed collection (the header omits its `id`,
/// as the app protocol sends `null` for it).
public typealias RecordingEngine = SessionEngine<StringID, StringID?>

extension RecordingHeader {
    /// The collection an event means when it omits `collection`: the only
    /// one (`nil` when it is unnamed). `nil` when there are several, where
    /// the validator requires the field.
    public var defaultCollection: StringID?? { collections.count == 1 ? .some(collections[0].id) : nil }

    /// A header describing `container`, each collection's locks listed under
    /// it (the inverse of `container`).
    /// - Complexity: O(n).
    public init(
        layout: Layout<StringID>, container: ReorderContainer<StringID, StringID?>, swipe: SwipeConfiguration<StringID>? = nil,
        meta: JSONValue? = nil
    ) {
        self.init(
            layout: layout, enabled: container.isEnabled,
            collections: CollectionSpec.specs(for: container.collections, locked: container.locked), swipe: swipe, meta: meta)
    }
}

extension CollectionSpec {
    /// Specs for `collections`, with each locked ID under the collection
    /// that holds it (spec 1.1: `locked` names entries of its own collection).
    public static func specs(for collections: [ReorderCollection<StringID, StringID?>], locked: Set<StringID>) -> [CollectionSpec] {
        collections.map { c in
            CollectionSpec(
                id: c.id, items: Array(c.items), fixed: c.fixed,
                locked: locked.isEmpty ? [] : (c.fixed + c.items).filter(locked.contains), capacity: c.capacity)
        }
    }
}

extension CollectionSpec {
    /// The specs a `reload` line lists: each collection with the locks of
    /// `locked` that are its entries, in `locked`'s order (the inverse of
    /// the reader's, which lists the collections' locks one after another).
    /// - Complexity: O(n + l) for n entries and l locks.
    public static func specs(reloading collections: [ReorderCollection<StringID, StringID?>], locked: [StringID]) -> [CollectionSpec] {
        guard !locked.isEmpty else {
            return collections.map { CollectionSpec(id: $0.id, items: Array($0.items), fixed: $0.fixed, capacity: $0.capacity) }
        }
        return collections.map { c in
            let own = Set(c.fixed).union(c.items)
            return CollectionSpec(
                id: c.id, items: Array(c.items), fixed: c.fixed, locked: locked.filter(own.contains), capacity: c.capacity)
        }
    }
}

extension RecordedEvent {
    /// The engine's event for this line, `nil` for an `expect` line (those
    /// are checked, not fed). An omitted `collection` is `header`'s only one;
    /// `relocate` with `"via":"applier"` is a difference delivered to the
    /// applier. The one place a recorded event becomes an engine event.
    public func engineEvent(in header: RecordingHeader) -> SessionEvent<StringID, StringID?>? {
        switch kind {
        case .expect, .channel: return nil
        case .swipe(let item, let dx): return .swipe(item: item, dx: dx)
        case .scroll(let dy): return .scroll(dy: dy)
        case .tap(let x, let y): return .tap(at: Point(x: x, y: y))
        case .lift, .move, .drop, .cancel, .apply, .mutation, .viaApplier:
            return dragEvent(in: header).map(SessionEvent.drag)
        }
    }

    /// The drag engine's event for a drag or mutation line (`nil` for the
    /// others): what `engineEvent(in:)` wraps.
    public func dragEvent(in header: RecordingHeader) -> DragEvent<StringID, StringID?>? {
        let s = session
        func resolved(_ c: StringID?) -> StringID? { c ?? header.defaultCollection ?? nil }
        switch kind {
        case .lift(let items, let x, let y, let ops, let external):
            return .lift(session: s, items: items, at: Point(x: x, y: y), operations: ops, external: external)
        case .move(let x, let y): return .move(session: s, at: Point(x: x, y: y))
        case .drop(let x, let y, let deferred): return .drop(session: s, at: Point(x: x, y: y), deferred: deferred)
        case .cancel: return .cancel(session: s)
        case .apply: return .apply(session: s)
        case .mutation(let m): return .mutation(m.mapIDs(item: { $0 }, collection: resolved))
        case .viaApplier(let d):
            return .deliver(
                ReorderDifference(
                    sources: d.sources,
                    destination: .init(collectionID: resolved(d.destination.collectionID), position: d.destination.position)))
        case .expect, .swipe, .scroll, .tap, .channel: return nil
        }
    }

    /// The line for an engine event at time `t`: the inverse of
    /// `engineEvent(in:)`. A `nil` collection is written by omission.
    public init(_ event: SessionEvent<StringID, StringID?>, t: Double) {
        switch event {
        case .drag(let e): self.init(e, t: t)
        case .swipe(let item, let dx): self.init(t: t, session: 0, .swipe(item: item, dx: dx))
        case .scroll(let dy): self.init(t: t, session: 0, .scroll(dy: dy))
        case .tap(let p): self.init(t: t, session: 0, .tap(x: p.x, y: p.y))
        }
    }

    /// The line for a drag event or a mutation at time `t`.
    public init(_ event: DragEvent<StringID, StringID?>, t: Double) {
        let kind: Kind
        switch event {
        case .lift(_, let items, let p, let ops, let external): kind = .lift(items: items, x: p.x, y: p.y, ops: ops, external: external)
        case .move(_, let p): kind = .move(x: p.x, y: p.y)
        case .drop(_, let p, let deferred): kind = .drop(x: p.x, y: p.y, deferred: deferred)
        case .cancel: kind = .cancel
        case .apply: kind = .apply
        case .mutation(.reload(let collections, let locked)):
            // Each collection's locks in its entries' order, as a header lists them.
            kind = .mutation(
                .reload(collections: collections, locked: CollectionSpec.specs(for: collections, locked: Set(locked)).flatMap(\.locked)))
        case .mutation(let m): kind = .mutation(m)
        case .deliver(let d): kind = .viaApplier(d)
        }
        self.init(t: t, session: event.session ?? 0, kind)
    }
}

extension SessionEvent {
    /// The kind of recording line this event is (a `deliver` is a
    /// `relocate` through the applier, `setEnabled` an `enable` or a `disable`).
    @inlinable public var kind: EventKind {
        switch self {
        case .drag(let e):
            switch e {
            case .lift: .lift
            case .move: .move
            case .drop: .drop
            case .cancel: .cancel
            case .apply: .apply
            case .mutation(let m): .mutation(m.kind)
            case .deliver: .mutation(.relocate)
            }
        case .swipe: .swipe
        case .scroll: .scroll
        case .tap: .tap
        }
    }
}
