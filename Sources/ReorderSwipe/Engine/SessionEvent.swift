import ReorderCore

/// One event of a recording as the `SessionEngine` takes it: a drag event or
/// a data mutation for the core's `DragEngine`, or a swipe-actions gesture
/// (`swipe-v1` 3) for the `SwipeModel`.
public enum SessionEvent<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Hashable, Sendable {
    /// A drag event or a mutation: the core's own events.
    case drag(DragEvent<ItemID, CollectionID>)
    /// A horizontal swipe on `item`'s row; `dx` is this gesture's travel,
    /// negative leftwards (`swipe-v1` 3).
    case swipe(item: ItemID, dx: Double)
    /// A scroll of the container: the open row closes.
    case scroll(dy: Double)
    /// A tap at a point of the container: on an open row's button it
    /// performs that action; anywhere it closes the open row.
    case tap(at: Point)

    /// A `swipe`, `scroll` or `tap`.
    @inlinable public var isSwipeGesture: Bool {
        switch self {
        case .drag: false
        case .swipe, .scroll, .tap: true
        }
    }

    /// A drag's `drop`.
    @inlinable public var isDrop: Bool { if case .drag(.drop) = self { true } else { false } }

    /// The session of a drag event, `nil` for a mutation or a swipe gesture.
    @inlinable public var session: Int? {
        switch self {
        case .drag(let e): e.session
        case .swipe, .scroll, .tap: nil
        }
    }

    /// The same event with every ID renamed (see `DragEvent.mapIDs`).
    /// - Complexity: O(m) for the m IDs the event names.
    @inlinable
    public func mapIDs<NewItemID, NewCollectionID>(
        item: (ItemID) throws -> NewItemID, collection: (CollectionID) throws -> NewCollectionID
    ) rethrows -> SessionEvent<NewItemID, NewCollectionID> {
        switch self {
        case .drag(let e): .drag(try e.mapIDs(item: item, collection: collection))
        case .swipe(let id, let dx): .swipe(item: try item(id), dx: dx)
        case .scroll(let dy): .scroll(dy: dy)
        case .tap(let p): .tap(at: p)
        }
    }
}

extension SessionEvent {
    /// Ends the event's life with its case tested first, for a loop that
    /// drops each event once handled (the fuzzer's generator). Without
    /// `-disable-type-layout` the destroy of a whole event goes through the
    /// enum's unspecialised value witness (about 185 instructions per
    /// event); here a move, drop, cancel, apply, scroll or tap destroys
    /// nothing and a lift releases its items, and only a mutation or a
    /// difference goes through its witness. Public for the other modules'
    /// hot paths; not API.
    ///
    /// - Complexity: O(1), plus releasing the payload.
    @inlinable public consuming func _discard() {
        switch consume self {
        case .drag(let event):
            switch consume event {
            case .lift(_, let items, _, _, _): _ = consume items
            case .move, .drop, .cancel, .apply: break
            case .mutation(let mutation): _ = consume mutation
            case .deliver(let difference): _ = consume difference
            }
        case .swipe(let item, _): _ = consume item
        case .scroll, .tap: break
        }
    }
}
