/// One event fed to the `DragEngine`: a drag event of a session (2.1) or a
/// data mutation (2.2), with collections already resolved.
public enum DragEvent<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Hashable, Sendable {
    case lift(session: Int, items: [ItemID], at: Point, operations: DropOperation.Set, external: Bool)
    case move(session: Int, at: Point)
    case drop(session: Int, at: Point, deferred: Bool)
    case cancel(session: Int)
    case apply(session: Int)
    case insert(items: [ItemID], collection: CollectionID, index: Int?)
    case delete(items: [ItemID])
    case relocate(items: [ItemID], collection: CollectionID, before: ItemID?)
    /// A difference handed to the app's `move` closure outside a drag (the
    /// framework, an accessibility action): it goes through the applier
    /// under test, captured and applied at once.
    case deliver(ReorderDifference<ItemID, CollectionID>)
    case update(item: ItemID)
    /// Replaces all data; `locked` adds to the locks of items that remain.
    case reload(collections: [ReorderCollection<ItemID, CollectionID>], locked: [ItemID])
    case setEnabled(Bool)
    case lock(items: [ItemID])
    case unlock(items: [ItemID])

    /// The session of a drag event, `nil` for a mutation.
    @inlinable public var session: Int? {
        switch self {
        case .lift(let s, _, _, _, _), .move(let s, _), .drop(let s, _, _), .cancel(let s), .apply(let s): s
        default: nil
        }
    }
}

/// How a drag session ended (or, for `liftRejected`, never started).
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

    public var description: String {
        switch self {
        case .disabled: "the container is disabled"
        case .externalItemExists(let id): "external item \(quoted(id)) already exists in the container"
        case .absent(let id): "item \(quoted(id)) is not in the container"
        case .fixed(let id): "item \(quoted(id)) is fixed"
        case .locked(let id): "item \(quoted(id)) is locked"
        case .alreadyLifted(let id, let s): "item \(quoted(id)) is already lifted by session \(s)"
        }
    }
}

/// What one event did.
public struct StepResult<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Hashable, Sendable {
    /// The answered drop configuration (`move` and `drop`).
    public var configuration: DropConfiguration<ItemID, CollectionID>?
    /// A session that ended here, or a lift rejected here.
    public var outcome: SessionOutcome?
    public var liftRejection: LiftRejection<ItemID>?
    /// The difference emitted by a drop.
    public var emitted: ReorderDifference<ItemID, CollectionID>?
    /// The difference applied at this step (an immediate drop or an `apply`).
    public var applied: ReorderDifference<ItemID, CollectionID>?
    /// `applied` came from an external drag: its items were inserted, not moved.
    public var appliedExternally = false
    public var warnings: [ReorderWarning<ItemID, CollectionID>] = []

    @inlinable public init() {}
}

/// A session's outcome, as reports list them.
public struct SessionOutcome: Hashable, Sendable {
    public var session: Int
    public var outcome: Outcome
    @inlinable public init(session: Int, outcome: Outcome) { self.session = session; self.outcome = outcome }
}
