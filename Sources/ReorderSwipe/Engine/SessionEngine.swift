import ReorderCore

/// A recording's two models, event by event: the core's `DragEngine` for
/// drags and mutations, the `SwipeModel` for swipe gestures. Gestures go to
/// the model; a destructive action is a `delete` through the engine's
/// public `handle(_:)`; every event that changes the data tells the model,
/// so a drag, a swipe and a sync interleave in one recording. Rows are
/// tracked by ID.
///
///     var engine = SessionEngine(container: c, layout: l, swipe: swipe)
///     engine.handle(.swipe(item: "b", dx: -80))  // opens "b" on its trailing edge
public struct SessionEngine<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Sendable {
    public typealias Step = SessionStep<ItemID, CollectionID>
    public typealias Session = DragEngine<ItemID, CollectionID>.Session
    public typealias Pending = DragEngine<ItemID, CollectionID>.Pending

    /// The drag engine: the data, the layout, the sessions.
    public var drag: DragEngine<ItemID, CollectionID>
    @usableFromInline var _swipe: SwipeModel<ItemID>?
    /// The swipe-actions state (`swipe-v1`): the open row, flags, reports and
    /// the last performed action; `nil` for a container without swipe (a
    /// version 1 recording).
    @inlinable public var swipe: SwipeModel<ItemID>? {
        // Read in place: a checker reading one field of the model copies nothing.
        _read { yield _swipe }
    }
    /// Whether there is a swipe model (`swipe != nil`), without copying it.
    @inlinable public var hasSwipe: Bool { !_swipe._isNone }
    /// The open row (`swipe?.open`), without copying the swipe model.
    @inlinable public var openRow: SwipeOpenRow<ItemID>? {
        // Switched on in place: `_swipe?._open` copied the whole model out first.
        switch _swipe {
        case .none: nil
        case .some(let model): model._open
        }
    }

    /// - Parameter swipe: the container's swipe actions; `nil` for none at
    ///   all (version 1). A version 2 container without a `swipe` section
    ///   passes an empty configuration: its rows have no actions, but the
    ///   gestures are still events.
    @inlinable public init(
        container: ReorderContainer<ItemID, CollectionID>, layout: Layout<ItemID>,
        applier: Applier<ItemID, CollectionID> = .canonical, policy: DropPolicy<ItemID, CollectionID> = .standard,
        swipe: SwipeConfiguration<ItemID>? = nil
    ) {
        drag = DragEngine(container: container, layout: layout, applier: applier, policy: policy)
        _swipe = swipe.map(SwipeModel.init(configuration:))
    }

    /// The data (see `DragEngine.container`).
    @inlinable public var container: ReorderContainer<ItemID, CollectionID> {
        _read { yield drag.container }
        set { drag.container = newValue }
    }
    @inlinable public var layout: Layout<ItemID> {
        get { drag.layout }
        set { drag.layout = newValue }
    }
    @inlinable public var sessions: [Int: Session] { drag.sessions }
    @inlinable public var pending: [Int: Pending] { drag.pending }
    /// See `DragEngine.finish()`.
    @inlinable public func finish() -> [ReorderWarning<ItemID, CollectionID>] { drag.finish() }

    /// The current data and layout as the swipe model sees them.
    @inlinable public var rows: _SwipeRows<ItemID, CollectionID> { _SwipeRows(container: drag.container, layout: drag.layout) }

    /// Feeds one event.
    @inlinable public mutating func handle(_ event: SessionEvent<ItemID, CollectionID>) -> Step {
        var step = Step()
        _handle(event, into: &step)
        return step
    }

    /// `handle(_:)` into an empty step the caller holds (see
    /// `DragEngine._handle(_:into:)`). Public for the conformance module; not API.
    @inlinable public mutating func _handle(_ event: SessionEvent<ItemID, CollectionID>, into step: inout Step) {
        switch event {
        case .drag(let e): _handle(e, into: &step)
        case .swipe(let item, let dx): step = gesture(.swipe(item: item, dx: dx))
        case .scroll(let dy): step = gesture(.scroll(dy: dy))
        case .tap(let p): step = gesture(.tap(p))
        }
    }

    /// Feeds one drag event or mutation.
    @inlinable public mutating func handle(_ event: DragEvent<ItemID, CollectionID>) -> Step {
        var step = Step()
        _handle(event, into: &step)
        return step
    }

    /// `handle(_:)` for a drag event, into an empty step the caller holds.
    /// Public for the conformance module; not API.
    @inlinable public mutating func _handle(_ event: DragEvent<ItemID, CollectionID>, into step: inout Step) {
        // Any lift, accepted or rejected, closes the open row first.
        if case .lift = event, hasSwipe { step.swipe = _swipe!.lift() }
        drag._handle(event, into: &step.drag)
        let changed: Bool
        switch event {
        case .drop, .apply: changed = !step.drag.applied._isNone
        case .mutation(let m): changed = m.mayMoveItems
        case .deliver: changed = true
        case .lift, .move, .cancel: changed = false
        }
        if changed { dataChanged(&step) }
    }

    /// A `swipe`, `scroll` or `tap`.
    @inlinable
    mutating func gesture(_ event: SwipeEvent<ItemID>) -> Step {
        var step = Step()
        guard hasSwipe else { return step }
        var result = _swipe!.handle(event, geometry: rows)
        for w in result.warnings {
            if case .swipedGoneItem(let id) = w {
                step.drag.warnings.append(.gestureOnMissingItem(id, event: "swipe", outcome: "nothing opens"))
            }
        }
        if let action = result.action, case .delete(let item) = action.effect {
            step.drag.warnings += drag.handle(.mutation(.delete(items: [item]))).warnings
            let after = _swipe!.dataChanged(geometry: rows)
            result.closed = result.closed ?? after.closed
        }
        // `step` is new: its `swipe` is already `nil`.
        if !result.isEmpty { step.swipe = result }
        return step
    }

    /// After a mutation or an applied difference: a row whose item is gone
    /// (or fixed after a reload) closes, and flags of gone items go.
    @inlinable
    mutating func dataChanged(_ step: inout Step) {
        guard hasSwipe else { return }
        let result = _swipe!.dataChanged(geometry: rows)
        guard let closed = result.closed else { return }
        if step.swipe._isNone { step.swipe = SwipeStepResult() }
        step.swipe!.closed = closed
    }
}
