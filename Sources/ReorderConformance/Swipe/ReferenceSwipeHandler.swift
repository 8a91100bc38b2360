import ReorderCore
import ReorderSwipe

/// The action handlers an app should have: deletes and flips by ID, labels
/// from the current flags, the gesture by the direction rule of `swipe-v1`.
/// The default code under test of a replay; the known-buggy handlers build
/// on it.
///
///     var handler = ReferenceSwipeHandler<StringID>()
///     handler.reset(configuration: swipe)
///     handler.edge(forDX: -30, direction: .rtl)  // .leading
public struct ReferenceSwipeHandler<ItemID: Hashable & Sendable>: SwipeHandling, Hashable, Sendable {
    public var leading: SwipeEdgeActions?
    public var trailing: SwipeEdgeActions?

    /// A handler with `configuration`'s actions (or none until `reset`).
    @inlinable
    public init(configuration: SwipeConfiguration<ItemID>? = nil) {
        leading = configuration?.leading
        trailing = configuration?.trailing
    }

    @inlinable public var name: String { "correct" }

    @inlinable
    public mutating func reset(configuration: SwipeConfiguration<ItemID>) {
        self = Self(configuration: configuration)
    }

    /// The actions on `edge`, `nil` for an edge without any.
    @inlinable
    public func actions(on edge: SwipeEdge) -> SwipeEdgeActions? {
        edge == .leading ? leading : trailing
    }

    @inlinable public mutating func open(item: ItemID, edge: SwipeEdge, labels: [String], data: SwipeData<ItemID>) {}

    @inlinable public mutating func close(item: ItemID) {}

    /// A destructive action deletes `item`; a toggle flips its flag on `item`.
    @inlinable
    public mutating func perform(item: ItemID, edge: SwipeEdge, action: String, data: SwipeData<ItemID>) -> SwipeEffect<ItemID> {
        guard let action = actions(on: edge)?.action(named: action) else { return .none }
        if action.isDestructive { return .delete(item) }
        guard let flag = action.toggle else { return .none }
        let wasSet = data.flags[flag]?.contains(item) ?? false
        return .toggle(flag: flag, item: item, isSet: !wasSet)
    }

    /// The labels `edge` of `item` shows from the current flags. An item that
    /// is not among the reorderable items (`data.items`: gone, or fixed) is
    /// no row with actions and shows none (spec 4).
    /// - Complexity: O(n) for n items in `data`, plus the labels.
    @inlinable
    public func labels(item: ItemID, edge: SwipeEdge, data: SwipeData<ItemID>) -> [String] {
        guard data.items.contains(item) else { return [] }
        return fresh(item: item, edge: edge, flags: data.flags)
    }

    /// The labels from `flags`, whatever the data holds.
    @inlinable
    public func fresh(item: ItemID, edge: SwipeEdge, flags: [String: Set<ItemID>]) -> [String] {
        actions(on: edge)?.labels(for: item, flags: flags) ?? []
    }

    @inlinable
    public func edge(forDX dx: Double, direction: LayoutDirection) -> SwipeEdge? {
        SwipeEdge(dx: dx, direction: direction)
    }
}
