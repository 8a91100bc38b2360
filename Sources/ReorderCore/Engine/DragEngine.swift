/// The drag-session engine: fed one event at a time, it answers drop
/// configurations, ends sessions with outcomes, emits differences and applies
/// them through the chosen `Applier` (spec 2.1, 2.2, 3.3).
///
///     var engine = DragEngine(container: c, layout: l)
///     engine.handle(.lift(session: 0, items: ["a"], at: p, operations: .move, external: false))
///     let step = engine.handle(.drop(session: 0, at: q, deferred: false))
///     step.outcome  // .moved
///
/// Runtime conditions (disabled, deleted items) change outcomes and add
/// warnings; they are never errors.
public struct DragEngine<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Sendable {
    public typealias Container = ReorderContainer<ItemID, CollectionID>
    public typealias Difference = ReorderDifference<ItemID, CollectionID>
    public typealias Step = StepResult<ItemID, CollectionID>

    /// An active drag.
    public struct Session: Hashable, Sendable {
        /// The lifted items, in selection order.
        public var items: [ItemID]
        /// The items still in the drag: deleted ones leave for good.
        public var sources: [ItemID]
        public var operations: DropOperation.Set
        public var isExternal: Bool
        /// The lift was rejected: later events until drop/cancel do nothing.
        public var isRejected: Bool

        @inlinable
        public init(items: [ItemID], sources: [ItemID], operations: DropOperation.Set, isExternal: Bool, isRejected: Bool) {
            self.items = items
            self.sources = sources
            self.operations = operations
            self.isExternal = isExternal
            self.isRejected = isRejected
        }
    }

    /// A deferred drop's difference, waiting for its `apply`.
    public enum Pending: Hashable, Sendable {
        case difference(CapturedDifference<ItemID, CollectionID>, external: Bool)
        /// The drop emitted nothing: `apply` will do nothing.
        case nothing
    }

    public var container: Container
    public var layout: Layout<ItemID>
    public var applier: Applier<ItemID, CollectionID>
    public var policy: DropPolicy<ItemID, CollectionID>
    @usableFromInline var _sessions: [Int: Session] = [:]
    /// Active drags by session.
    @inlinable public var sessions: [Int: Session] { _sessions }
    @usableFromInline var _pending: [Int: Pending] = [:]
    /// Deferred differences waiting for their `apply`, by session.
    @inlinable public var pending: [Int: Pending] { _pending }

    @inlinable public init(
        container: Container, layout: Layout<ItemID>,
        applier: Applier<ItemID, CollectionID> = .canonical, policy: DropPolicy<ItemID, CollectionID> = .standard
    ) {
        self.container = container
        self.layout = layout
        self.applier = applier
        self.policy = policy
    }

    /// Feeds one event.
    @inlinable public mutating func handle(_ event: DragEvent<ItemID, CollectionID>) -> Step {
        var step = Step()
        switch event {
        case .lift(let s, let items, let p, let ops, let external): lift(s, items, p, ops, external, &step)
        case .move(let s, let p):
            guard let session = active(s, "move", &step) else { break }
            if !session.isRejected { step.configuration = configure(session, at: p) }
        case .drop(let s, let p, let deferred): drop(s, p, deferred, &step)
        case .cancel(let s):
            guard let session = active(s, "cancel", &step) else { break }
            _sessions[s] = nil
            if !session.isRejected { step.outcome = .cancelled }
        case .apply(let s):
            guard let waiting = _pending.removeValue(forKey: s) else {
                step.warnings.append(.grammar("session \(s): apply with no deferred drop pending; ignored"))
                break
            }
            if case .difference(let captured, let external) = waiting { commit(captured, external: external, &step) }
        case .insert(let items, let collection, let index): insert(items, collection, index, &step)
        case .delete(let items): delete(items, &step)
        case .relocate(let items, let collection, let before):
            let d = Difference(sources: items, destination: .init(collectionID: collection, position: before.map { .before($0) } ?? .end))
            container.applyCanonical(d, warnings: &step.warnings)
        case .deliver(let d):
            commit(applier.capture(d, container), external: false, &step)
        case .update(let item):
            if container.locate(item) == nil { step.warnings.append(.missingItem(item, action: "update")) }
        case .reload(let collections, let locked): reload(collections, locked)
        case .setEnabled(let enabled): container.isEnabled = enabled
        case .lock(let items):
            let present = container._presence(of: items)
            for id in items {
                if present.contains(id) { container.locked.insert(id) } else { step.warnings.append(.missingItem(id, action: "lock")) }
            }
        case .unlock(let items):
            let present = container._presence(of: items)
            for id in items {
                if present.contains(id) { container.locked.remove(id) } else { step.warnings.append(.missingItem(id, action: "unlock")) }
            }
        }
        return step
    }

    /// Ends a recording: warnings for drags still active and deferred
    /// differences never applied. Nothing is applied.
    @inlinable public func finish() -> [ReorderWarning<ItemID, CollectionID>] {
        var warnings: [ReorderWarning<ItemID, CollectionID>] = []
        for s in _sessions.keys.sorted() { warnings.append(.sessionActiveAtEnd(session: s)) }
        for (s, p) in _pending.sorted(by: { $0.key < $1.key }) {
            if case .difference = p { warnings.append(.pendingAtEnd(session: s)) }
        }
        return warnings
    }

    // MARK: - Drag events

    @inlinable func active(_ s: Int, _ what: String, _ step: inout Step) -> Session? {
        if let session = _sessions[s] { return session }
        step.warnings.append(.grammar("session \(s): \(what) with no active lift; ignored"))
        return nil
    }

    @inlinable mutating func lift(_ s: Int, _ items: [ItemID], _ p: Point, _ ops: DropOperation.Set, _ external: Bool, _ step: inout Step) {
        if _sessions[s] != nil {
            step.warnings.append(.grammar("session \(s): lift while the session is active; ignored"))
            return
        }
        if let old = _pending.removeValue(forKey: s), case .difference = old {
            step.warnings.append(.pendingDiscarded(session: s))
        }
        let rejection = liftRejection(items, external)
        _sessions[s] = Session(items: items, sources: items, operations: ops, isExternal: external, isRejected: rejection != nil)
        if let rejection {
            step.outcome = .liftRejected
            step.liftRejection = rejection
        }
    }

    @inlinable func liftRejection(_ items: [ItemID], _ external: Bool) -> LiftRejection<ItemID>? {
        if !container.isEnabled { return .disabled }
        if external {
            let present = container._presence(of: items)
            return items.first(where: present.contains).map { .externalItemExists($0) }
        }
        // A lift names a few items: find each by an equality scan rather
        // than hashing every item of the container.
        for id in items {
            guard let location = container.locate(id) else { return .absent(id) }
            if location.isFixed { return .fixed(id) }
            if container.locked.contains(id) { return .locked(id) }
        }
        for (other, session) in _sessions.sorted(by: { $0.key < $1.key }) where !session.isRejected && !session.isExternal {
            if let id = items.first(where: session.sources.contains) { return .alreadyLifted(id, bySession: other) }
        }
        return nil
    }

    /// Asks the policy at `p` (3.3).
    @inlinable func configure(_ session: Session, at p: Point) -> DropConfiguration<ItemID, CollectionID> {
        let sourceSet = Set(session.sources)
        let target = layout.hitTest(p, in: container)
        let request = DropRequest(
            session: DropSession(
                location: p, suggestedOperations: session.operations, itemsCount: session.sources.count,
                size: Size(width: layout.width, height: layout.height)),
            container: container, target: target, sources: session.sources, sourceSet: sourceSet,
            isExternal: session.isExternal,
            destination: target.map { container.destination(for: $0, excluding: sourceSet) })
        return policy.configure(request)
    }

    @inlinable mutating func drop(_ s: Int, _ p: Point, _ deferred: Bool, _ step: inout Step) {
        guard let session = active(s, "drop", &step) else { return }
        _sessions[s] = nil
        if session.isRejected {
            if deferred { _pending[s] = .nothing }
            return
        }
        let configuration = configure(session, at: p)
        step.configuration = configuration
        let outcome: Outcome
        var difference: Difference?
        if !session.isExternal && session.sources.isEmpty {
            outcome = .vanished
        } else if configuration.operation == .forbidden {
            outcome = .rejected
        } else if let destination = configuration.destination {
            outcome = session.isExternal && configuration.operation == .copy ? .copied : .moved
            difference = Difference(sources: session.sources, destination: destination)
        } else {
            step.warnings.append(.noDestination(session: s))
            outcome = .rejected
        }
        step.outcome = outcome
        step.emitted = difference
        guard let difference else {
            if deferred { _pending[s] = .nothing }
            return
        }
        // External items are not in the container: nothing for the applier to capture.
        let captured = session.isExternal ? CapturedDifference(difference: difference) : applier.capture(difference, container)
        if deferred {
            _pending[s] = .difference(captured, external: session.isExternal)
        } else {
            commit(captured, external: session.isExternal, &step)
        }
    }

    @inlinable mutating func commit(_ captured: CapturedDifference<ItemID, CollectionID>, external: Bool, _ step: inout Step) {
        step.applied = captured.difference
        step.appliedExternally = external
        if external {
            insertExternal(captured.difference, &step)
        } else {
            applier.apply(captured, &container, &step.warnings)
        }
    }

    /// An external drop inserts its items before the anchor (or at the end,
    /// when the anchor is gone or no longer among the collection's
    /// reorderable items); items that exist by then are skipped.
    @inlinable mutating func insertExternal(_ d: Difference, _ step: inout Step) {
        guard let t = container.collectionIndex(of: d.destination.collectionID) else {
            step.warnings.append(.unknownCollection(d.destination.collectionID))
            return
        }
        var present = container._presence(of: d.sources)
        var block: [ItemID] = []
        for id in d.sources {
            if present.insert(id) { block.append(id) } else { step.warnings.append(.itemExists(id)) }
        }
        container.collections[t].insertBlock(block, before: d.destination.position.anchor)
    }

    // MARK: - Mutations

    @inlinable mutating func insert(_ items: [ItemID], _ collection: CollectionID, _ index: Int?, _ step: inout Step) {
        guard let c = container.collectionIndex(of: collection) else {
            step.warnings.append(.unknownCollection(collection))
            return
        }
        var present = container._presence(of: items)
        var block: [ItemID] = []
        for id in items {
            if present.insert(id) { block.append(id) } else { step.warnings.append(.itemExists(id)) }
        }
        let count = container.collections[c].items.count
        container.collections[c].items.insert(contentsOf: block, at: min(index ?? count, count))
    }

    @inlinable mutating func delete(_ items: [ItemID], _ step: inout Step) {
        let present = container._presence(of: items)
        var gone = Set<ItemID>()
        for id in items {
            if present.contains(id) {
                gone.insert(id)
            } else if !gone.contains(id) {
                step.warnings.append(.missingItem(id, action: "delete"))
            }
        }
        if gone.isEmpty { return }
        // A few deleted IDs are compared by equality, not hashed against every item.
        let removed = _Membership(Array(gone))
        for c in container.collections.indices {
            container.collections[c].items.removeAll { removed.contains($0) }
            container.collections[c].fixed.removeAll { removed.contains($0) }
        }
        container.locked.subtract(gone)
        leaveSessions { gone.contains($0) }
    }

    @inlinable mutating func reload(_ collections: [ReorderCollection<ItemID, CollectionID>], _ locked: [ItemID]) {
        container.collections = collections
        let present = container.allItems()
        container.locked = container.locked.filter(present.contains).union(locked)
        leaveSessions { !present.contains($0) }
    }

    /// Removes items from every session's sources for good.
    @inlinable mutating func leaveSessions(_ leaves: (ItemID) -> Bool) {
        for (s, session) in sessions where !session.isExternal {
            let kept = session.sources.filter { !leaves($0) }
            if kept.count != session.sources.count { _sessions[s]!.sources = kept }
        }
    }
}
