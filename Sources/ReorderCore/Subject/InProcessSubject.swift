/// Code under test in the same process: an `Applier` as the move closure
/// (the built-in ones, or an app's own `apply` wrapped by `Applier.orders`),
/// and optionally a `dropConfiguration` closure. Mutations it does the
/// spec's way (they are the app's data source, not its code). The built-in
/// appliers of `--applier` are this, so `--applier` and `--app` share one
/// engine path and one set of checks.
///
///     let subject = InProcessSubject(applier: .insertBeforeRemove)
///     let withPolicy = InProcessSubject<String, String?>(applier: .canonical) { request in
///         DropConfiguration(operation: request.target == nil ? .forbidden : .move, destination: request.destination)
///     }
public struct InProcessSubject<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: ReorderSubject, Sendable {
    public var applier: Applier<ItemID, CollectionID>
    /// The app's `dropConfiguration` closure, compared with the model's answer.
    public var configure: (@Sendable (DropRequest<ItemID, CollectionID>) -> SubjectConfiguration<ItemID, CollectionID>)?
    public var name: String
    /// Its own data, in an engine of its own (for the mutations' rules).
    @usableFromInline var engine: DragEngine<ItemID, CollectionID>
    /// Differences the legacy path froze at their drop, by session.
    @usableFromInline var captured: [Int: CapturedDifference<ItemID, CollectionID>] = [:]

    @inlinable
    public init(
        applier: Applier<ItemID, CollectionID>,
        configure: (@Sendable (DropRequest<ItemID, CollectionID>) -> SubjectConfiguration<ItemID, CollectionID>)? = nil,
        name: String? = nil
    ) {
        self.applier = applier
        self.configure = configure
        self.name = name ?? "applier \(applier.name)"
        engine = DragEngine(container: ReorderContainer(collections: []), layout: Layout(kind: .list(rowHeight: 1), width: 1, height: 1))
    }

    /// With a `DropPolicy` as the app's `dropConfiguration` closure: its
    /// operation, collection and anchor are compared with the model's.
    public init(applier: Applier<ItemID, CollectionID>, policy: DropPolicy<ItemID, CollectionID>, name: String? = nil) {
        self.init(
            applier: applier,
            configure: { request in
                let answer = policy.configure(request)
                guard let d = answer.destination else { return SubjectConfiguration(operation: answer.operation) }
                return SubjectConfiguration(
                    operation: answer.operation, collection: .some(d.collectionID), before: .some(d.position.anchor))
            }, name: name)
    }

    @inlinable public var configures: Bool { configure != nil }

    @inlinable
    public mutating func handle(
        _ request: SubjectRequest<ItemID, CollectionID>
    ) throws(SubjectFailure) -> SubjectAnswer<ItemID, CollectionID> {
        switch request {
        case .reset(let container, let layout):
            engine = DragEngine(container: container, layout: layout, applier: applier)
            captured = [:]
        case .dropped(let s, let d):
            captured[s] = applier.capture(d, engine.container)
            return .none
        case .apply(let s, let d):
            let frozen = s.flatMap { captured.removeValue(forKey: $0) } ?? applier.capture(d, engine.container)
            var warnings: [ReorderWarning<ItemID, CollectionID>] = []
            applier.apply(frozen, &engine.container, &warnings)
        case .receive(let items, let destination):
            if let t = engine.container.collectionIndex(of: destination.collectionID) {
                engine.container.insert(items, into: t, before: destination.position.anchor)
            }
        case .insert(let items, let c, let index): _ = engine.handle(.insert(items: items, collection: c, index: index))
        case .delete(let items): _ = engine.handle(.delete(items: items))
        case .relocate(let items, let c, let before): _ = engine.handle(.relocate(items: items, collection: c, before: before))
        case .update: return .none
        case .reload(let collections, let locked): _ = engine.handle(.reload(collections: collections, locked: locked))
        case .setEnabled(let on): _ = engine.handle(.setEnabled(on))
        case .lock(let items): _ = engine.handle(.lock(items: items))
        case .unlock(let items): _ = engine.handle(.unlock(items: items))
        case .configure(let q):
            guard let configure else { return .none }
            return .configuration(configure(engine.request(for: q)))
        }
        return .data(engine.container.orders)
    }

    /// Its data and the offsets it froze at deferred drops.
    public var stateKey: AnyHashable? { AnyHashable(StateKey(data: engine.container, captured: captured)) }

    struct StateKey: Hashable {
        var data: ReorderContainer<ItemID, CollectionID>
        var captured: [Int: CapturedDifference<ItemID, CollectionID>]
    }

    @inlinable
    public func repeating(_ request: SubjectRequest<ItemID, CollectionID>) -> [[ItemID]]? {
        guard case .apply(_, let d) = request else { return nil }
        var again = engine.container
        var warnings: [ReorderWarning<ItemID, CollectionID>] = []
        applier.apply(applier.capture(d, again), &again, &warnings)
        return again.orders
    }
}

extension DragEngine {
    /// The `DropRequest` a `dropConfiguration` closure gets for `query` on
    /// this engine's data and layout.
    @inlinable
    public func request(for query: DropQuery<ItemID>) -> DropRequest<ItemID, CollectionID> {
        let target = layout._hitTest(query.location, in: container, measured: _sized)
        return DropRequest(
            session: DropSession(
                location: query.location, suggestedOperations: query.operations, itemsCount: query.sources.count,
                size: Size(width: layout.width, height: layout.height)),
            container: container, target: target, sources: query.sources, isExternal: query.isExternal,
            destination: target.map { container.destination(for: $0, excludingSources: query.sources) })
    }
}
