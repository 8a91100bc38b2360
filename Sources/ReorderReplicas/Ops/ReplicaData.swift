import ReorderCore

/// What a replica shows, as the checks compare it: per collection, its
/// fixed entries, then its reorderable items. Locks and `isEnabled` are
/// local to a replica and not part of it.
///
///     ReplicaData(container).description  // "[b, a, c, a]" for one collection
public struct ReplicaData<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Hashable, Sendable,
    CustomStringConvertible
{
    /// One collection's entries.
    public struct Collection: Hashable, Sendable {
        public var id: CollectionID
        public var fixed: [ItemID]
        public var items: [ItemID]

        public init(id: CollectionID, fixed: [ItemID] = [], items: [ItemID]) {
            self.id = id
            self.fixed = fixed
            self.items = items
        }
    }

    public var collections: [Collection]

    public init(collections: [Collection]) { self.collections = collections }

    /// A container's data.
    /// - Complexity: O(n).
    public init(_ container: ReorderContainer<ItemID, CollectionID>) {
        collections = container.collections.map { Collection(id: $0.id, fixed: $0.fixed, items: Array($0.items)) }
    }

    /// The reorderable items of each collection, in order.
    public var orders: [[ItemID]] { collections.map(\.items) }

    /// `==`, byte for byte for `String` IDs (`_identicalIDs`): the same
    /// collections, entries and items. Not API.
    /// - Complexity: O(n).
    public func _isIdentical(to other: Self) -> Bool {
        guard collections.count == other.collections.count else { return false }
        for (a, b) in zip(collections, other.collections) {
            guard _identicalIDs(a.id, b.id), a.fixed.count == b.fixed.count, a.items.count == b.items.count,
                a.fixed.elementsEqual(b.fixed, by: { _identicalIDs($0, $1) }),
                a.items.elementsEqual(b.items, by: { _identicalIDs($0, $1) })
            else { return false }
        }
        return true
    }

    /// Every entry, fixed and reorderable, collection after collection.
    public var entries: [ItemID] { collections.flatMap { $0.fixed + $0.items } }

    /// One collection's items as `[a, b]`; several as `id: [a] | id: [b]`.
    public var description: String {
        func list(_ c: Collection) -> String {
            let fixed = c.fixed.isEmpty ? "" : "fixed \(c.fixed.map { "\($0)" }.joined(separator: ", ")); "
            return "[" + fixed + c.items.map { "\($0)" }.joined(separator: ", ") + "]"
        }
        if collections.count == 1 { return list(collections[0]) }
        return collections.map { "\($0.id): \(list($0))" }.joined(separator: " | ")
    }
}
