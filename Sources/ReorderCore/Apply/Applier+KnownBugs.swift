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
            var moving: [ItemID] = []
            for c in container.collections.indices {
                moving += container.collections[c].items.filter { sources.contains($0) }
            }
            guard !moving.isEmpty else { return }
            for c in container.collections.indices { container.collections[c].items.removeAll { sources.contains($0) } }
            container.collections[t].insertBlock(moving, before: d.destination.position.anchor)
        }
    }

    /// The helper of the list article: selection order (via `compactMap`,
    /// which also repeats a duplicated source), but an anchor among the
    /// sources sends the block to the end.
    @inlinable public static var selfAnchorToEnd: Self {
        Self(name: "self-anchor-to-end") { captured, container, _ in
            let d = captured.difference
            guard let t = container.collectionIndex(of: d.destination.collectionID) else { return }
            let present = Set(container.collections.flatMap { $0.items })
            let moved = d.sources.filter { present.contains($0) }
            guard !moved.isEmpty else { return }
            let sources = Set(d.sources)
            for c in container.collections.indices { container.collections[c].items.removeAll { sources.contains($0) } }
            container.collections[t].insertBlock(moved, before: d.destination.position.anchor)
        }
    }

    /// "Every forward move lands one slot too far": the insertion index is
    /// taken in the target's items *before* the sources are removed.
    @inlinable public static var insertBeforeRemove: Self {
        Self(name: "insert-before-remove") { captured, container, _ in
            let d = captured.difference
            guard let t = container.collectionIndex(of: d.destination.collectionID) else { return }
            let target = container.collections[t].items
            let index = d.destination.position.anchor.flatMap { target.firstIndex(of: $0) } ?? target.count
            let present = Set(container.collections.flatMap { $0.items })
            var seen = Set<ItemID>()
            let moved = d.sources.filter { present.contains($0) && seen.insert($0).inserted }
            guard !moved.isEmpty else { return }
            for c in container.collections.indices { container.collections[c].items.removeAll { seen.contains($0) } }
            let items = container.collections[t].items
            container.collections[t].items.insert(contentsOf: moved, at: Swift.min(index, items.count))
        }
    }
}

extension ReorderCollection {
    /// Inserts `block` before `anchor` (found with `firstIndex`), or at the end.
    @inlinable mutating func insertBlock(_ block: [ItemID], before anchor: ItemID?) {
        let index = anchor.flatMap { items.firstIndex(of: $0) } ?? items.count
        items.insert(contentsOf: block, at: index)
    }
}
