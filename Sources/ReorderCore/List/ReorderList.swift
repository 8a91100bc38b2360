/// A single reorderable collection for an app's own data: the container's
/// chunked storage and index with nothing else, applying differences with
/// the canonical rule of spec 3.1 in O(k * B + k), whatever the list's length.
///
///     var list = ReorderList(Array(0..<1_000_000))
///     list.apply(ReorderDifference(sources: [7, 3], destination: .init(collectionID: .init(), position: .before(0))))
///     list.items.prefix(3)  // [7, 3, 0]
///
/// - Complexity: `apply` O(k * B + k); `items` O(n); `init` O(n).
public struct ReorderList<ItemID: Hashable & Sendable>: Sendable {
    public typealias Difference = ReorderDifference<ItemID, ReorderableSingleCollectionIdentifier>

    /// The storage: a container with one unnamed collection.
    @inlinable public var container: ReorderContainer<ItemID, ReorderableSingleCollectionIdentifier> { _container }
    @usableFromInline var _container: ReorderContainer<ItemID, ReorderableSingleCollectionIdentifier>

    @inlinable
    public init(_ items: [ItemID]) {
        _container = ReorderContainer(collections: [ReorderCollection(id: ReorderableSingleCollectionIdentifier(), items: items)])
    }

    /// The items, in order.
    /// - Complexity: O(n).
    @inlinable public var items: [ItemID] { Array(container.collections[0].items) }

    /// The items without copying them: a random-access view.
    @inlinable public var elements: ChunkedList<ItemID> { container.collections[0].items }

    @inlinable public var count: Int { container.collections[0].items.count }

    @inlinable public func contains(_ id: ItemID) -> Bool { container.contains(id) }

    /// Applies `difference` with the canonical rule (3.1). Returns what it
    /// resolved (`collection` is 0), or `nil` when nothing changed.
    @discardableResult
    @inlinable
    public mutating func apply(_ difference: Difference) -> ResolvedMove<ItemID>? {
        var warnings: [ReorderWarning<ItemID, ReorderableSingleCollectionIdentifier>] = []
        return _container.applyCanonical(difference, warnings: &warnings)
    }
}
