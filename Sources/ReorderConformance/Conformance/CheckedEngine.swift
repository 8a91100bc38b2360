import ReorderCore
import ReorderSwipe

/// Where a move or drop aimed: the leading half of an entry, for the
/// hit-test oracle (a generator knows where it pointed; a recording does not).
public struct Aim: Hashable, Sendable {
    public var collection: Int
    public var entry: Int
    public init(collection: Int, entry: Int) {
        self.collection = collection
        self.entry = entry
    }
}

/// What one event did, checked.
public struct CheckedStep<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Sendable {
    /// What the model did.
    public var result: SessionStep<ItemID, CollectionID>
    // The optional fields are spelled `Optional<...>`: a `var` spelled `T?`
    // starts as `nil`, so the initialiser's assignment destroyed that `nil`
    // first, through `Optional`'s unspecialised value witness (without
    // `-disable-type-layout`); spelled out, the initialiser initialises it.
    /// The first broken invariant, or the code under test's failure to answer.
    public var violation: Optional<InvariantViolation<ItemID, CollectionID>>
    /// The code under test's data after the event, when it was asked.
    public var subjectData: Optional<[[ItemID]]>
    /// The model's own result where it differs from the code under test's
    /// (the screen then shows the latter).
    public var modelData: Optional<[[ItemID]]>
    /// The operation the code under test answered at this `move` or `drop`
    /// when it configures (it may differ from the model's: a violation).
    public var answered: Optional<DropOperation>

    @inlinable
    public init(
        result: SessionStep<ItemID, CollectionID>, violation: InvariantViolation<ItemID, CollectionID>? = nil,
        subjectData: [[ItemID]]? = nil, modelData: [[ItemID]]? = nil
    ) {
        self.result = result
        self.violation = violation
        self.subjectData = subjectData
        self.modelData = modelData
        self.answered = nil
    }

    /// Empties the step in place, as `CheckedStep(result: SessionStep())`
    /// would, for a caller that keeps one step across events and fills it
    /// with `CheckedEngine.handle(_:aim:into:)`: a step made and destroyed
    /// per event cost about 500 instructions in its value witness alone
    /// (docs/performance.md, "Without `-disable-type-layout`"). Public for
    /// the other modules' hot paths; not API.
    ///
    /// - Complexity: O(1), plus releasing what was set.
    @inlinable public mutating func _clear() {
        result._clear()
        if !violation._isNone { violation = nil }
        if !subjectData._isNone { subjectData = nil }
        if !modelData._isNone { modelData = nil }
        if !answered._isNone { answered = nil }
    }
}

/// The model and the code under test, event by event: the model (the
/// canonical rule and the default drop configuration of the spec) runs the
/// case; the code under test receives the same deliveries and mutations and
/// answers with its data; every answer is checked against what the model
/// computes from the data before it. The screen shows the code under
/// test's data: the next hit test uses its answer, as a user would see it.
///
/// With no code under test (the canonical applier) this is the model alone,
/// at the model's speed.
///
///     var run = CheckedEngine(container: c, layout: l, subject: InProcessSubject(applier: .insertBeforeRemove))
///     _ = run.start()
///     _ = run.handle(.lift(session: 0, items: ["a"], at: p, operations: .move, external: false))
///     run.handle(.drop(session: 0, at: q, deferred: false)).violation?.invariant  // .placement
public struct CheckedEngine<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable> {
    /// The model: canonical applier, default policy.
    @inlinable public var model: SessionEngine<ItemID, CollectionID> { _model }
    @usableFromInline var _model: SessionEngine<ItemID, CollectionID>
    public var text: ViolationText<ItemID, CollectionID>
    /// Also check the model's own answers (configuration, hit test, no-op):
    /// the fuzzer's oracles for the core itself.
    public var checksModel: Bool
    /// The code under test failed to answer: it is not asked again.
    @inlinable public var subjectFailed: Bool { _subjectFailed }
    @usableFromInline var _subjectFailed = false
    /// The model's presentation reports so far, for `one-open` and `presentation`.
    @usableFromInline var ledger = SwipePresentationLedger<ItemID>()
    /// The code under test. An in-process one is held as itself, so its
    /// calls specialise and inline; anything else behind the protocol.
    @usableFromInline var _subject: _Subject
    /// An in-process subject's `configures` and `swipes`, fixed when it is
    /// set (its closures never change): read at every event without
    /// copying the subject out of `_subject`.
    @usableFromInline var _inProcessConfigures = false
    @usableFromInline var _inProcessSwipes = false
    /// Whether there is a subject, and whether it is behind the protocol
    /// (whose `configures` and `swipes` may change, so they are asked each
    /// time): set with `_subject`, so that no event reads `_subject` to know
    /// (a `switch` over it copies the whole subject).
    @usableFromInline var _hasSubject = false
    @usableFromInline var _otherSubject = false
    /// An in-process subject whose data is the model's by construction
    /// (`InProcessSubject._mirrorsModel`): it is handed the model's data
    /// instead of being sent data requests, and asked only its swipe messages.
    @usableFromInline var _mirrorsModel = false
    /// The model's data changed since such a subject was last handed it: it
    /// is handed the data when next asked, or before the model acts on the
    /// next gesture (a run of drags between two swipe messages hands it over
    /// once, not per event).
    @usableFromInline var _mirrorPending = false
    /// Such a subject has flags set: it is handed the data at every change,
    /// so that its flags follow the items left after each one, as its own
    /// deletes and reloads prune them (an item deleted and inserted again
    /// loses its flags).
    @usableFromInline var _mirrorHasFlags = false
    /// Moves answer their operation alone where nothing here compares them
    /// (see `DragEngine._movesAnswerOperationOnly`, which holds the setting),
    /// for a caller that reads nothing else of a move. Public for the
    /// replayer; not API.
    @inlinable public var _movesAnswerOperationOnly: Bool {
        get { _model.drag._movesAnswerOperationOnly }
        set { _model.drag._movesAnswerOperationOnly = newValue }
    }
    /// What judges the code under test's drop configuration (default: the model).
    public var oracle: ConfigurationOracle<ItemID, CollectionID> = .model
    /// The model's own policy, restored after an answer it followed.
    @usableFromInline var policy: DropPolicy<ItemID, CollectionID> = .standard

    @usableFromInline
    enum _Subject {
        case none
        case inProcess(InProcessSubject<ItemID, CollectionID>)
        case other(any ReorderSubject<ItemID, CollectionID>)
    }

    @inlinable
    public init(
        container: ReorderContainer<ItemID, CollectionID>, layout: Layout<ItemID>,
        subject: (any ReorderSubject<ItemID, CollectionID>)? = nil, text: ViolationText<ItemID, CollectionID> = .plain,
        checksModel: Bool = false, swipe: SwipeConfiguration<ItemID>? = nil, policy: DropPolicy<ItemID, CollectionID> = .standard,
        oracle: ConfigurationOracle<ItemID, CollectionID> = .model
    ) {
        _model = SessionEngine(container: container, layout: layout, policy: policy, swipe: swipe)
        _subject = .none
        self.policy = policy
        self.oracle = oracle
        self.text = text
        self.checksModel = checksModel
        self.subject = subject
    }

    /// The code under test (`nil`: the model alone).
    @inlinable
    public var subject: (any ReorderSubject<ItemID, CollectionID>)? {
        get {
            switch _subject {
            case .none: return nil
            case .inProcess(var s):
                // Handed the model's data first, as when next asked.
                if _mirrorPending { s._mirror(_model.container) }
                return s
            case .other(let s): return s
            }
        }
        set {
            _inProcessConfigures = false
            _inProcessSwipes = false
            _hasSubject = newValue != nil
            _otherSubject = false
            _mirrorsModel = false
            _mirrorPending = false
            _mirrorHasFlags = false
            if let s = newValue as? InProcessSubject<ItemID, CollectionID> {
                _inProcessConfigures = s.configures
                _inProcessSwipes = s.swipes
                _mirrorsModel = s._mirrorsModel
                _subject = .inProcess(s)
            } else if let s = newValue {
                _otherSubject = true
                _subject = .other(s)
            } else {
                _subject = .none
            }
        }
    }

    @inlinable var hasSubject: Bool { _hasSubject }

    @inlinable var subjectConfigures: Bool {
        guard _otherSubject, case .other(let s) = _subject else { return _inProcessConfigures }
        return s.configures
    }

    @inlinable var subjectSwipes: Bool {
        guard _otherSubject, case .other(let s) = _subject else { return _inProcessSwipes }
        return s.swipes
    }

    /// The data, as the screen shows it.
    @inlinable public var container: ReorderContainer<ItemID, CollectionID> {
        _read { yield _model.container }
    }

    /// Starts the case: the code under test is reset to the starting data,
    /// and must answer with exactly it.
    @inlinable
    public mutating func start() -> InvariantViolation<ItemID, CollectionID>? {
        let (answer, failure) = ask(.reset(model.container, model.layout, model.swipe?.configuration))
        if let failure { return failure }
        guard case .data(let data)? = answer else { return nil }
        return ReorderContainer.checkExact("reset", expected: model.container.orders, after: data, text: text)
    }

    /// Feeds one event to the model and the code under test, and checks.
    @inlinable
    public mutating func handle(_ event: DragEvent<ItemID, CollectionID>, aim: Aim? = nil) -> CheckedStep<ItemID, CollectionID> {
        handle(.drag(event), aim: aim)
    }

    /// `handle(_:aim:into:)` for a drag event or mutation. With nothing to
    /// compare it goes to the model as itself: wrapped in a session event,
    /// it was copied out again, and both destroyed, on every event.
    @inlinable
    public mutating func handle(_ event: DragEvent<ItemID, CollectionID>, into step: inout CheckedStep<ItemID, CollectionID>) {
        if !hasSubject && !checksModel {
            _model._handle(event, into: &step.result)
            return
        }
        handle(.drag(event), aim: nil, into: &step)
    }

    /// Feeds one event (a drag event, a mutation or a swipe gesture) to the
    /// model and the code under test, and checks.
    @inlinable
    public mutating func handle(_ event: SessionEvent<ItemID, CollectionID>, aim: Aim? = nil) -> CheckedStep<ItemID, CollectionID> {
        var step = CheckedStep<ItemID, CollectionID>(result: SessionStep())
        handle(event, aim: aim, into: &step)
        return step
    }

    /// `handle(_:aim:)` into an empty step the caller holds: the replayer's
    /// loop keeps one per event, which each layer fills in place (a step
    /// returned through each was copied at each).
    @inlinable
    public mutating func handle(
        _ event: SessionEvent<ItemID, CollectionID>, aim: Aim? = nil, into step: inout CheckedStep<ItemID, CollectionID>
    ) {
        if !hasSubject && !checksModel || !comparesAnswers(to: event) {
            _model._handle(event, into: &step.result)
            return
        }
        // A gesture's messages are about the data the gesture met.
        if _mirrorPending && event.isSwipeGesture { handOverModelData() }
        // The event's session as it is before the model acts: looked up once.
        let session = event.session.flatMap { _model.drag._session($0) }

        // 1. The code under test's drop configuration, asked before the model acts.
        var answered: SubjectConfiguration<ItemID, CollectionID>?
        var failure: InvariantViolation<ItemID, CollectionID>?
        if subjectConfigures, let (s, p) = event.location, let session, !session.isRejected {
            let query = DropQuery(
                session: s, location: p, items: session.items, sources: session.sources, operations: session.operations,
                isExternal: session.isExternal)
            let asked = ask(.configure(query))
            failure = asked.1
            if case .configuration(let c)? = asked.0 { answered = c }
        }

        // 2. The model acts, on the data as the screen shows it. Judged by
        // geometry or rules, the operation is the code's choice: the model
        // follows it, so the drop's outcome is the operation answered.
        let before = self.before(event, session: session, answered: answered, aim: aim)
        let openBefore = checksModel && _model.hasSwipe ? _model.openRow : nil
        if let answered, oracle.followsAnswer { _model.drag.policy = Self.following(answered, oracle: oracle, otherwise: policy) }
        // Here the answer may be compared: in full.
        let operationOnly = _movesAnswerOperationOnly
        if operationOnly { _movesAnswerOperationOnly = false }
        _model._handle(event, into: &step.result)
        if operationOnly { _movesAnswerOperationOnly = true }
        step.violation = failure
        step.answered = answered?.operation
        if answered != nil && oracle.followsAnswer { _model.drag.policy = policy }
        check(&step, event, answered: answered, session: session, before: before, openBefore: openBefore, aim: aim)
    }

    /// What the checks of `event` read of the data before the model acts.
    /// The data itself is held only where an answer is compared with it: the
    /// code under test's data answers (not sent to a subject that mirrors
    /// the model) and a drop configuration judged by geometry or rules.
    /// Held across the step, it would make the model's own writes (an
    /// apply, a mutation) copy the storage they share with it.
    @inlinable
    func before(
        _ event: SessionEvent<ItemID, CollectionID>, session: DragEngine<ItemID, CollectionID>.Session?,
        answered: SubjectConfiguration<ItemID, CollectionID>?, aim: Aim?
    ) -> _Before {
        // `_model.container` is read in place each time: bound to a local,
        // the data would be copied (every buffer retained) per event.
        let holds = hasSubject && !_subjectFailed && !_mirrorsModel || answered != nil && oracle.followsAnswer
        var aimed: _Before.Aimed?
        if checksModel, let aim, let session, event.location != nil, aim.collection < _model.container.collections.count,
            aim.entry < _model.container.collections[aim.collection].entryCount
        {
            // The leading half of entry k targets slot k: the first entry
            // from max(k, fixed) that is not a source.
            let target = HitTarget(collection: aim.collection, slot: aim.entry)
            aimed = (
                _model.container.destination(for: target, excludingSources: session.sources),
                _model.container.collections[aim.collection].id
            )
        }
        var swipedRowIsReorderable = false
        if _model.hasSwipe, case .swipe(let item, _) = event {
            swipedRowIsReorderable = _model.container.home(of: item)?.isFixed == false
        }
        // Made in one go, every field initialised once (see `_Before`).
        return _Before(
            held: holds ? _model.container : nil, writes: _model.container._writes, aimed: aimed,
            swipedRowIsReorderable: swipedRowIsReorderable)
    }

    /// Steps 3 to 5 of `handle`, once the model has acted: the model's own
    /// answers, the code under test's drop configuration against the
    /// model's, and its answers to the deliveries, mutations and swipe
    /// messages. The first violation is kept.
    @inlinable
    mutating func check(
        _ step: inout CheckedStep<ItemID, CollectionID>, _ event: SessionEvent<ItemID, CollectionID>,
        answered: SubjectConfiguration<ItemID, CollectionID>?, session: DragEngine<ItemID, CollectionID>.Session?,
        before: _Before, openBefore: SwipeOpenRow<ItemID>?, aim: Aim?
    ) {
        let sources = session?.sources ?? []
        // 3. The model's own answers (the core's oracles). A violation is
        // stored only when there is one: storing `nil` over `nil` destroyed
        // the old value through the type's value witness, per event.
        if checksModel && step.violation._isNone,
            let v = checkModel(event, step.result, before: before, session: session, aim: aim)
        {
            step.violation = v
        }
        if checksModel && step.violation._isNone && _model.hasSwipe, let v = checkSwipeModel(event, step.result, openBefore: openBefore) {
            step.violation = v
        }

        // 4. The code under test's answer against the model's.
        if step.violation._isNone, let answered, let c = step.result.drag.configuration {
            step.violation =
                oracle.followsAnswer
                ? judge(
                    answered, model: c, offered: session?.operations ?? .move, before: before.held ?? _model.container,
                    sources: sources, external: session?.isExternal ?? false)
                : compare(answered, with: c)
        }

        // 5. Deliveries and mutations, each answered with data and checked;
        // then the swipe messages, each answer checked. Both lists are made
        // before either is sent (an answer the screen adopts changes the rows
        // the swipe messages' labels are read from).
        if hasSubject && !_subjectFailed {
            let swipes = swipeRequests(for: event, step.result, swipedRowIsReorderable: before.swipedRowIsReorderable)
            if _mirrorsModel {
                // A drag event that wrote the model's data is one whose data
                // requests change the subject's (a gesture's own changes
                // reach it through its swipe messages).
                if !event.isSwipeGesture && _model.container._writes != before.writes {
                    _mirrorPending = true
                    if _mirrorHasFlags { handOverModelData() }
                }
                for request in swipes where !send(request, &step, before: nil) { break }
            } else if let held = before.held {
                let data = requests(for: event, step.result)
                if send(data.first, &step, before: held) && send(data.second, &step, before: held) {
                    for request in swipes where !send(request, &step, before: held) { break }
                }
            }
        }
    }

    /// Sends `request` (if any) and checks the answer; false when the code
    /// under test failed to answer (the rest of the event is not sent).
    @inlinable
    mutating func send(
        _ request: SubjectRequest<ItemID, CollectionID>?, _ step: inout CheckedStep<ItemID, CollectionID>,
        before: ReorderContainer<ItemID, CollectionID>?
    ) -> Bool {
        guard let request else { return true }
        let (answer, failure) = ask(request)
        if let failure {
            if step.violation._isNone { step.violation = failure }
            return false
        }
        if request.isSwipe {
            if let v = checkSwipe(request, answer, &step), step.violation._isNone { step.violation = v }
            return true
        }
        // A `dropped` notice changes no data (the apply follows).
        guard case .data(let data)? = answer, request.changesData || { if case .mutation(.update) = request { true } else { false } }(),
            let before
        else { return true }
        step.subjectData = data
        if step.violation._isNone {
            // The model's data is the canonical result of this delivery
            // while it applied that very difference and has adopted no
            // answer since (`modelData` is set when it does).
            let reference = step.modelData._isNone && !step.result.drag.appliedExternally ? step.result.drag.applied : nil
            step.violation = check(request, before: before, after: data, modelApplied: reference)
        }
        adopt(data, &step)
        return true
    }

    /// Whether anything of `event` is compared: a drop configuration the code
    /// under test answers, a request it answers with data, a swipe message,
    /// or the model's own answers (`checksModel`). A lift or cancel asks the
    /// code nothing and a move asks it only for its drop configuration, so
    /// without swipes and model checks they go to the model alone, as with
    /// no code under test (nothing is copied to compare against).
    @inlinable
    func comparesAnswers(to event: SessionEvent<ItemID, CollectionID>) -> Bool {
        if checksModel || _model.hasSwipe { return true }
        switch event {
        case .drag(.lift), .drag(.cancel): return false
        case .drag(.move): return subjectConfigures && !_subjectFailed
        default: return true
        }
    }

    /// The screen shows the code under test's data: where it differs from
    /// the model's, the model keeps its own result in `step.modelData` and
    /// goes on from the code's.
    @inlinable
    mutating func adopt(_ data: [[ItemID]], _ step: inout CheckedStep<ItemID, CollectionID>) {
        guard !_model.container._hasIdenticalOrders(data) else { return }
        step.modelData = _model.container.orders
        var shown = _model.container
        shown.setOrders(data)
        _model.container = shown
    }

    /// Warnings at the end of a recording (see `DragEngine.finish`).
    @inlinable public func finish() -> [ReorderWarning<ItemID, CollectionID>] { _model.finish() }

    // MARK: - Asking

    @inlinable
    mutating func ask(
        _ request: SubjectRequest<ItemID, CollectionID>
    ) -> (SubjectAnswer<ItemID, CollectionID>?, InvariantViolation<ItemID, CollectionID>?) {
        if _subjectFailed { return (nil, nil) }
        if _mirrorPending { handOverModelData() }
        // Moved out, not copied: no second reference while it changes, and
        // no retain and release of every buffer it holds per request.
        var taken = _Subject.none
        swap(&taken, &_subject)
        do {
            switch consume taken {
            case .none: return (nil, nil)
            case .inProcess(var s):
                defer {
                    if _mirrorsModel { _mirrorHasFlags = !s.flags.isEmpty }
                    _subject = .inProcess(s)
                }
                return (try s.handle(request), nil)
            case .other(var s):
                defer { _subject = .other(s) }
                return (try s.handle(request), nil)
            }
        } catch {
            _subjectFailed = true
            return (nil, InvariantViolation(error.invariant, "\(error)"))
        }
    }

    /// The requests an event makes of the code under test, in order.
    @inlinable
    func requests(
        for event: SessionEvent<ItemID, CollectionID>, _ result: SessionStep<ItemID, CollectionID>
    ) -> _DataRequests<ItemID, CollectionID> {
        switch event {
        case .swipe, .scroll, .tap: return _DataRequests()
        case .drag(let e): return requests(for: e, result.drag)
        }
    }

    @inlinable
    func requests(
        for event: DragEvent<ItemID, CollectionID>, _ result: StepResult<ItemID, CollectionID>
    ) -> _DataRequests<ItemID, CollectionID> {
        switch event {
        case .lift, .move, .cancel: return _DataRequests()
        case .drop(let s, _, _):
            guard let emitted = result.emitted else { return _DataRequests() }
            if let applied = result.applied {
                return result.appliedExternally
                    ? _DataRequests(.receive(items: applied.sources, destination: applied.destination))
                    : _DataRequests(.dropped(session: s, emitted), .apply(session: s, applied))
            }
            return _model.pending[s]._isNone ? _DataRequests() : _DataRequests(.dropped(session: s, emitted))
        case .apply(let s):
            guard let applied = result.applied else { return _DataRequests() }
            return _DataRequests(
                result.appliedExternally ? .receive(items: applied.sources, destination: applied.destination) : .apply(session: s, applied))
        case .deliver(let d): return _DataRequests(.apply(session: nil, d))
        case .mutation(let m): return _DataRequests(.mutation(m))
        }
    }

    // MARK: - Checks

    /// A data answer against the model's result for the same request.
    /// `modelApplied` is the difference the model applied to `before` at
    /// this event, its data unchanged since: the model's data is then the
    /// canonical result of it (its applier is the canonical one), which a
    /// delivery of the same difference is compared with first.
    @inlinable
    mutating func check(
        _ request: SubjectRequest<ItemID, CollectionID>, before: ReorderContainer<ItemID, CollectionID>, after: [[ItemID]],
        modelApplied: ReorderDifference<ItemID, CollectionID>? = nil
    ) -> InvariantViolation<ItemID, CollectionID>? {
        switch request {
        case .apply(_, let d):
            // A passing delivery equals the canonical result: compared with
            // the model's data, no second apply on a copy. Otherwise the full
            // check, from `before`, names the broken invariant.
            let canonical = modelApplied == d && _model.container._hasIdenticalOrders(after)
            if !canonical, let v = before.checkDelivery(d, after: after, text: text) { return v }
            if let again = repeating(request), again != after || _firstRespelling(after, again) != nil {
                return InvariantViolation(
                    .idempotence,
                    "applying \(text.difference(d)) again changed \(show(after, against: again, text)) "
                        + "to \(show(again, against: after, text))", difference: d)
            }
            return nil
        case .receive(let items, let destination):
            return before.checkReceive(ReorderDifference(sources: items, destination: destination), after: after, text: text)
        case .reset:
            return nil
        default:
            if _model.container._hasIdenticalOrders(after) { return nil }
            return ReorderContainer.checkExact(describe(request), expected: _model.container.orders, after: after, text: text)
        }
    }

    /// Hands a subject that mirrors the model (`_mirrorsModel`) the model's
    /// data now. Moved out and back, like `ask`.
    @inlinable
    mutating func handOverModelData() {
        var taken = _Subject.none
        swap(&taken, &_subject)
        guard case .inProcess(var s) = consume taken else { preconditionFailure("only an in-process subject mirrors the model") }
        s._mirror(_model.container)
        _mirrorPending = false
        _mirrorHasFlags = !s.flags.isEmpty
        _subject = .inProcess(s)
    }

    /// The subject's data after `request` a second time (see
    /// `ReorderSubject.repeating`). Moved out and back, like `ask`: a
    /// `switch` binding it would copy the whole subject.
    @inlinable
    mutating func repeating(_ request: SubjectRequest<ItemID, CollectionID>) -> [[ItemID]]? {
        var taken = _Subject.none
        swap(&taken, &_subject)
        switch consume taken {
        case .none: return nil
        case .inProcess(let s):
            defer { _subject = .inProcess(s) }
            return s.repeating(request)
        case .other(let s):
            defer { _subject = .other(s) }
            return s.repeating(request)
        }
    }

    @usableFromInline
    func describe(_ request: SubjectRequest<ItemID, CollectionID>) -> String {
        switch request {
        case .mutation(let m): m.describe(ids: text.ids, item: text.item, within: text.within)
        case .reset, .dropped, .apply, .receive, .configure, .open, .close, .perform, .labels, .gesture: "\(request)"
        }
    }

    /// The code under test's drop configuration against the model's.
    @inlinable
    func compare(
        _ answered: SubjectConfiguration<ItemID, CollectionID>, with model: DropConfiguration<ItemID, CollectionID>
    ) -> InvariantViolation<ItemID, CollectionID>? {
        let modelText = model.operation.rawValue + (model.destination.map { " -> \(text.destination($0))" } ?? "")
        if answered.operation != model.operation {
            return InvariantViolation(.configuration, "answered \(answered.operation.rawValue), the model answers \(modelText)")
        }
        guard model.operation != .forbidden, let destination = model.destination else { return nil }
        if let c = answered.collection, !_identicalIDs(c, destination.collectionID) {
            return InvariantViolation(
                .configuration,
                "answered \(answered.operation.rawValue) into \(text.collection(c)), the model answers \(modelText)")
        }
        if let b = answered.before, !_identicalIDs(b, destination.position.anchor) {
            return InvariantViolation(
                .configuration, "answered an anchor of \(b.map(text.item) ?? "the end"), the model answers \(modelText)")
        }
        return nil
    }

    /// The core's own oracles: the answered operation is one the drag
    /// suggests, a committed destination is the answered one, a point in an
    /// entry's leading half targets it, and a drag that applied nothing
    /// changed nothing.
    @inlinable
    func checkModel(
        _ event: SessionEvent<ItemID, CollectionID>, _ result: SessionStep<ItemID, CollectionID>,
        before: _Before, session: DragEngine<ItemID, CollectionID>.Session?, aim: Aim?
    ) -> InvariantViolation<ItemID, CollectionID>? {
        // A configuration comes only at a move or drop of a session in flight.
        if let c = result.drag.configuration, let session {
            // The operations the session's lift suggested.
            let ops = session.operations
            if c.operation == .copy && !ops.contains(.copy) || c.operation == .move && !ops.contains(.move) {
                return InvariantViolation(.configuration, "answered \(c.operation.rawValue) but the drag suggests only \(ops.rawValue)")
            }
            if let d = result.drag.emitted, c.operation == .forbidden || d.destination != c.destination {
                return InvariantViolation(
                    .configuration,
                    "committed a drop to \(text.destination(d.destination)) but the answer was \(c.operation.rawValue)"
                        + (c.destination.map { " -> " + text.destination($0) } ?? ""))
            }
            if let aim, let destination = c.destination, let (expected, collection) = before.aimed {
                if destination != expected {
                    return InvariantViolation(
                        .hitTest,
                        "the leading half of entry \(aim.entry) of collection \(text.collection(collection)) "
                            + "should target \(text.destination(expected)), answered \(text.destination(destination))")
                }
            }
        }
        if result.drag.applied._isNone, event.session != nil, before.writes != _model.container._writes,
            before.held.map({ $0 != _model.container }) ?? true
        {
            let now = _model.container.orders
            let was = before.held.map { "\(show($0.orders, against: now, text)) -> " } ?? "now "
            return InvariantViolation(
                .noOp, "a drag event that applied nothing changed the data: \(was)\(show(now, against: before.held?.orders ?? now, text))")
        }
        return nil
    }
}

extension CheckedEngine {
    /// What the checks of one event read of the data the model met (see
    /// `before(_:session:answered:aim:)`).
    ///
    /// Its fields are `let`s, set once by the one initialiser: a `var` of an
    /// optional type starts as `nil`, so setting it in the initialiser or
    /// after destroyed that `nil` first, through `Optional`'s unspecialised
    /// value witness (without `-disable-type-layout`), once per event.
    @usableFromInline
    struct _Before {
        @usableFromInline typealias Aimed = (ReorderDifference<ItemID, CollectionID>.Destination, CollectionID)
        /// The data, where an answer is compared with it.
        @usableFromInline let held: ReorderContainer<ItemID, CollectionID>?
        /// Its write count: the same count after the step means the step
        /// left the data alone (the no-op oracle).
        @usableFromInline let writes: UInt
        /// For a move or drop aimed at an entry's leading half: the
        /// destination it targets and the collection's ID (the hit-test oracle).
        @usableFromInline let aimed: Aimed?
        /// For a swipe: whether its row is a reorderable item (the gesture is asked about only then).
        @usableFromInline let swipedRowIsReorderable: Bool

        @inlinable
        init(held: ReorderContainer<ItemID, CollectionID>?, writes: UInt, aimed: Aimed?, swipedRowIsReorderable: Bool) {
            self.held = held
            self.writes = writes
            self.aimed = aimed
            self.swipedRowIsReorderable = swipedRowIsReorderable
        }
    }
}

/// The data requests an event makes of the code under test, in order: at
/// most two (a committing drop's `dropped` and `apply`), held inline. An
/// array of them was allocated and freed per event, each element destroyed
/// through its type's value witness.
@usableFromInline
struct _DataRequests<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable> {
    @usableFromInline var first: SubjectRequest<ItemID, CollectionID>?
    @usableFromInline var second: SubjectRequest<ItemID, CollectionID>?

    @inlinable
    init(_ first: SubjectRequest<ItemID, CollectionID>? = nil, _ second: SubjectRequest<ItemID, CollectionID>? = nil) {
        self.first = first
        self.second = second
    }
}

extension SessionEvent {
    /// The session and location of a `move` or `drop`.
    @inlinable public var location: (session: Int, point: Point)? {
        switch self {
        case .drag(.move(let s, let p)), .drag(.drop(let s, let p, _)): (s, p)
        default: nil
        }
    }
}
