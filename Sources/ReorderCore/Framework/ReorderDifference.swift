/// A reorder expressed in identifiers, as the framework hands it to the
/// `move` closure of `reorderContainer(for:in:isEnabled:move:)`.
///
/// Identifiers, not indices, because the data may change while a drag is in
/// flight: an ID still names the right item after a sync inserted a row.
///
///     let d = ReorderDifference<String, ReorderableSingleCollectionIdentifier>(
///         sources: ["c"], destination: .init(collectionID: .init(), position: .before("a")))
public struct ReorderDifference<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Hashable, Sendable {
    /// Where the moved items go: a collection and a position inside it.
    public struct Destination: Hashable, Sendable {
        /// `.before(id)` puts the block right before `id`; `.end` appends it.
        public enum Position: Hashable, Sendable {
            case before(ItemID)
            case end

            // Written out, and inlinable, so that it specialises: the
            // synthesised one runs generically, through metadata.
            @inlinable
            public static func == (a: Self, b: Self) -> Bool {
                switch (a, b) {
                case (.before(let x), .before(let y)): x == y
                case (.end, .end): true
                default: false
                }
            }
        }

        public var collectionID: CollectionID
        public var position: Position

        @inlinable public init(collectionID: CollectionID, position: Position) {
            self.collectionID = collectionID
            self.position = position
        }

        @inlinable
        public static func == (a: Self, b: Self) -> Bool { a.collectionID == b.collectionID && a.position == b.position }
    }

    /// The moved items, in selection order.
    public var sources: [ItemID]
    public var destination: Destination

    @inlinable public init(sources: [ItemID], destination: Destination) {
        self.sources = sources
        self.destination = destination
    }

    @inlinable
    public static func == (a: Self, b: Self) -> Bool { a.destination == b.destination && a.sources == b.sources }
}

/// The collection identifier of a container with a single, unnamed collection.
public struct ReorderableSingleCollectionIdentifier: Hashable, Sendable {
    @inlinable public init() {}
}

extension ReorderDifference.Destination.Position {
    /// The anchor ID, or `nil` for `.end`.
    @inlinable
    public var anchor: ItemID? {
        if case .before(let id) = self { return id }
        return nil
    }
}
