/// The answer of `dropConfiguration`: an operation and, for a reorder, where
/// the items would land.
public struct DropConfiguration<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Hashable, Sendable {
    public var operation: DropOperation
    public var destination: ReorderDifference<ItemID, CollectionID>.Destination?

    @inlinable public init(operation: DropOperation, destination: ReorderDifference<ItemID, CollectionID>.Destination? = nil) {
        self.operation = operation
        self.destination = destination
    }

    @inlinable public static var forbidden: Self { Self(operation: .forbidden) }
}
