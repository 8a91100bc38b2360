import ReorderCore

/// A local event on one replica that commits an op (replicas-v1 3).
///
///     .move(difference)                         // a drop, a deferred apply
///     .relocate(["c"], in: "todo", before: "a")  // relocate
///     .insert(["x"], into: "todo", at: 1)        // insert: index -> before
///     .externalInsert(["x"], into: "todo", before: nil)  // an external drop
///     .delete(["b"])
public enum LocalChange<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Hashable, Sendable {
    /// A drop that applies its difference at once, the `apply` of a deferred
    /// one, or a `relocate`: commits a move.
    case move(ReorderDifference<ItemID, CollectionID>)
    /// An external drop that commits: an insert before `before` as given.
    case externalInsert([ItemID], collection: CollectionID, before: ItemID?)
    /// The `insert` mutation: `before` becomes the item at `index` among the
    /// collection's reorderable items on that replica (`nil` or past the
    /// end: the end).
    case insert([ItemID], collection: CollectionID, index: Int?)
    /// The `delete` mutation.
    case delete([ItemID])

    /// The `relocate` mutation: a move of `items` before `before` (`nil`: the end).
    public static func relocate(_ items: [ItemID], in collection: CollectionID, before: ItemID?) -> Self {
        .move(ReorderDifference(sources: items, destination: .init(collectionID: collection, position: before.map { .before($0) } ?? .end)))
    }
}
