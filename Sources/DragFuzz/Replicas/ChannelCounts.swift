/// What the nemesis did in a campaign's cases: the channel events the
/// generator wrote, by kind (the summary's "channel" counts), the repairs
/// the quiet period made, and the concurrency the cases reached.
public struct ChannelCounts: Hashable, Sendable {
    /// `deliver` events, reordered ones included.
    public var delivered = 0
    /// Deliveries of a message other than the oldest deliverable one.
    public var reordered = 0
    public var duplicated = 0
    public var lost = 0
    public var partitions = 0
    /// Partitions healed: by a `heal` event, or by the final `quiesce`.
    public var healed = 0
    /// Anti-entropy rounds at `quiesce` that re-sent something: repairs of
    /// what was lost (counted by the replay, not the generator).
    public var repairRounds = 0
    /// Deliveries of an op to a replica that had not integrated every op
    /// before it (6.0): an op a causal merge must hold for a predecessor.
    public var heldForPredecessor = 0
    /// Pairs of concurrent ops (neither before the other) naming one item.
    public var concurrentOnItem = 0
    /// Pairs of concurrent ops placing items before one anchor of one collection.
    public var concurrentOnAnchor = 0
    /// Pairs of concurrent ops that placed items into one gap (the same
    /// neighbours on their origins).
    public var concurrentInGap = 0
    /// Local changes that committed an op on their replica (mutations and
    /// drops alike; a drop a world refuses commits none).
    public var committedChanges = 0
    /// Drags the cases made (one per lift).
    public var drags = 0
    /// Drags whose drop (or `apply`) committed a change: in a world whose
    /// rules, capacities or locks refuse a drop, fewer than `drags`.
    public var committedDrags = 0

    public init() {}

    /// Adds another case's (or job's) counts.
    /// - Complexity: O(1).
    public mutating func add(_ other: ChannelCounts) {
        delivered += other.delivered
        reordered += other.reordered
        duplicated += other.duplicated
        lost += other.lost
        partitions += other.partitions
        healed += other.healed
        repairRounds += other.repairRounds
        heldForPredecessor += other.heldForPredecessor
        concurrentOnItem += other.concurrentOnItem
        concurrentOnAnchor += other.concurrentOnAnchor
        concurrentInGap += other.concurrentInGap
        committedChanges += other.committedChanges
        drags += other.drags
        committedDrags += other.committedDrags
    }
}
