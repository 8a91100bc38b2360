import ReorderCore

/// What a row is in the current data, for the swipe rules.
public enum SwipeRowStatus: Hashable, Sendable {
    /// A present reorderable item: a row with the container's actions.
    case reorderable
    /// A present fixed item: a row without actions.
    case fixed
    /// Not in the data (deleted, or gone after a reload).
    case gone
}

/// What the swipe model needs to know about the current data and layout. The
/// engine provides it, so the model does not depend on the container's
/// internals.
///
///     struct Rows: SwipeGeometry {
///         var items: [String]
///         func status(of item: String) -> SwipeRowStatus { items.contains(item) ? .reorderable : .gone }
///         func frame(of item: String) -> Rect? {
///             items.firstIndex(of: item).map { Rect(x: 0, y: Double($0) * 10, width: 100, height: 10) }
///         }
///         func isOutside(_ p: Point) -> Bool { !(p.x >= 0 && p.y >= 0 && p.x < 100 && p.y < 1000) }
///     }
///
/// The model calls `status(of:)` once or twice per event (and once per
/// flagged item after a data change), so an O(1) look-up keeps it fast.
public protocol SwipeGeometry<ItemID> {
    associatedtype ItemID: Hashable & Sendable
    /// Whether `item` is a present reorderable item, a fixed one, or gone.
    func status(of item: ItemID) -> SwipeRowStatus
    /// The frame of `item`'s entry in the current data (`dragrec-v1` 1.2),
    /// `nil` when it is gone.
    func frame(of item: ItemID) -> Rect?
    /// The outside test of `dragrec-v1` 1.2: `x < 0`, `y < 0`, `x >= width`
    /// or `y >= height`.
    func isOutside(_ point: Point) -> Bool
}

extension SwipeGeometry {
    /// A present reorderable item (not fixed, not gone).
    /// - Complexity: that of `status(of:)`.
    @inlinable
    public func isPresentReorderable(_ item: ItemID) -> Bool {
        status(of: item) == .reorderable
    }
}

/// A geometry that also shows the app's data: what an action handler under
/// test sees (`SwipeConformance`).
public protocol SwipeDataSource<ItemID>: SwipeGeometry {
    /// The reorderable items, in order, of the collection that holds `item`
    /// (empty when it is gone).
    func reorderableItems(inCollectionOf item: ItemID) -> [ItemID]
}
