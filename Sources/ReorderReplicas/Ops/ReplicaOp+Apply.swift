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
