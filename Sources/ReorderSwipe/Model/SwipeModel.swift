import ReorderCore

/// The swipe-actions model of `swipe-v1` (the oracle): which row is open and
/// on which edge, the items' flags, every presentation report so far and the
/// last performed action, driven one event at a time by spec 3.
///
///     // swipe: the header example of spec 1 (ltr, trailing [delete, flag],
///     // buttons 80 wide); rows: a list of rows 200 wide and 10 high, "b" second.
///     var model = SwipeModel(configuration: swipe)
///     model.swipe(item: "b", dx: -80, geometry: rows)      // opens "b" on its trailing edge
///     model.tap(at: Point(x: 150, y: 15), geometry: rows)  // performs "delete", then closes
///     model.performed                                      // PerformedAction(item: "b", action: "delete")
///
/// The engine performs what an action's effect asks (a destructive action
/// is a `delete` mutation) and calls `dataChanged(geometry:)` after every
/// mutation and applied difference. No configuration makes it trap: empty
/// edges, zero or NaN widths and huge values only make fewer things happen.
public struct SwipeModel<ItemID: Hashable & Sendable>: Hashable, Sendable {
    public let configuration: SwipeConfiguration<ItemID>
    @usableFromInline var _open: SwipeOpenRow<ItemID>?
    /// Never holds an empty set, so two models with the same flags compare equal.
    @usableFromInline var _flags: [String: Set<ItemID>]
    @usableFromInline var _presentations: [PresentationReport<ItemID>] = []
    @usableFromInline var _performed: PerformedAction<ItemID>?

    /// A model with no row open and the configuration's initial flags.
    /// - Complexity: O(f) for f initially flagged items.
    @inlinable
    public init(configuration: SwipeConfiguration<ItemID>) {
        self.configuration = configuration
        var flags: [String: Set<ItemID>] = [:]
        for (flag, items) in configuration.flags where !items.isEmpty { flags[flag] = Set(items) }
        _flags = flags
    }

    /// The open row, or `nil` when none is (`expect`'s `open`).
    @inlinable public var open: SwipeOpenRow<ItemID>? { _open }
    /// The items each flag is set on; a flag set on no item is absent.
    @inlinable public var flags: [String: Set<ItemID>] { _flags }
    /// Every `onPresentationChanged` so far, in order (`expect`'s `presentations`).
    @inlinable public var presentations: [PresentationReport<ItemID>] { _presentations }
    /// The last performed action, or `nil` when none so far (`expect`'s `performed`).
    @inlinable public var performed: PerformedAction<ItemID>? { _performed }

    /// Whether `flag` is set on `item`.
    /// - Complexity: O(1) on average.
    @inlinable
    public func isFlagSet(_ flag: String, on item: ItemID) -> Bool {
        _flags[flag]?.contains(item) ?? false
    }

    /// The labels `edge` would show for `item` now, from the current flags,
    /// whether or not the row is open (`expect`'s `labels`): a toggle shows
    /// `labelOn` while its flag is set. Empty for an edge without actions
    /// and for an item that is not a present reorderable item.
    ///
    ///     model.labels(item: "b", edge: .leading, geometry: rows)  // ["Unpin"] while "pinned" is set on "b"
    ///
    /// - Complexity: O(n) for n actions, plus one `status(of:)`.
    @inlinable
    public func labels(item: ItemID, edge: SwipeEdge, geometry: some SwipeGeometry<ItemID>) -> [String] {
        guard let actions = configuration[edge], !actions.actions.isEmpty, geometry.isPresentReorderable(item) else { return [] }
        return actions.labels(for: item, flags: _flags)
    }
}
