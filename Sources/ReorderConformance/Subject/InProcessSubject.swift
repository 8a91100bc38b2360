import ReorderCore
import ReorderSwipe

/// Code under test in the same process: an `Applier` as the move closure
/// (the built-in ones, or an app's own `apply` wrapped by `Applier.orders`),
/// and optionally a `dropConfiguration` closure. Mutations it does the
/// spec's way (they are the app's data source, not its code). The built-in
/// appliers of `--applier` are this, so `--applier` and `--app` share one
/// engine path and one set of checks.
///
///     let subject = InProcessSubject(applier: .insertBeforeRemove)
///     let withPolicy = InProcessSubject<StringID, StringID?>(applier: .canonical) { request in
///         DropConfiguration(operation: request.target == nil ? .forbidden : .move, destination: request.destination)
///     }
public struct InProcessSubject<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: ReorderSubject, Sendable {
    public var applier: Applier<ItemID, CollectionID>
    /// The app's `dropConfiguration` closure, compared with the model's answer.
    public var configure: (@Sendable (DropRequest<ItemID, CollectionID>) -> SubjectConfiguration<ItemID, CollectionID>)?
    public var name: String
    /// The app's swipe action handlers and labels (`swipe-v1` 6); `nil`: it
    /// does not take part in swipes.
    public var swipeHandler: (any SwipeHandling<ItemID> & Sendable)?
    /// The items each flag is set on, in its own data.
    @usableFromInline var flags: [String: Set<ItemID>] = [:]
    /// Its own data, in an engine of its own (for the mutations' rules).
    @usableFromInline var engine: DragEngine<ItemID, CollectionID>
    /// Differences the legacy path froze at their drop, by session.
    @usableFromInline var captured: [Int: CapturedDifference<ItemID, CollectionID>] = [:]

    @inlinable
    public init(
        applier: Applier<ItemID, CollectionID>,
        configure: (@Sendable (DropRequest<ItemID, CollectionID>) -> SubjectConfiguration<ItemID, CollectionID>)? = nil,
        swipeHandler: (any SwipeHandling<ItemID> & Sendable)? = nil,
        name: String? = nil
    ) {
        self.applier = applier
        self.configure = configure
        self.swipeHandler = swipeHandler
        // Name what is under test: the canonical applier is the model's own rule.
        let handler = swipeHandler.map { "handler \($0.name)" }
        let canonical = applier.name == Applier<ItemID, CollectionID>.canonical.name
        // With a policy over the canonical applier, the policy is what is
        // under test: a disagreement names it, not the model's applier.
        let applierName =
            configure != nil ? Self.policyName(applier: applier.name) : canonical && handler != nil ? nil : "applier \(applier.name)"
        self.name = name ?? ([applierName, handler].compactMap { $0 }.joined(separator: ", "))
        engine = DragEngine(container: ReorderContainer(collections: []), layout: Layout(kind: .list(rowHeight: 1), width: 1, height: 1))
    }

    /// With a `DropPolicy` as the app's `dropConfiguration` closure: its
    /// operation, collection and anchor are compared with the model's.
    public init(
        applier: Applier<ItemID, CollectionID>, policy: DropPolicy<ItemID, CollectionID>,
        swipeHandler: (any SwipeHandling<ItemID> & Sendable)? = nil, name: String? = nil
    ) {
        self.init(
            applier: applier,
            configure: { request in
                let answer = policy.configure(request)
                guard let d = answer.destination else { return SubjectConfiguration(operation: answer.operation) }
                return SubjectConfiguration(
                    operation: answer.operation, collection: .some(d.collectionID), before: .some(d.position.anchor))
            }, swipeHandler: swipeHandler, name: name)
    }

    /// What a policy over `applier` is called in messages: `policy` over
    /// the canonical applier (the model's own rule, not under test),
    /// `applier NAME with its policy` otherwise.
    public static func policyName(applier: String) -> String {
        applier == Applier<ItemID, CollectionID>.canonical.name ? "policy" : "applier \(applier) with its policy"
    }

    /// Whether its data is the model's by construction: a swipe handler
    /// over the canonical applier (the model's own rule), with no drop
    /// configuration of its own, so only the handler is under test. The
    /// checked engine then hands it the model's data (`_mirror`) instead of
    /// sending the data requests, which it would answer with the model's
    /// result recomputed.
    @inlinable var _mirrorsModel: Bool {
        swipeHandler != nil && configure == nil && applier.name == Applier<ItemID, CollectionID>.canonical.name
    }

    /// Takes `container` as its data (shared, not copied): the model's
    /// after an event whose data requests it was not sent. Its flags follow
    /// the items still present, as after a `delete` or `reload`.
    @inlinable
    mutating func _mirror(_ container: ReorderContainer<ItemID, CollectionID>) {
        engine.container = container
        pruneFlags()
    }

    @inlinable public var configures: Bool { configure != nil }
    @inlinable public var swipes: Bool { swipeHandler != nil }

    @inlinable
    public mutating func handle(
        _ request: SubjectRequest<ItemID, CollectionID>
    ) throws(SubjectFailure) -> SubjectAnswer<ItemID, CollectionID> {
        switch request {
        case .reset(let container, let layout, let swipe):
            engine = DragEngine(container: container, layout: layout, applier: applier)
            captured = [:]
            flags = [:]
            if let swipe, var handler = swipeHandler {
                handler.reset(configuration: swipe)
                swipeHandler = handler
                for (flag, items) in swipe.flags where !items.isEmpty { flags[flag] = Set(items) }
            }
        case .dropped(let s, let d):
            captured[s] = applier.capture(d, engine.container)
            return .none
        case .apply(let s, let d):
            let frozen = s.flatMap { captured.removeValue(forKey: $0) } ?? applier.capture(d, engine.container)
            var warnings: [ReorderWarning<ItemID, CollectionID>] = []
            engine._updateContainer { applier.apply(frozen, &$0, &warnings) }
        case .receive(let items, let destination):
            if let t = engine.container.collectionIndex(of: destination.collectionID) {
                engine._updateContainer { _ = $0.insert(items, into: t, before: destination.position.anchor) }
            }
        case .mutation(let m):
            guard m.changesData else { return .none }
            _ = engine.handle(.mutation(m))
            if case .delete = m { pruneFlags() } else if case .reload = m { pruneFlags() }
        case .configure(let q):
            guard let configure else { return .none }
            return .configuration(configure(engine.request(for: q)))
        case .open, .close, .perform, .labels, .gesture:
            return swipe(request)
        }
        return .data(engine.container.orders)
    }

    /// A swipe request, answered by the handler on its own data.
    @inlinable
    mutating func swipe(_ request: SubjectRequest<ItemID, CollectionID>) -> SubjectAnswer<ItemID, CollectionID> {
        guard var handler = swipeHandler else { return .none }
        defer { swipeHandler = handler }
        let rows = _SwipeRows(container: engine.container, layout: engine.layout)
        func data(_ item: ItemID) -> SwipeData<ItemID> { SwipeData(items: rows.reorderableItems(inCollectionOf: item), flags: flags) }
        switch request {
        case .open(let item, let edge, let labels):
            handler.open(item: item, edge: edge, labels: labels, data: data(item))
        case .close(let item):
            handler.close(item: item)
        case .perform(let item, let edge, let action):
            switch handler.perform(item: item, edge: edge, action: action, data: data(item)) {
            case .none: break
            case .delete(let victim):
                _ = engine.handle(.mutation(.delete(items: [victim])))
                pruneFlags()
            case .toggle(let flag, let target, let isSet):
                if isSet {
                    flags[flag, default: []].insert(target)
                } else {
                    flags[flag]?.remove(target)
                    if flags[flag]?.isEmpty == true { flags[flag] = nil }
                }
            }
            return .swipeData(engine.container.orders, flags: flags)
        case .labels(let item, let edge):
            return .labels(handler.labels(item: item, edge: edge, data: data(item)))
        case .gesture(let dx, let direction):
            return .edge(handler.edge(forDX: dx, direction: direction))
        default: break
        }
        return .none
    }

    /// Flags belong to present items only.
    @inlinable
    mutating func pruneFlags() {
        guard !flags.isEmpty else { return }
        // Most changes leave every flagged item in place: nothing is rebuilt then.
        guard flags.values.contains(where: { !$0.allSatisfy(engine.container.contains) }) else { return }
        let container = engine.container
        for (flag, items) in flags {
            let kept = items.filter(container.contains)
            flags[flag] = kept.isEmpty ? nil : kept
        }
    }

    /// Its data, the offsets it froze at deferred drops, its flags and its
    /// swipe handler's state; `nil` (never merged) when the handler cannot
    /// say what it holds.
    public var stateKey: AnyHashable? {
        var handlerState: AnyHashable?
        if let swipeHandler {
            guard let h = swipeHandler as? any Hashable else { return nil }
            handlerState = AnyHashable(h)
        }
        return AnyHashable(StateKey(data: engine.container, captured: captured, flags: flags, handler: handlerState))
    }

    struct StateKey: Hashable {
        var data: ReorderContainer<ItemID, CollectionID>
        var captured: [Int: CapturedDifference<ItemID, CollectionID>]
        var flags: [String: Set<ItemID>]
        var handler: AnyHashable?
    }

    @inlinable
    public func repeating(_ request: SubjectRequest<ItemID, CollectionID>) -> [[ItemID]]? {
        guard case .apply(_, let d) = request else { return nil }
        let container = engine.container
        // An orders applier on the orders, without a copy of the container.
        if applier.ordersFunction != nil,
            let again = applier.orders(applying: d, to: container.orders, collections: container.collections.map { $0.id })
        {
            return again
        }
        var again = container
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
