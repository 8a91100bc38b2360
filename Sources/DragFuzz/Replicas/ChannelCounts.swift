/// What the nemesis did in a campaign's cases: the channel events the
/// generator wrote, by kind (the summary's "channel" counts).
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
    }
}
