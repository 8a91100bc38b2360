/// One event fed to the `DragEngine`: a drag event of a session (2.1) or a
/// data mutation (2.2), with collections already resolved. Gestures of other
/// models (swipe actions) are not here: their module wraps this event with
/// its own and drives the engine through `handle(_:)`.
public enum DragEvent<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Hashable, Sendable {
    case lift(session: Int, items: [ItemID], at: Point, operations: DropOperation.Set, external: Bool)
    case move(session: Int, at: Point)
    case drop(session: Int, at: Point, deferred: Bool)
    case cancel(session: Int)
    case apply(session: Int)
    /// A change to the data from outside the drag (spec 2.2).
    case mutation(DataMutation<ItemID, CollectionID>)
    /// A difference handed to the app's `move` closure outside a drag (the
    /// framework, an accessibility action): it goes through the applier
    /// under test, captured and applied at once.
    case deliver(ReorderDifference<ItemID, CollectionID>)

    /// The session of a drag event, `nil` for a mutation.
    @inlinable public var session: Int? {
        switch self {
        case .lift(let s, _, _, _, _), .move(let s, _), .drop(let s, _, _), .cancel(let s), .apply(let s): s
        case .mutation, .deliver: nil
        }
    }
}

extension DragEvent {
    /// The same event with every ID renamed (see `ReorderDifference.mapIDs`).
    /// - Complexity: O(m) for the m IDs the event names.
    @inlinable
    public func mapIDs<NewItemID, NewCollectionID>(
        item: (ItemID) throws -> NewItemID, collection: (CollectionID) throws -> NewCollectionID
    ) rethrows -> DragEvent<NewItemID, NewCollectionID> {
        switch self {
        case .lift(let s, let items, let p, let ops, let external):
            return .lift(session: s, items: try items.map(item), at: p, operations: ops, external: external)
        case .move(let s, let p): return .move(session: s, at: p)
        case .drop(let s, let p, let deferred): return .drop(session: s, at: p, deferred: deferred)
        case .cancel(let s): return .cancel(session: s)
        case .apply(let s): return .apply(session: s)
        case .mutation(let m): return .mutation(try m.mapIDs(item: item, collection: collection))
        case .deliver(let d): return .deliver(try d.mapIDs(item: item, collection: collection))
        }
    }
}

/// How a drag session ended (or, for `liftRejected`, never started): the
/// spec's outcomes, as `expect` lines and reports name them.
public enum Outcome: String, Hashable, Sendable, CaseIterable {
    case moved
    case copied
    case rejected
    case cancelled
    case vanished
    case liftRejected = "lift-rejected"

    /// `cancelled`, `rejected`, `vanished` and `lift-rejected` change nothing.
    public var isNoOp: Bool { self != .moved && self != .copied }
}

/// Why a lift was refused (spec 2.1).
public enum LiftRejection<ItemID: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    case disabled
    case externalItemExists(ItemID)
    case absent(ItemID)
    case fixed(ItemID)
    case locked(ItemID)
    case alreadyLifted(ItemID, bySession: Int)

    /// The reason, with IDs written by `item` (a report quotes them).
    public func describe(item: (ItemID) -> String) -> String {
        switch self {
        case .disabled: "the container is disabled"
        case .externalItemExists(let id): "external item \(item(id)) already exists in the container"
        case .absent(let id): "item \(item(id)) is not in the container"
        case .fixed(let id): "item \(item(id)) is fixed"
        case .locked(let id): "item \(item(id)) is locked"
        case .alreadyLifted(let id, let s): "item \(item(id)) is already lifted by session \(s)"
        }
    }

    public var description: String { describe { String(reflecting: $0) } }
}

/// What one event did.
public struct StepResult<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Hashable, Sendable {
    /// The answered drop configuration (`move` and `drop`).
    public var configuration: DropConfiguration<ItemID, CollectionID>?
    /// Where the location hit when the configuration was asked (spec 1.3),
    /// on the data before the event; `nil` outside the container or when
    /// nothing was asked. Kept for renderers: they draw it, never recompute it.
    public var target: HitTarget?
    /// How the event's session ended here (or its lift was rejected here).
    public var outcome: Outcome?
    public var liftRejection: LiftRejection<ItemID>?
    /// The difference emitted by a drop.
    public var emitted: ReorderDifference<ItemID, CollectionID>?
    /// The difference applied at this step (an immediate drop or an `apply`).
    public var applied: ReorderDifference<ItemID, CollectionID>?
    /// `applied` came from an external drag: its items were inserted, not moved.
    public var appliedExternally = false
    public var warnings: [ReorderWarning<ItemID, CollectionID>] = []

    @inlinable public init() {}

    /// Empties the result in place, as `StepResult()` would, for a caller
    /// that keeps one step across events (the fuzzer's generator, the
    /// replayer). Only the fields that are set are cleared: without
    /// `-disable-type-layout` the destroy of a whole step walks every field
    /// through the unspecialised value witnesses (a `nil` generic field
    /// costs a call to `Optional`'s witness and its payload's tag witness),
    /// where the test of a specialised field here is a compare. Public for
    /// the other modules' hot paths; not API.
    ///
    /// - Complexity: O(1), plus releasing what was set.
    @inlinable public mutating func _clear() {
        if !configuration._isNone { configuration = nil }
        if !target._isNone { target = nil }
        if !outcome._isNone { outcome = nil }
        if !liftRejection._isNone { liftRejection = nil }
        if !emitted._isNone { emitted = nil }
        if !applied._isNone { applied = nil }
        appliedExternally = false
        if !warnings.isEmpty { warnings = [] }
    }
}
