// The swipe model driven by the engine's event loop: gestures go to the
// model, a destructive action is a `delete` mutation, and every mutation or
// applied difference tells the model the data changed, so a drag, a swipe
// and a sync interleave in one recording. Rows are tracked by ID.

extension DragEngine {
    /// The current data and layout as the swipe model sees them (public for
    /// the conformance module).
    @inlinable public var rows: _SwipeRows<ItemID, CollectionID> { _SwipeRows(container: _container, layout: layout) }

    /// A `swipe`, `scroll` or `tap`.
    @inlinable
    mutating func swipeGesture(_ event: SwipeEvent<ItemID>, _ step: inout Step) {
        guard _swipe != nil else { return }
        let before = rows
        var result = _swipe!.handle(event, geometry: before)
        for w in result.warnings {
            if case .swipedGoneItem(let id) = w { step.warnings.append(.swipedGoneItem(id)) }
        }
        if let action = result.action, case .delete(let item) = action.effect {
            delete([item], &step)
            let after = _swipe!.dataChanged(geometry: rows)
            result.closed = result.closed ?? after.closed
        }
        step.swipe = result.isEmpty ? nil : result
    }

    /// After a mutation or an applied difference: a row whose item is gone
    /// (or fixed after a reload) closes, and flags of gone items go.
    @inlinable
    mutating func swipeDataChanged(_ step: inout Step) {
        guard _swipe != nil else { return }
        let result = _swipe!.dataChanged(geometry: rows)
        guard let closed = result.closed else { return }
        if step.swipe == nil { step.swipe = SwipeStepResult() }
        step.swipe!.closed = closed
    }
}

/// The engine's data and layout as a `SwipeDataSource`: rows by ID through
/// the container's index, one frame at a time.
public struct _SwipeRows<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: SwipeDataSource {
    public let container: ReorderContainer<ItemID, CollectionID>
    public let layout: Layout<ItemID>

    @inlinable
    public init(container: ReorderContainer<ItemID, CollectionID>, layout: Layout<ItemID>) {
        self.container = container
        self.layout = layout
    }

    @inlinable
    public func status(of item: ItemID) -> SwipeRowStatus {
        guard let home = container.home(of: item) else { return .gone }
        return home.isFixed ? .fixed : .reorderable
    }

    @inlinable public func frame(of item: ItemID) -> Rect? { layout.frame(of: item, in: container) }

    @inlinable public func isOutside(_ point: Point) -> Bool { layout.isOutside(point) }

    @inlinable
    public func reorderableItems(inCollectionOf item: ItemID) -> [ItemID] {
        guard let home = container.home(of: item) else { return [] }
        return Array(container.collections[home.collection].items)
    }
}
