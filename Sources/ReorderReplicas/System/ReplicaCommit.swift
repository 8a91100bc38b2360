import ReorderCore

/// What a local commit did: the op (none when the change named an unknown
/// collection), the warnings, and the violations found after it.
public struct ReplicaCommit<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Sendable {
    public var op: ReplicaOp<ItemID, CollectionID>?
    public var warnings: [ReorderWarning<ItemID, CollectionID>]
    public var violations: [ReplicaViolation<ItemID, CollectionID>]
}
