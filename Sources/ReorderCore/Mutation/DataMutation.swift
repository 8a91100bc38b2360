/// A change to the data from outside a drag (spec 2.2): a sync pulling in a
/// photo, a background task deleting a row, the app locking an item. The
/// one vocabulary of mutations: the drag engine's event, the request the
/// code under test is sent and a recording's line each embed this type as
/// one case, so a new kind is defined here once and the compiler lists
/// every place that must decide something about it (`kind` below first).
public enum DataMutation<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Hashable, Sendable {
    /// New IDs into `collection` at `index` among its reorderable items
    /// (`nil`, or past the end: the end). Existing IDs are skipped.
    case insert(items: [ItemID], collection: CollectionID, index: Int?)
    /// Removes `items` wherever they stand, fixed entries too.
    case delete(items: [ItemID])
    /// An outside reorder, applied by the canonical rule (spec 3.1); `before`
    /// `nil` is the end.
    case relocate(items: [ItemID], collection: CollectionID, before: ItemID?)
    /// A content change: the order is untouched.
    case update(item: ItemID)
    /// Replaces all data; `locked` adds to the locks of items that remain.
    case reload(collections: [ReorderCollection<ItemID, CollectionID>], locked: [ItemID])
    /// The container's `isEnabled` (a recording's `enable` or `disable`).
    case setEnabled(Bool)
    case lock(items: [ItemID])
    case unlock(items: [ItemID])

    /// Which mutation this is, by the name a recording and the app protocol
    /// give it.
    @inlinable public var kind: MutationKind {
        switch self {
        case .insert: .insert
        case .delete: .delete
        case .relocate: .relocate
        case .update: .update
        case .reload: .reload
        case .setEnabled(let on): on ? .enable : .disable
        case .lock: .lock
        case .unlock: .unlock
        }
    }

    /// Whether the entries (which items, where) may change: the swipe model
    /// hears of these. Enabling, locks and content updates leave them be.
    @inlinable public var mayMoveItems: Bool { kind.mayMoveItems }

    /// Whether the container's state may change at all (everything but a
    /// content `update`): the code under test answers these with its data.
    @inlinable public var changesData: Bool { kind.changesData }

    /// The same mutation with every ID renamed (see `ReorderDifference.mapIDs`).
    /// - Complexity: O(m) for the m IDs it names (a reload: O(n)).
    @inlinable
    public func mapIDs<NewItemID, NewCollectionID>(
        item: (ItemID) throws -> NewItemID, collection: (CollectionID) throws -> NewCollectionID
    ) rethrows -> DataMutation<NewItemID, NewCollectionID> {
        switch self {
        case .insert(let items, let c, let index): .insert(items: try items.map(item), collection: try collection(c), index: index)
        case .delete(let items): .delete(items: try items.map(item))
        case .relocate(let items, let c, let before):
            .relocate(items: try items.map(item), collection: try collection(c), before: try before.map(item))
        case .update(let id): .update(item: try item(id))
        case .reload(let collections, let locked):
            .reload(collections: try collections.map { try $0.mapIDs(item: item, collection: collection) }, locked: try locked.map(item))
        case .setEnabled(let on): .setEnabled(on)
        case .lock(let items): .lock(items: try items.map(item))
        case .unlock(let items): .unlock(items: try items.map(item))
        }
    }

    /// The mutation in words, as a finding says what was done
    /// (`inserting ["x"] in "todo" at the end`). `ids` spells a list of
    /// items, `item` one, `within` a collection as ` in "c"` (or nothing
    /// when there is only one).
    public func describe(
        ids: ([ItemID]) -> String, item: (ItemID) -> String, within: (CollectionID) -> String
    ) -> String {
        switch self {
        case .insert(let items, let c, let index): "inserting \(ids(items))\(within(c))" + (index.map { " at \($0)" } ?? " at the end")
        case .delete(let items): "deleting \(ids(items))"
        case .relocate(let items, let c, let before):
            "relocating \(ids(items))\(within(c)) " + (before.map { "before \(item($0))" } ?? "to the end")
        case .update(let id): "updating \(item(id))"
        case .reload: "reloading"
        case .setEnabled(let on): on ? "enabling" : "disabling"
        case .lock(let items): "locking \(ids(items))"
        case .unlock(let items): "unlocking \(ids(items))"
        }
    }
}

/// The kinds of `DataMutation`, by their names in a recording (`type`) and
/// in the app protocol (`op`). `setEnabled` is two kinds: `enable` and
/// `disable`, as the file writes them.
public enum MutationKind: String, CaseIterable, Hashable, Sendable {
    case insert, delete, relocate, update, reload, enable, disable, lock, unlock

    /// Whether the entries (which items, where) may change.
    @inlinable public var mayMoveItems: Bool {
        switch self {
        case .insert, .delete, .relocate, .reload: true
        case .update, .enable, .disable, .lock, .unlock: false
        }
    }

    /// Whether the container's state may change at all (all but `update`).
    @inlinable public var changesData: Bool {
        switch self {
        case .update: false
        case .insert, .delete, .relocate, .reload, .enable, .disable, .lock, .unlock: true
        }
    }
}
