import ReorderCore

// The events of spec 3, step by step. Every event reports a close before an
// open, and a row closes at most once per event.

extension SwipeModel {
    /// Feeds one event.
    /// - Complexity: that of the event's method.
    @inlinable @discardableResult
    public mutating func handle(_ event: SwipeEvent<ItemID>, geometry: some SwipeGeometry<ItemID>) -> SwipeStepResult<ItemID> {
        switch event {
        case .swipe(let item, let dx): swipe(item: item, dx: dx, geometry: geometry)
        case .scroll: scroll()
        case .tap(let point): tap(at: point, geometry: geometry)
        case .lift: lift()
        }
    }

    /// A swipe of `dx` points on `item`'s row (spec 3, steps 1 to 7). `dx` is
    /// this gesture's travel alone, whatever the row's state; `dx == 0` (or
    /// NaN) points at no edge.
    ///
    ///     // ltr, trailing [delete, flag] 80 wide, fullSwipe 0.6, rows 200 wide:
    ///     model.swipe(item: "b", dx: -80, geometry: rows).opened   // "b" (trailing): 80 >= 2 * 80 / 2
    ///     model.swipe(item: "c", dx: -120, geometry: rows).action  // delete on "c": 120 >= 0.6 * 200
    ///
    /// - Complexity: O(1), plus one `status(of:)` and at most one `frame(of:)`.
    @inlinable @discardableResult
    public mutating func swipe(item: ItemID, dx: Double, geometry: some SwipeGeometry<ItemID>) -> SwipeStepResult<ItemID> {
        var step = SwipeStepResult<ItemID>()
        // 1. Another row closes.
        if let row = _open, row.item != item { close(&step) }
        // 2. Fixed and gone items have no actions.
        switch geometry.status(of: item) {
        case .reorderable: break
        case .fixed: return step
        case .gone:
            step.warnings.append(.swipedGoneItem(item))
            return step
        }
        let edge = SwipeEdge(dx: dx, direction: configuration.direction)
        // 3. A swipe towards the other edge (or none) only closes this row.
        if let row = _open, row.edge != edge {
            close(&step)
            return step
        }
        // 4. An edge without actions.
        guard let edge, let actions = configuration[edge], let first = actions.actions.first else { return step }
        let travel = dx.magnitude
        // 5. A full swipe performs the first action; an open row closes first.
        if actions.allowsFullSwipe {
            if let frame = geometry.frame(of: item) {
                if travel >= configuration.fullSwipe * frame.width {
                    if _open != nil { close(&step) }
                    step.action = perform(first, on: item, edge: edge)
                    return step
                }
            } else {
                step.warnings.append(.missingFrame(item))
            }
        }
        // 6. Far enough to show every button: opens (already open there: no change).
        // 7. Otherwise the row snaps back to what it was.
        if _open == nil, travel >= Double(actions.actions.count) * configuration.actionWidth / 2 {
            openRow(SwipeOpenRow(item: item, edge: edge), &step)
        }
        return step
    }

    /// A scroll of the container: the open row closes.
    /// - Complexity: O(1).
    @inlinable @discardableResult
    public mutating func scroll() -> SwipeStepResult<ItemID> {
        var step = SwipeStepResult<ItemID>()
        if _open != nil { close(&step) }
        return step
    }

    /// A tap at `point`. With a row open, a point on one of its buttons
    /// performs that action and then closes the row (once, also when the
    /// action deletes the item); any other point closes it. With no row open,
    /// nothing happens.
    ///
    ///     // "b" open on its trailing edge (ltr, [delete, flag] 80 wide, rows 200 wide):
    ///     model.tap(at: Point(x: 100, y: 15), geometry: rows).action  // flag on "b": 40 <= x < 120
    ///
    /// - Complexity: O(n) for n actions on the open edge, plus one `frame(of:)`.
    @inlinable @discardableResult
    public mutating func tap(at point: Point, geometry: some SwipeGeometry<ItemID>) -> SwipeStepResult<ItemID> {
        var step = SwipeStepResult<ItemID>()
        guard let row = _open else { return step }
        if !geometry.isOutside(point), configuration.hasActions(on: row.edge) {
            if let frame = geometry.frame(of: row.item) {
                let actions = configuration.actions(on: row.edge)
                if let k = configuration.button(at: point, in: frame, edge: row.edge), k < actions.count {
                    step.action = perform(actions[k], on: row.item, edge: row.edge)
                    step.actionPrecedesClose = true
                }
            } else {
                step.warnings.append(.missingFrame(row.item))
            }
        }
        close(&step)
        return step
    }

    /// The lift of any drag session, accepted or rejected: call it before
    /// the engine handles the lift, since the open row closes first.
    /// - Complexity: O(1).
    @inlinable @discardableResult
    public mutating func lift() -> SwipeStepResult<ItemID> {
        var step = SwipeStepResult<ItemID>()
        if _open != nil { close(&step) }
        return step
    }

    // MARK: - Steps shared by the events

    @inlinable
    mutating func close(_ step: inout SwipeStepResult<ItemID>) {
        guard let row = _open else { return }
        _open = nil
        step.closed = row.item
        _presentations.append(PresentationReport(item: row.item, isPresented: false))
    }

    @inlinable
    mutating func openRow(_ row: SwipeOpenRow<ItemID>, _ step: inout SwipeStepResult<ItemID>) {
        _open = row
        step.opened = row
        _presentations.append(PresentationReport(item: row.item, isPresented: true))
    }

    /// Performs `action` on `item`: a destructive action asks the engine to
    /// delete the item (its flags go at once), a toggle flips its flag.
    @inlinable
    mutating func perform(_ action: SwipeAction, on item: ItemID, edge: SwipeEdge) -> SwipeActionResult<ItemID> {
        let effect: SwipeEffect<ItemID>
        if action.isDestructive {
            effect = .delete(item)
            removeFlags(of: item)
        } else if let flag = action.toggle {
            effect = .toggle(flag: flag, item: item, isSet: flip(flag, on: item))
        } else {
            effect = .none
        }
        _performed = PerformedAction(item: item, action: action.name)
        return SwipeActionResult(item: item, edge: edge, action: action.name, effect: effect)
    }

    /// Flips `flag` on `item` and returns its new value.
    @inlinable
    mutating func flip(_ flag: String, on item: ItemID) -> Bool {
        if _flags[flag]?.remove(item) != nil {
            if _flags[flag]?.isEmpty ?? false { _flags[flag] = nil }
            return false
        }
        _flags[flag, default: []].insert(item)
        return true
    }
}
