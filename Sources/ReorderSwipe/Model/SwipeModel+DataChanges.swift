import ReorderCore

// Data mutations and applied differences: rows are tracked by ID, so a row
// stays open wherever its item moves, and closes when the item is no longer
// a present reorderable item. Flags belong to present items only.

extension SwipeModel {
    /// Call after every data mutation (including the delete a destructive
    /// action asks for) and every applied difference, with the geometry of
    /// the data after it. Closes the open row when its item is deleted, or
    /// gone or fixed after a reload, and keeps it open otherwise; drops the
    /// flags of items that are gone, so an item inserted later starts with
    /// none.
    ///
    ///     model.dataChanged(geometry: rowsAfterDelete).closed  // "b" when "b" was open and is gone
    ///
    /// - Complexity: O(f) calls to `status(of:)` for f flagged items, plus
    ///   O(f) to rebuild the flags when some are gone.
    @inlinable @discardableResult
    public mutating func dataChanged(geometry: some SwipeGeometry<ItemID>) -> SwipeStepResult<ItemID> {
        var step = SwipeStepResult<ItemID>()
        if let row = _open, geometry.status(of: row.item) != .reorderable { close(&step) }
        removeFlags { geometry.status(of: $0) == .gone }
        return step
    }

    /// Drops every flag of `items` (for an engine that knows which items
    /// left and wants no geometry look-ups). `dataChanged(geometry:)` does
    /// this too; calling both is harmless.
    ///
    ///     model.itemsRemoved(["b"])
    ///     model.isFlagSet("pinned", on: "b")  // false
    ///
    /// - Complexity: O(k * g) for k items and g flags.
    @inlinable
    public mutating func itemsRemoved(_ items: some Sequence<ItemID>) {
        for item in items { removeFlags(of: item) }
    }

    @inlinable
    mutating func removeFlags(of item: ItemID) {
        removeFlags { $0 == item }
    }

    /// Drops the flagged items that `isRemoved`; a flag left on no item goes.
    @inlinable
    mutating func removeFlags(where isRemoved: (ItemID) -> Bool) {
        // The common case removes nothing: look before rebuilding anything.
        guard _flags.values.contains(where: { $0.contains(where: isRemoved) }) else { return }
        var kept: [String: Set<ItemID>] = [:]
        for (flag, items) in _flags {
            let left = items.filter { !isRemoved($0) }
            if !left.isEmpty { kept[flag] = left }
        }
        _flags = kept
    }
}
