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
    /// The items come from another window or app.
    public var isExternal: Bool
    /// The destination of 1.4 for `target`.
    public var destination: ReorderDifference<ItemID, CollectionID>.Destination?

    @inlinable
    public init(
        session: DropSession, container: ReorderContainer<ItemID, CollectionID>, target: HitTarget?, sources: [ItemID],
        isExternal: Bool, destination: ReorderDifference<ItemID, CollectionID>.Destination?
    ) {
        self.session = session
        self.container = container
        self.target = target
        self.sources = sources
        self.isExternal = isExternal
        self.destination = destination
    }

    /// Whether `id` is one of the session's sources. A drag holds a few
    /// items, so they are compared by equality: no set per location.
    /// - Complexity: O(k) for k sources.
    @inlinable public func isSource(_ id: ItemID) -> Bool { sources.contains(id) }

    /// `sources` as a set.
    /// - Complexity: O(k).
    @inlinable public var sourceSet: Set<ItemID> { Set(sources) }
}

/// The closure that answers the drop configuration: the default policy of
/// spec 3.3, or the app's own, as with `dropConfiguration { session in ... }`.
///
///     let policy = DropPolicy<StringID, StringID?> { request in
///         request.target == nil ? .forbidden : .init(operation: .move, destination: request.destination)
///     }
public struct DropPolicy<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Sendable {
    public var configure: @Sendable (DropRequest<ItemID, CollectionID>) -> DropConfiguration<ItemID, CollectionID> {
        get { _configure }
        set {
            _configure = newValue
            _isStandard = false
        }
    }
    @usableFromInline var _configure: @Sendable (DropRequest<ItemID, CollectionID>) -> DropConfiguration<ItemID, CollectionID>
    /// `configure` is `standard`'s, unchanged (setting `configure` clears
    /// it): the engine then answers spec 3.3 from its own data in place,
    /// without a `DropRequest`, which would copy the container on every move.
    @usableFromInline var _isStandard = false

    @inlinable public init(_ configure: @escaping @Sendable (DropRequest<ItemID, CollectionID>) -> DropConfiguration<ItemID, CollectionID>)
    {
        _configure = configure
    }

    /// Spec 3.3, in order: disabled, no target, the operation the drag
    /// suggests, a locked non-source item in the target collection, capacity.
    @inlinable public static var standard: Self {
        var policy = Self(standardConfiguration)
        policy._isStandard = true
        return policy
    }
}

/// Spec 3.3 as a function, so custom policies can start from it.
/// - Complexity: O(k + l) for k sources and l locked items.
@inlinable public func standardConfiguration<ItemID, CollectionID>(
    _ request: DropRequest<ItemID, CollectionID>
) -> DropConfiguration<ItemID, CollectionID> {
    let operation = _standardOperation(
        request.container, target: request.target, suggested: request.session.suggestedOperations, sources: request.sources,
        isExternal: request.isExternal)
    // 2. no destination (the steps before it can only answer forbidden too).
    guard operation != .forbidden, let destination = request.destination else { return .forbidden }
    return DropConfiguration(operation: operation, destination: destination)
}

/// Spec 3.3's operation on the request's parts (`forbidden`, or the one the
/// drop answers, whose destination is 1.4's for `target`): for
/// `standardConfiguration(_:)`, and for the engine's own answer to
/// `DropPolicy.standard` on the container it holds, read in place.
/// - Complexity: O(k + l) for k sources and l locked items.
@inlinable func _standardOperation<ItemID, CollectionID>(
    _ container: ReorderContainer<ItemID, CollectionID>, target: HitTarget?, suggested: DropOperation.Set, sources: [ItemID],
    isExternal: Bool
) -> DropOperation {
    // 1. disabled; 2. outside or no target.
    guard container.isEnabled, let target else { return .forbidden }
    // 3. the operation the drag source allows.
    let operation: DropOperation
    if isExternal {
        operation = suggested.contains(.copy) ? .copy : suggested.contains(.move) ? .move : .forbidden
    } else {
        operation = suggested.contains(.move) ? .move : .forbidden
    }
    if operation == .forbidden { return .forbidden }
    let c = target.collection
    // 4. a locked item that is not a source, in the target collection.
    // (Sources are compared by equality: a drag holds a few items.)
    // (Checked for emptiness first: iterating even an empty set retains it.)
    if !container.locked.isEmpty {
        for id in container.locked where !sources._containsID(id) {
            if container.home(of: id)?.collection == c { return .forbidden }
        }
    }
    // 5. capacity: only what the drop adds counts; reordering inside is never blocked.
    // (The collection is read in place, `container.collections[c].x`: a
    // copy of it would retain all of its storage, on every move.)
    if let capacity = container.collections[c].capacity {
        var added = sources.count
        if !isExternal {
            for id in sources {
                if let home = container.home(of: id), home.collection == c, !home.isFixed { added -= 1 }
            }
        }
        if added > 0 && container.collections[c].items.count + added > capacity { return .forbidden }
    }
    return operation
}
