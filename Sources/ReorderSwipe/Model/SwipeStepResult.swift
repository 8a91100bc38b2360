import ReorderCore

/// A row whose actions are open: which item, on which edge. Rows are
/// identified by ID, never by index.
public struct SwipeOpenRow<ItemID: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    public var item: ItemID
    public var edge: SwipeEdge

    @inlinable
    public init(item: ItemID, edge: SwipeEdge) {
        self.item = item
        self.edge = edge
    }

    public var description: String { "\(_describeSwipeItem(item)) (\(edge.rawValue))" }
}

/// One `onPresentationChanged` call: `true` when a row's actions appear,
/// `false` when they are dismissed (spec 3).
public struct PresentationReport<ItemID: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    public var item: ItemID
    public var isPresented: Bool

    @inlinable
    public init(item: ItemID, isPresented: Bool) {
        self.item = item
        self.isPresented = isPresented
    }

    public var description: String { "[\(_describeSwipeItem(item)), \(isPresented)]" }
}

/// A performed action as an `expect` line's `performed` names it:
/// `{"item": ID, "action": NAME}`.
public struct PerformedAction<ItemID: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    public var item: ItemID
    public var action: String

    @inlinable
    public init(item: ItemID, action: String) {
        self.item = item
        self.action = action
    }

    public var description: String { "\(action) on \(_describeSwipeItem(item))" }
}

/// What performing an action does to the data (spec 3).
public enum SwipeEffect<ItemID: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// The action changes no data.
    case none
    /// A destructive action: the engine deletes `item` as a `delete` mutation.
    case delete(ItemID)
    /// A toggle flipped `flag` on `item`; `isSet` is its value afterwards.
    case toggle(flag: String, item: ItemID, isSet: Bool)

    public var description: String {
        switch self {
        case .none: "no data change"
        case .delete(let item): "delete \(_describeSwipeItem(item))"
        case .toggle(let flag, let item, let isSet): "\(isSet ? "set" : "clear") \"\(flag)\" on \(_describeSwipeItem(item))"
        }
    }
}

/// An action performed at an event: the action of spec 4's `performed`, the
/// edge it sits on, and its effect.
public struct SwipeActionResult<ItemID: Hashable & Sendable>: Hashable, Sendable {
    public var item: ItemID
    public var edge: SwipeEdge
    /// The action's name.
    public var action: String
    public var effect: SwipeEffect<ItemID>

    @inlinable
    public init(item: ItemID, edge: SwipeEdge, action: String, effect: SwipeEffect<ItemID>) {
        self.item = item
        self.edge = edge
        self.action = action
        self.effect = effect
    }

    /// `{item, action}`, as `expect`'s `performed` compares it.
    @inlinable public var performed: PerformedAction<ItemID> { PerformedAction(item: item, action: action) }
}

/// A runtime condition worth telling a person about; never an error.
public enum SwipeWarning<ItemID: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// Spec 3 step 2: a swipe on an item that is gone.
    case swipedGoneItem(ItemID)
    /// The geometry calls the item present but gives it no frame: a full
    /// swipe or a button cannot be measured, so neither happens.
    case missingFrame(ItemID)

    public var description: String {
        switch self {
        case .swipedGoneItem(let item): "swipe: item \(_describeSwipeItem(item)) does not exist; nothing happens"
        case .missingFrame(let item): "swipe: item \(_describeSwipeItem(item)) has no frame; no full swipe or button"
        }
    }
}

/// A message of the app protocol for swipe (spec 6), in the order the app
/// gets them. `open` carries no labels: ask the model (`labels(item:edge:geometry:)`).
public enum SwipeMessage<ItemID: Hashable & Sendable>: Hashable, Sendable {
    case open(SwipeOpenRow<ItemID>)
    case close(ItemID)
    case perform(SwipeActionResult<ItemID>)
}

/// What one event did: the row it closed and the row it opened (at most one
/// of each, the close first), the action it performed, and warnings.
///
///     let step = model.swipe(item: "b", dx: -80, geometry: rows)  // opens "b"
///     Array(step.reports)  // [["a", false], ["b", true]] when "a" was open
///
/// Stored inline: a step allocates nothing unless it warns.
public struct SwipeStepResult<ItemID: Hashable & Sendable>: Hashable, Sendable {
    /// The row that closed (at most one row closes per event).
    public var closed: ItemID?
    /// The row that opened, after any close.
    public var opened: SwipeOpenRow<ItemID>?
    /// The action performed at this event.
    public var action: SwipeActionResult<ItemID>?
    /// The action came before the close (a tap on a button) rather than
    /// after it (a full swipe on an open row).
    public var actionPrecedesClose: Bool
    public var warnings: [SwipeWarning<ItemID>]

    @inlinable
    public init(
        closed: ItemID? = nil, opened: SwipeOpenRow<ItemID>? = nil, action: SwipeActionResult<ItemID>? = nil,
        actionPrecedesClose: Bool = false, warnings: [SwipeWarning<ItemID>] = []
    ) {
        self.closed = closed
        self.opened = opened
        self.action = action
        self.actionPrecedesClose = actionPrecedesClose
        self.warnings = warnings
    }

    /// The `onPresentationChanged` reports of this event, in order.
    /// - Complexity: O(1).
    @inlinable public var reports: SwipeReports<ItemID> { SwipeReports(closed: closed, opened: opened?.item) }

    /// Nothing happened.
    @inlinable public var isEmpty: Bool { closed == nil && opened == nil && action == nil && warnings.isEmpty }

    /// The app protocol messages of this event, in order: a tap performs and
    /// then closes; otherwise a close comes first, then a perform or an open.
    /// - Complexity: O(1); allocates the array.
    @inlinable public var messages: [SwipeMessage<ItemID>] {
        var result: [SwipeMessage<ItemID>] = []
        if let action, actionPrecedesClose { result.append(.perform(action)) }
        if let closed { result.append(.close(closed)) }
        if let action, !actionPrecedesClose { result.append(.perform(action)) }
        if let opened { result.append(.open(opened)) }
        return result
    }
}

/// The zero, one or two presentation reports of one event, a close before an
/// open, as a collection that needs no allocation.
public struct SwipeReports<ItemID: Hashable & Sendable>: RandomAccessCollection, Hashable, Sendable {
    @usableFromInline let closed: ItemID?
    @usableFromInline let opened: ItemID?

    @inlinable
    init(closed: ItemID?, opened: ItemID?) {
        self.closed = closed
        self.opened = opened
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { (closed == nil ? 0 : 1) + (opened == nil ? 0 : 1) }

    @inlinable
    public subscript(position: Int) -> PresentationReport<ItemID> {
        if position == 0, let closed { return PresentationReport(item: closed, isPresented: false) }
        if position == endIndex - 1, let opened { return PresentationReport(item: opened, isPresented: true) }
        preconditionFailure("SwipeReports: index \(position) out of range")
    }
}

/// `"a"` for `String` and `StringID` IDs, the plain description otherwise. Public for the
/// conformance module's messages; not API.
@inlinable
public func _describeSwipeItem<ItemID>(_ item: ItemID) -> String {
    if let s = (item as? String) ?? (item as? StringID)?.string { return "\"\(s)\"" }
    return "\(item)"
}
