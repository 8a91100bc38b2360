import ReorderCore
import ReorderSwipe

/// One event run through `SwipeConformance`: the model's result, and the
/// first invariant the code under test broke at it.
public struct SwipeCheckedStep<ItemID: Hashable & Sendable>: Hashable, Sendable {
    public var step: SwipeStepResult<ItemID>
    public var violation: SwipeViolation?

    @inlinable
    public init(step: SwipeStepResult<ItemID>, violation: SwipeViolation?) {
        self.step = step
        self.violation = violation
    }
}

/// Runs the model and an action handler under test side by side and checks
/// every invariant of spec 5 after each event: the model decides, the
/// handler is told what the app would be told (in the app protocol's order)
/// and asked what the app would be asked.
///
///     var run = SwipeConformance(configuration: swipe, handler: SwipeHandler<StringID>.named("index-captured")!)
///     run.handle(.swipe(item: "b", dx: -80), data: rows).violation  // nil
///     rows.insert("new", at: 0)                                      // a sync, while "b" is open
///     run.dataChanged(data: rows).violation                          // nil
///     run.handle(.tap(deleteButtonOfB), data: rows).violation        // action-target: deletes "a", not "b"
///
/// The driver never changes the data: after a destructive action
/// (`step.action?.effect`), the caller deletes the item and calls
/// `dataChanged(data:)`, as the engine does.
public struct SwipeConformance<Handler: SwipeHandling & Sendable>: Sendable {
    public typealias ItemID = Handler.ItemID

    public private(set) var model: SwipeModel<ItemID>
    public private(set) var handler: Handler
    public private(set) var ledger = SwipePresentationLedger<ItemID>()

    /// Resets `handler` with `configuration` (the app protocol's `reset`).
    public init(configuration: SwipeConfiguration<ItemID>, handler: Handler) {
        model = SwipeModel(configuration: configuration)
        self.handler = handler
        self.handler.reset(configuration: configuration)
    }

    /// Feeds one event to the model, forwards its messages to the handler
    /// and checks `one-open`, `presentation`, `dismissal`, `action-target`,
    /// `fresh-labels` and `edge`; the first broken one, in that order, is
    /// the step's violation.
    /// - Complexity: that of the model's event, plus the handler's calls.
    public mutating func handle(_ event: SwipeEvent<ItemID>, data: some SwipeDataSource<ItemID>) -> SwipeCheckedStep<ItemID> {
        let flagsBefore = model.flags
        let step = model.handle(event, geometry: data)
        var target: SwipeViolation?
        if let action = step.action, step.actionPrecedesClose { target = perform(action, data, flagsBefore) }
        if let closed = step.closed { handler.close(item: closed) }
        if let action = step.action, !step.actionPrecedesClose { target = perform(action, data, flagsBefore) }
        if let opened = step.opened {
            let labels = model.labels(item: opened.item, edge: opened.edge, geometry: data)
            handler.open(item: opened.item, edge: opened.edge, labels: labels, data: self.data(opened.item, data))
        }
        var edge: SwipeViolation?
        if case .swipe(let item, let dx) = event, data.isPresentReorderable(item) {
            let configuration = model.configuration
            // With no actions on either edge nothing can open, whatever the gesture.
            if configuration.hasActions(on: .leading) || configuration.hasActions(on: .trailing) {
                edge = Invariant.checkEdge(
                    dx: dx, direction: configuration.direction,
                    gesture: handler.edge(forDX: dx, direction: configuration.direction))
            }
        }
        let violation =
            ledger.record(step.reports) ?? ledger.check(open: model.open)
            ?? Invariant.checkDismissal(after: event, open: model.open)
            ?? target ?? freshLabels(data) ?? edge
        return SwipeCheckedStep(step: step, violation: violation)
    }

    /// Tells the model the data changed (a mutation, the delete a
    /// destructive action asked for, an applied difference) and checks
    /// `identity`, `presentation` and `fresh-labels`.
    /// - Complexity: that of `SwipeModel.dataChanged(geometry:)`.
    public mutating func dataChanged(data: some SwipeDataSource<ItemID>) -> SwipeCheckedStep<ItemID> {
        let before = model.open
        let step = model.dataChanged(geometry: data)
        if let closed = step.closed { handler.close(item: closed) }
        let keeps = before.map { data.isPresentReorderable($0.item) } ?? false
        let violation =
            ledger.record(step.reports) ?? ledger.check(open: model.open)
            ?? Invariant.checkIdentity(before: before, after: model.open, keepsItem: keeps)
            ?? freshLabels(data)
        return SwipeCheckedStep(step: step, violation: violation)
    }

    mutating func perform(
        _ action: SwipeActionResult<ItemID>, _ data: some SwipeDataSource<ItemID>,
        _ flags: [String: Set<ItemID>]
    ) -> SwipeViolation? {
        let items = data.reorderableItems(inCollectionOf: action.item)
        let effect = handler.perform(
            item: action.item, edge: action.edge, action: action.action,
            data: SwipeData(items: items, flags: flags))
        return Invariant.checkActionTarget(expected: action, actual: effect)
    }

    /// `fresh-labels` for the open row, the one whose labels are shown.
    func freshLabels(_ data: some SwipeDataSource<ItemID>) -> SwipeViolation? {
        guard let row = model.open else { return nil }
        let expected = model.labels(item: row.item, edge: row.edge, geometry: data)
        let shown = handler.labels(item: row.item, edge: row.edge, data: self.data(row.item, data))
        return Invariant.checkFreshLabels(row: row, expected: expected, shown: shown)
    }

    func data(_ item: ItemID, _ source: some SwipeDataSource<ItemID>) -> SwipeData<ItemID> {
        SwipeData(items: source.reorderableItems(inCollectionOf: item), flags: model.flags)
    }
}
