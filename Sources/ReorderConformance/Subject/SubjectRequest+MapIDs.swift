import ReorderCore
import ReorderSwipe

extension SubjectRequest {
    /// The same request with every ID renamed (the fuzzer's integers become
    /// the recording's names before they reach an app).
    /// - Complexity: O(m) for the IDs it names (a reset or reload: O(n)).
    ///
    /// Inlinable so that the fuzzer's call (integers to an app's strings,
    /// once per request) is specialised: unspecialised, each call would look
    /// up the metadata of the generic types it builds, a large share of a
    /// `fuzz --app` campaign's time.
    @inlinable
    public func mapIDs<NewItemID, NewCollectionID>(
        item: (ItemID) -> NewItemID, collection: (CollectionID) -> NewCollectionID
    ) -> SubjectRequest<NewItemID, NewCollectionID> {
        switch self {
        case .reset(let container, let layout, let swipe):
            .reset(container.mapIDs(item: item, collection: collection), layout.mapIDs(item), swipe?.mapIDs(item))
        case .dropped(let s, let d): .dropped(session: s, d.mapIDs(item: item, collection: collection))
        case .apply(let s, let d): .apply(session: s, d.mapIDs(item: item, collection: collection))
        case .receive(let items, let destination):
            .receive(items: items.map(item), destination: destination.mapIDs(item: item, collection: collection))
        case .mutation(let m): .mutation(m.mapIDs(item: item, collection: collection))
        case .configure(let q):
            .configure(
                DropQuery(
                    session: q.session, location: q.location, items: q.items.map(item), sources: q.sources.map(item),
                    operations: q.operations,
                    isExternal: q.isExternal))
        case .open(let id, let edge, let labels): .open(item: item(id), edge: edge, labels: labels)
        case .close(let id): .close(item: item(id))
        case .perform(let id, let edge, let action): .perform(item: item(id), edge: edge, action: action)
        case .labels(let id, let edge): .labels(item: item(id), edge: edge)
        case .gesture(let dx, let direction): .gesture(dx: dx, direction: direction)
        }
    }
}
