/// Everything a drop-configuration closure may look at for one location.
public struct DropRequest<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Sendable {
    /// What the framework's `dropConfiguration` closure receives.
    public var session: DropSession
    /// The data, as it is now.
    public var container: ReorderContainer<ItemID, CollectionID>
    /// The hit-test result (1.3), `nil` when the location hits nothing.
    public var target: HitTarget?
    /// The session's items still present (external: all of its items), in selection order.
    public var sources: [ItemID]
    /// `sources` as a set, for O(1) membership.
    public var sourceSet: Set<ItemID>
    /// The items come from another window or app.
    public var isExternal: Bool
    /// The destination of 1.4 for `target`.
    public var destination: ReorderDifference<ItemID, CollectionID>.Destination?

    @inlinable
    public init(
        session: DropSession, container: ReorderContainer<ItemID, CollectionID>, target: HitTarget?, sources: [ItemID],
        sourceSet: Set<ItemID>, isExternal: Bool, destination: ReorderDifference<ItemID, CollectionID>.Destination?
    ) {
        self.session = session
        self.container = container
        self.target = target
        self.sources = sources
        self.sourceSet = sourceSet
        self.isExternal = isExternal
        self.destination = destination
    }
}

/// The closure that answers the drop configuration: the default policy of
/// spec 3.3, or the app's own, as with `dropConfiguration { session in ... }`.
///
///     let policy = DropPolicy<String, String?> { request in
///         request.target == nil ? .forbidden : .init(operation: .move, destination: request.destination)
///     }
public struct DropPolicy<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Sendable {
    public var configure: @Sendable (DropRequest<ItemID, CollectionID>) -> DropConfiguration<ItemID, CollectionID>

    @inlinable public init(_ configure: @escaping @Sendable (DropRequest<ItemID, CollectionID>) -> DropConfiguration<ItemID, CollectionID>)
    {
        self.configure = configure
    }

    /// Spec 3.3, in order: disabled, no target, the operation the drag
    /// suggests, a locked non-source item in the target collection, capacity.
    @inlinable public static var standard: Self { Self(standardConfiguration) }
}

/// Spec 3.3 as a function, so custom policies can start from it.
/// - Complexity: O(m) for the m entries of the target collection.
@inlinable public func standardConfiguration<ItemID, CollectionID>(
    _ request: DropRequest<ItemID, CollectionID>
) -> DropConfiguration<ItemID, CollectionID> {
    let container = request.container
    // 1. disabled; 2. outside or no target.
    guard container.isEnabled, let target = request.target, let destination = request.destination else { return .forbidden }
    // 3. the operation the drag source allows.
    let suggested = request.session.suggestedOperations
    let operation: DropOperation
    if request.isExternal {
        operation = suggested.contains(.copy) ? .copy : suggested.contains(.move) ? .move : .forbidden
    } else {
        operation = suggested.contains(.move) ? .move : .forbidden
    }
    if operation == .forbidden { return .forbidden }
    let collection = container.collections[target.collection]
    // 4. a locked item that is not a source.
    if !container.locked.isEmpty {
        for id in collection.fixed where container.locked.contains(id) && !request.sourceSet.contains(id) { return .forbidden }
        for id in collection.items where container.locked.contains(id) && !request.sourceSet.contains(id) { return .forbidden }
    }
    // 5. capacity: only what the drop adds counts; reordering inside is never blocked.
    if let capacity = collection.capacity {
        var added = request.sources.count
        if !request.isExternal {
            for id in collection.items where request.sourceSet.contains(id) { added -= 1 }
        }
        if added > 0 && collection.items.count + added > capacity { return .forbidden }
    }
    return DropConfiguration(operation: operation, destination: destination)
}
