import ReorderCore

/// The container's `swipe` header (`swipe-v1` 1): button width, full-swipe
/// fraction, reading direction, the actions of each edge and the items each
/// flag starts set on. The format layer validates it; the model accepts any
/// value (empty edges, zero or NaN widths) without trapping.
///
///     let swipe = SwipeConfiguration<StringID>(
///         trailing: SwipeEdgeActions(actions: [.init(name: "delete", label: "Delete", role: .destructive)]),
///         flags: ["pinned": ["b"]])
///     swipe.actions(on: .trailing).count  // 1
public struct SwipeConfiguration<ItemID: Hashable & Sendable>: Hashable, Sendable {
    /// The width of one button, in points (default 80).
    public var actionWidth: Double
    /// A swipe of at least this fraction of the row's width is a full swipe
    /// (default 0.6).
    public var fullSwipe: Double
    public var direction: LayoutDirection
    public var leading: SwipeEdgeActions?
    public var trailing: SwipeEdgeActions?
    /// The items each flag starts set on.
    public var flags: [String: [ItemID]]

    @inlinable
    public init(
        actionWidth: Double = 80, fullSwipe: Double = 0.6, direction: LayoutDirection = .ltr,
        leading: SwipeEdgeActions? = nil, trailing: SwipeEdgeActions? = nil, flags: [String: [ItemID]] = [:]
    ) {
        self.actionWidth = actionWidth
        self.fullSwipe = fullSwipe
        self.direction = direction
        self.leading = leading
        self.trailing = trailing
        self.flags = flags
    }

    /// The actions of `edge`, `nil` when the header has none there.
    /// - Complexity: O(1).
    @inlinable
    public subscript(edge: SwipeEdge) -> SwipeEdgeActions? {
        get { edge == .leading ? leading : trailing }
        set { if edge == .leading { leading = newValue } else { trailing = newValue } }
    }

    /// The actions of `edge`, empty when it has none.
    /// - Complexity: O(1).
    @inlinable
    public func actions(on edge: SwipeEdge) -> [SwipeAction] {
        self[edge]?.actions ?? []
    }

    /// Whether `edge` has at least one action (an edge given with an empty
    /// list, which the format rejects, counts as none).
    /// - Complexity: O(1).
    @inlinable
    public func hasActions(on edge: SwipeEdge) -> Bool {
        !(self[edge]?.actions.isEmpty ?? true)
    }
}

extension SwipeConfiguration {
    /// The same configuration with its flagged items renamed.
    /// - Complexity: O(f) for f flagged items.
    @inlinable
    public func mapIDs<NewItemID>(_ transform: (ItemID) -> NewItemID) -> SwipeConfiguration<NewItemID> {
        SwipeConfiguration<NewItemID>(
            actionWidth: actionWidth, fullSwipe: fullSwipe, direction: direction, leading: leading, trailing: trailing,
            flags: flags.mapValues { $0.map(transform) })
    }
}
