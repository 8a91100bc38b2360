import ReorderCore

extension ReplicaOp {
    /// Applies the op to `data` by the canonical rule (replicas-v1 3, 4):
    /// a move is dragrec-v1 3.1; an insert is an external drop (an anchor
    /// that is gone, or `nil`, means the end; existing IDs are skipped); a
    /// delete is v1's `delete`, fixed entries included. Every reference
    /// merge applies ops through this one function.
    /// - Complexity: that of the container's canonical apply, insert or
    ///   delete: O(k * B + k) for k items and chunks of B.
    public func apply(to data: inout ReorderContainer<ItemID, CollectionID>) {
        kind.apply(to: &data)
    }
}

extension ReplicaOp.Kind {
    /// See `ReplicaOp.apply(to:)`.
    /// - Complexity: O(k * B + k).
    public func apply(to data: inout ReorderContainer<ItemID, CollectionID>) {
        switch self {
        case .move:
            var warnings: [ReorderWarning<ItemID, CollectionID>] = []
            data.applyCanonical(difference!, warnings: &warnings)
        case .insert(let items, let collection, let before):
            guard let t = data.collectionIndex(of: collection) else { return }
            data.insert(items, into: t, before: before)
        case .delete(let items):
            data.delete(items)
        }
    }
}

extension ReorderContainer {
    /// The anchor the canonical rule resolves for `difference` on this data
    /// (3.1 step 3; `nil` for the end, or when nothing would move), found by
    /// applying it to a copy: the one canonical rule, not a second one.
    /// - Complexity: O(n) for the copy, plus the apply.
    package func resolvedAnchor(of difference: ReorderDifference<ItemID, CollectionID>) -> ItemID? {
        var copy = self
        var warnings: [ReorderWarning<ItemID, CollectionID>] = []
        return copy.applyCanonical(difference, warnings: &warnings)?.anchor
    }

    /// S of 3.1 step 1: `ids` present among the reorderable items (of any
    /// collection), first occurrence, in order.
    /// - Complexity: O(k) expected for k IDs.
    package func reorderablePresent(_ ids: [ItemID]) -> [ItemID] {
        var seen = Set<ItemID>()
        return ids.filter { id in home(of: id).map { !$0.isFixed } == true && seen.insert(id).inserted }
    }

    /// `ids` present as entries, fixed or reorderable, first occurrence, in order.
    /// - Complexity: O(k) expected.
    package func presentEntries(_ ids: [ItemID]) -> [ItemID] {
        var seen = Set<ItemID>()
        return ids.filter { contains($0) && seen.insert($0).inserted }
    }

    /// `ids` absent from the data, first occurrence, in order: what an
    /// insert of them actually inserts.
    /// - Complexity: O(k) expected.
    package func absentEntries(_ ids: [ItemID]) -> [ItemID] {
        var seen = Set<ItemID>()
        return ids.filter { !contains($0) && seen.insert($0).inserted }
    }
}
