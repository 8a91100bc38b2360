import ReorderCore

// Appliers that reproduce real bug classes, so the fuzzer can prove it finds
// them and the bug reports in `corpora/reports/` can show them. Each works on
// the reorderable items the way an app's `[Element].apply(_:)` would; all of
// them, like the canonical rule, leave an unknown collection alone.

extension Applier {
    /// The filter-based helper of the grid article: the moved block keeps
    /// *array* order (not selection order), and an anchor that is among the
    /// sources is gone after the removal, so `firstIndex` fails and the block
    /// goes to the end.
    @inlinable public static var arrayOrder: Self {
        Self(name: "array-order") { captured, container, _ in
            let d = captured.difference
            guard let t = container.collectionIndex(of: d.destination.collectionID) else { return }
            let sources = Set(d.sources)
            var orders = container.orders
            let moving = orders.flatMap { $0.filter { sources.contains($0) } }
            guard !moving.isEmpty else { return }
            for c in orders.indices { orders[c].removeAll { sources.contains($0) } }
            orders[t].insertBlock(moving, before: d.destination.position.anchor)
            container.setOrders(orders)
        }
    }

    /// The helper of the list article: selection order (via `compactMap`,
    /// which also repeats a duplicated source), but an anchor among the
    /// sources sends the block to the end.
    @inlinable public static var selfAnchorToEnd: Self {
        Self(name: "self-anchor-to-end") { captured, container, _ in
            let d = captured.difference
            guard let t = container.collectionIndex(of: d.destination.collectionID) else { return }
            var orders = container.orders
            let present = Set(orders.joined())
            let moved = d.sources.filter { present.contains($0) }
            guard !moved.isEmpty else { return }
            let sources = Set(d.sources)
            for c in orders.indices { orders[c].removeAll { sources.contains($0) } }
            orders[t].insertBlock(moved, before: d.destination.position.anchor)
            container.setOrders(orders)
        }
    }

    /// "Every forward move lands one slot too far": the insertion index is
    /// taken in the target's items *before* the sources are removed.
    @inlinable public static var insertBeforeRemove: Self {
        Self(name: "insert-before-remove") { captured, container, _ in
            let d = captured.difference
            guard let t = container.collectionIndex(of: d.destination.collectionID) else { return }
            var orders = container.orders
            let index = d.destination.position.anchor.flatMap { orders[t].firstIndex(of: $0) } ?? orders[t].count
            let present = Set(orders.joined())
            var seen = Set<ItemID>()
            let moved = d.sources.filter { present.contains($0) && seen.insert($0).inserted }
            guard !moved.isEmpty else { return }
            for c in orders.indices { orders[c].removeAll { seen.contains($0) } }
            orders[t].insert(contentsOf: moved, at: Swift.min(index, orders[t].count))
            container.setOrders(orders)
        }
    }
}

extension Array {
    /// Inserts `block` before `anchor` (found with `firstIndex`), or at the end.
    @inlinable mutating func insertBlock(_ block: [Element], before anchor: Element?) where Element: Equatable {
        let index = anchor.flatMap { firstIndex(of: $0) } ?? count
        insert(contentsOf: block, at: index)
    }
}
