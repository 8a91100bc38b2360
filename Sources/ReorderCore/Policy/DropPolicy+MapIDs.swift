extension DropRequest {
    /// The same request with every ID renamed.
    /// - Complexity: O(n) for the container's items.
    public func mapIDs<NewItemID, NewCollectionID>(
        item: (ItemID) -> NewItemID, collection: (CollectionID) -> NewCollectionID
    ) -> DropRequest<NewItemID, NewCollectionID> {
        DropRequest<NewItemID, NewCollectionID>(
            session: session, container: container.mapIDs(item: item, collection: collection), target: target,
            sources: sources.map(item), isExternal: isExternal, destination: destination?.mapIDs(item: item, collection: collection))
    }
}

extension DropConfiguration {
    /// The same answer with its destination's IDs renamed.
    /// - Complexity: O(1).
    public func mapIDs<NewItemID, NewCollectionID>(
        item: (ItemID) -> NewItemID, collection: (CollectionID) -> NewCollectionID
    ) -> DropConfiguration<NewItemID, NewCollectionID> {
        DropConfiguration<NewItemID, NewCollectionID>(
            operation: operation, destination: destination?.mapIDs(item: item, collection: collection))
    }
}

extension DropPolicy {
    /// The same closure asked in other IDs: requests are renamed to this
    /// policy's IDs, answers back. How a policy written against a
    /// recording's names is fuzzed with the fuzzer's integers.
    public func translated<OtherItemID, OtherCollectionID>(
        item: @escaping @Sendable (OtherItemID) -> ItemID, collection: @escaping @Sendable (OtherCollectionID) -> CollectionID,
        backItem: @escaping @Sendable (ItemID) -> OtherItemID, backCollection: @escaping @Sendable (CollectionID) -> OtherCollectionID
    ) -> DropPolicy<OtherItemID, OtherCollectionID> {
        let configure = self.configure
        return DropPolicy<OtherItemID, OtherCollectionID> { request in
            configure(request.mapIDs(item: item, collection: collection)).mapIDs(item: backItem, collection: backCollection)
        }
    }
}
