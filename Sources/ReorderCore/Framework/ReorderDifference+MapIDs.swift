extension ReorderDifference {
    /// The same difference with every ID renamed: how the fuzzer's integer
    /// IDs become a recording's strings, and how an app's own ID type meets
    /// the model's.
    ///
    ///     let named = d.mapIDs(item: { "i\($0)" }, collection: { "c\($0)" })
    ///
    /// - Complexity: O(k) for k sources.
    @inlinable
    public func mapIDs<NewItemID, NewCollectionID>(
        item: (ItemID) throws -> NewItemID, collection: (CollectionID) throws -> NewCollectionID
    ) rethrows -> ReorderDifference<NewItemID, NewCollectionID> {
        ReorderDifference<NewItemID, NewCollectionID>(
            sources: try sources.map(item), destination: try destination.mapIDs(item: item, collection: collection))
    }
}

extension ReorderDifference.Destination {
    /// The same destination with its collection and anchor renamed.
    @inlinable
    public func mapIDs<NewItemID, NewCollectionID>(
        item: (ItemID) throws -> NewItemID, collection: (CollectionID) throws -> NewCollectionID
    ) rethrows -> ReorderDifference<NewItemID, NewCollectionID>.Destination {
        let newPosition: ReorderDifference<NewItemID, NewCollectionID>.Destination.Position
        switch position {
        case .before(let id): newPosition = .before(try item(id))
        case .end: newPosition = .end
        }
        return .init(collectionID: try collection(collectionID), position: newPosition)
    }
}

extension ReorderDifference.Destination.Position {
    /// `.before(anchor)`, or `.end` for `nil`.
    @inlinable
    public init(anchor: ItemID?) {
        if let anchor { self = .before(anchor) } else { self = .end }
    }
}
