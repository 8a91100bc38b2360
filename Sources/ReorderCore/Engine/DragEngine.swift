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

    /// The data. Setting it (or the layout) measures the layout's per-item
    /// sizes in it, so hit testing stays O(log n) with per-item sizes.
    @inlinable public var container: Container {
        // Read in place: a checker reading a field of the data copies nothing.
        _read { yield _container }
        set {
            _container = newValue
            _measure()
        }
    }
    @usableFromInline var _container: Container

    /// Changes the data in place and measures it after, as setting
    /// `container` does, but without copying it out first: through the
    /// getter and setter, `applier.apply(d, &engine.container, ...)` changed
    /// a copy, so the apply copied every buffer it touched. Public for the
    /// in-process subject of the conformance module; not API.
    @inlinable
    public mutating func _updateContainer<R>(_ body: (inout Container) -> R) -> R {
        let result = body(&_container)
        _measure()
        return result
    }
    public var layout: Layout<ItemID> { didSet { _measure() } }
    public var applier: Applier<ItemID, CollectionID>
    public var policy: DropPolicy<ItemID, CollectionID>
    @usableFromInline var _sessions: [Int: Session] = [:] {
        // Any change may be to the recent session: its copy is then stale.
        didSet { _forgetRecent() }
    }
    /// The session the last event named, and a copy of it. A drag's events
    /// come in a row (its lift, its moves, its drop), so they find their
    /// session by comparing one number, without hashing, and read it in
    /// place: copied out of `_sessions` (through `values[index]`), it
    /// retained and released its arrays on every move.
    @usableFromInline var _recentID: Int?
    @usableFromInline var _recentSession = Session(items: [], sources: [], operations: [], isExternal: false, isRejected: false)
    /// Active drags by session.
    @inlinable public var sessions: [Int: Session] { _sessions }
    @usableFromInline var _pending: [Int: Pending] = [:]
    /// Which non-external sessions list each item among their sources: the
    /// accepted one that holds it (at most one: a second lift of a held item
    /// is rejected), and any rejected ones. A lift checks it and a delete or
    /// reload updates it without visiting every session, so thousands of
    /// sessions at once cost no more per event than one.
    @usableFromInline var _listing: [ItemID: _Listing] = [:]

    @usableFromInline struct _Listing: Sendable {
        @usableFromInline var holder: Int?
        @usableFromInline var rejected: Set<Int> = []
        @inlinable init() {}
        @inlinable var isEmpty: Bool { holder == nil && rejected.isEmpty }
    }
    /// Deferred differences waiting for their `apply`, by session.
    @inlinable public var pending: [Int: Pending] { _pending }

    @inlinable public init(
        container: Container, layout: Layout<ItemID>,
        applier: Applier<ItemID, CollectionID> = .canonical, policy: DropPolicy<ItemID, CollectionID> = .standard
    ) {
        self._container = container
        self.layout = layout
        self.applier = applier
        self.policy = policy
        _measure()
    }

    /// The layout has per-item sizes (measured in the container). Public for
    /// the in-process subject's hit tests; not API.
    public var _sized = false

    /// A move answers its operation alone (no `destination`), for a caller
    /// that reads nothing else of a move: the replayer when no one watches
    /// its steps and nothing compares a move's answer. The destination
    /// costs a descent to the slot's chunk and a walk past the sources on
    /// every move; a drop still finds its own. Public for the conformance
    /// module and the replayer; not API.
    public var _movesAnswerOperationOnly = false

    @inlinable
    mutating func _measure() {
        _sized = layout.itemExtents != nil
        if let extents = layout.itemExtents {
            _container.measureExtents(extents.sizes, uniform: extents.uniform)
        } else if _container.measuredExtents != nil {
            _container.measureExtents([:], uniform: 0)
        }
    }

    /// Feeds one event.
    @inlinable public mutating func handle(_ event: DragEvent<ItemID, CollectionID>) -> Step {
        var step = Step()
        _handle(event, into: &step)
        return step
    }

    /// `handle(_:)` into an empty step the caller holds: a step of a few
    /// hundred bytes, returned through each layer (this engine, the session
    /// engine, the conformance checks), was copied at each, per event.
    /// Public for those layers; not API.
    @inlinable public mutating func _handle(_ event: DragEvent<ItemID, CollectionID>, into step: inout Step) {
        switch event {
        case .lift(let s, let items, let p, let ops, let external):
            lift(s, items, p, ops, external, &step)
        case .move(let s, let p):
            // The recent session checked here: a call per move otherwise.
            guard _recentID == s || _makeRecent(s, "move", &step) else { break }
            if !_recentSession.isRejected {
                step.configuration = _movesAnswerOperationOnly ? answerOperation(at: p, &step) : configure(_recentSession, at: p, &step)
            }
        case .drop(let s, let p, let deferred):
            drop(s, p, deferred, &step)
        case .cancel(let s):
            guard let session = active(s, "cancel", &step) else { break }
            _end(s, session)
            if !session.isRejected { step.outcome = .cancelled }
        case .apply(let s):
            guard let waiting = _pending.removeValue(forKey: s) else {
                step.warnings.append(.grammar("session \(s): apply with no deferred drop pending; ignored"))
                break
            }
            if case .difference(let captured, let external) = waiting {
                commit(captured, external: external, &step)
            }
        case .mutation(let m):
            mutate(m, &step)
        case .deliver(let d):
            commit(applier.capture(d, _container), external: false, &step)
        }
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

    @inlinable mutating func active(_ s: Int, _ what: String, _ step: inout Step) -> Session? {
        if let session = _session(s) { return session }
        step.warnings.append(.grammar("session \(s): \(what) with no active lift; ignored"))
        return nil
    }

    /// Session `s` in flight, through the one-entry cache of the session
    /// last named: a caller that looks up the session of the event it is
    /// about to hand over (the conformance checks do) leaves the event's
    /// own lookup a cache hit. Public for the conformance module; not API.
    @inlinable public mutating func _session(_ s: Int) -> Session? {
        if _recentID == s { return _recentSession }
        guard let session = _sessions[s] else { return nil }
        _recentID = s
        _recentSession = session
        return session
    }

    /// Makes session `s` the recent one (`_recentSession`), or warns that
    /// there is no such session in flight.
    @inlinable mutating func _makeRecent(_ s: Int, _ what: String, _ step: inout Step) -> Bool {
        if _recentID == s || !_session(s)._isNone { return true }
        step.warnings.append(.grammar("session \(s): \(what) with no active lift; ignored"))
        return false
    }

    /// Drops the copy of the recent session (its arrays are then held once).
    @inlinable mutating func _forgetRecent() {
        guard _recentID != nil else { return }
        _recentID = nil
        _recentSession = Session(items: [], sources: [], operations: [], isExternal: false, isRejected: false)
    }

    @inlinable mutating func lift(_ s: Int, _ items: [ItemID], _ p: Point, _ ops: DropOperation.Set, _ external: Bool, _ step: inout Step) {
        if !_sessions[s]._isNone {
            step.warnings.append(.grammar("session \(s): lift while the session is active; ignored"))
            return
        }
        if let old = _pending.removeValue(forKey: s), case .difference = old {
            step.warnings.append(.pendingDiscarded(session: s))
        }
        let rejection = liftRejection(items, external)
        _sessions[s] = Session(items: items, sources: items, operations: ops, isExternal: external, isRejected: rejection != nil)
        if !external {
            for id in items {
                if rejection == nil {
                    _listing[id, default: _Listing()].holder = s
                } else {
                    _listing[id, default: _Listing()].rejected.insert(s)
                }
            }
        }
        if let rejection {
            step.outcome = .liftRejected
            step.liftRejection = rejection
        }
    }

    @inlinable func liftRejection(_ items: [ItemID], _ external: Bool) -> LiftRejection<ItemID>? {
        if !_container.isEnabled { return .disabled }
        if external {
            return items.first(where: _container.contains).map { .externalItemExists($0) }
        }
        // Each lifted item through the container's index: O(1) apiece.
        for id in items {
            guard let home = _container.home(of: id) else { return .absent(id) }
            if home.isFixed { return .fixed(id) }
            if _container.locked.contains(id) { return .locked(id) }
        }
        // The lowest-numbered accepted drag holding any of the items, and
        // the first of the items it holds: O(k) through the listing.
        var holder: Int?
        for id in items {
            if let h = _listing[id]?.holder { holder = Swift.min(holder ?? h, h) }
        }
        if let holder, let session = _sessions[holder], let id = items.first(where: session.sources.contains) {
            return .alreadyLifted(id, bySession: holder)
        }
        return nil
    }

    /// Ends session `s`: it no longer lists its sources.
    @inlinable mutating func _end(_ s: Int, _ session: Session) {
        _sessions[s] = nil
        if session.isExternal { return }
        for id in session.sources {
            guard var listing = _listing[id] else { continue }
            if session.isRejected { listing.rejected.remove(s) } else if listing.holder == s { listing.holder = nil }
            _listing[id] = listing.isEmpty ? nil : listing
        }
    }

    /// Asks the policy at `p` (3.3); the hit target goes into `step` too.
    @inlinable func configure(_ session: borrowing Session, at p: Point, _ step: inout Step) -> DropConfiguration<ItemID, CollectionID> {
        // The engine measures its own layout's sizes, so it skips the check.
        let target = layout._hitTest(p, in: _container._collections, measured: _sized)
        step.target = target
        if policy._isStandard {
            // Spec 3.3 on the engine's own data, read in place: a
            // `DropRequest` would copy the container (and compute the
            // destination even for a forbidden drop) on every move.
            let operation = _standardOperation(
                _container, target: target, suggested: session.operations, sources: session.sources, isExternal: session.isExternal)
            guard operation != .forbidden, let target else { return .forbidden }
            return DropConfiguration(
                operation: operation, destination: _container.destination(for: target, excludingSources: session.sources))
        }
        return customConfiguration(session, at: p, target: target)
    }

    /// `configure` for a move of the recent session whose answer is read
    /// for its operation alone (`_movesAnswerOperationOnly`): the standard
    /// policy's operation, without the destination. Mutating only to read
    /// the engine in place: `configure`, a method of a copy, copied the
    /// whole engine on every move.
    @inlinable mutating func answerOperation(at p: Point, _ step: inout Step) -> DropConfiguration<ItemID, CollectionID> {
        let target = layout._hitTest(p, in: _container._collections, measured: _sized)
        step.target = target
        guard policy._isStandard else { return customConfiguration(_recentSession, at: p, target: target) }
        // `forbidden` without a target, as `configure` answers.
        return DropConfiguration(
            operation: _standardOperation(
                _container, target: target, suggested: _recentSession.operations, sources: _recentSession.sources,
                isExternal: _recentSession.isExternal))
    }

    /// A custom policy's answer, given a `DropRequest` (which holds a copy
    /// of the container). Out of line: inlined, the copy was made on the
    /// standard policy's path too, on every move.
    @inlinable @inline(never)
    func customConfiguration(_ session: Session, at p: Point, target: HitTarget?) -> DropConfiguration<ItemID, CollectionID> {
        let request = DropRequest(
            session: DropSession(
                location: p, suggestedOperations: session.operations, itemsCount: session.sources.count,
                size: Size(width: layout.width, height: layout.height)),
            container: _container, target: target, sources: session.sources,
            isExternal: session.isExternal,
            destination: target.map { _container.destination(for: $0, excludingSources: session.sources) })
        return policy.configure(request)
    }

    @inlinable mutating func drop(_ s: Int, _ p: Point, _ deferred: Bool, _ step: inout Step) {
        guard let session = active(s, "drop", &step) else { return }
        _end(s, session)
        if session.isRejected {
            if deferred { _pending[s] = .nothing }
            return
        }
        let configuration = configure(session, at: p, &step)
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
        let captured = session.isExternal ? CapturedDifference(difference: difference) : applier.capture(difference, _container)
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
            applier.apply(captured, &_container, &step.warnings)
        }
    }

    /// An external drop inserts its items before the anchor (or at the end,
    /// when the anchor is gone or no longer among the collection's
    /// reorderable items); items that exist by then are skipped.
    @inlinable mutating func insertExternal(_ d: Difference, _ step: inout Step) {
        guard let t = _container.collectionIndex(of: d.destination.collectionID) else {
            step.warnings.append(.unknownCollection(d.destination.collectionID))
            return
        }
        for id in _container.insert(d.sources, into: t, before: d.destination.position.anchor) { step.warnings.append(.itemExists(id)) }
    }

    // MARK: - Mutations

    /// What a data mutation does (spec 2.2): missing IDs and unknown
    /// collections are skipped with a warning; items that leave the data
    /// leave every session's sources for good.
    @inlinable mutating func mutate(_ m: DataMutation<ItemID, CollectionID>, _ step: inout Step) {
        switch m {
        case .insert(let items, let collection, let index):
            insert(items, collection, index, &step)
        case .delete(let items):
            delete(items, &step)
        case .relocate(let items, let collection, let before):
            let d = Difference(sources: items, destination: .init(collectionID: collection, position: before.map { .before($0) } ?? .end))
            _container.applyCanonical(d, warnings: &step.warnings)
        case .update(let item):
            if !_container.contains(item) { step.warnings.append(.missingItem(item, action: "update")) }
        case .reload(let collections, let locked):
            reload(collections, locked)
        case .setEnabled(let enabled): _container.isEnabled = enabled
        case .lock(let items):
            for id in items {
                if _container.contains(id) { _container.locked.insert(id) } else { step.warnings.append(.missingItem(id, action: "lock")) }
            }
        case .unlock(let items):
            for id in items {
                if _container.contains(id) {
                    _container.locked.remove(id)
                } else {
                    step.warnings.append(.missingItem(id, action: "unlock"))
                }
            }
        }
    }

    @inlinable mutating func insert(_ items: [ItemID], _ collection: CollectionID, _ index: Int?, _ step: inout Step) {
        guard let c = _container.collectionIndex(of: collection) else {
            step.warnings.append(.unknownCollection(collection))
            return
        }
        for id in _container.insert(items, into: c, at: index) { step.warnings.append(.itemExists(id)) }
    }

    @inlinable mutating func delete(_ items: [ItemID], _ step: inout Step) {
        // Each ID once, in order; a repeat of a deleted ID is not "missing".
        var seen = Set<ItemID>(minimumCapacity: items.count)
        let unique = items.filter { seen.insert($0).inserted }
        let missing = _container.delete(unique)
        for id in missing { step.warnings.append(.missingItem(id, action: "delete")) }
        if missing.count == unique.count { return }
        let gone = missing.isEmpty ? seen : seen.subtracting(missing)
        leaveSessions(gone)
    }

    @inlinable mutating func reload(_ collections: [ReorderCollection<ItemID, CollectionID>], _ locked: [ItemID]) {
        _container.replaceCollections(collections)
        _container.locked = _container.locked.filter(_container.contains).union(locked)
        let present = _container
        leaveSessions(Set(_listing.keys.filter { !present.contains($0) }))
    }

    /// Removes items from every session's sources for good: only the
    /// sessions that list them are visited.
    /// - Complexity: O(g + the sources of the sessions touched) for g items.
    @inlinable mutating func leaveSessions(_ gone: Set<ItemID>) {
        // Before the sources change: the recent copy would make them copy.
        _forgetRecent()
        var touched = Set<Int>()
        for id in gone {
            guard let listing = _listing.removeValue(forKey: id) else { continue }
            if let h = listing.holder { touched.insert(h) }
            touched.formUnion(listing.rejected)
        }
        for s in touched { _sessions[s]?.sources.removeAll(where: gone.contains) }
    }
}
