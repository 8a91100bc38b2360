/// The header's `replicas` options beside `ids` and `merge` (replicas-v1 1).
public struct ReplicaOptions: Hashable, Sendable {
    /// What the checks accept when a delete is concurrent with a move of the same item.
    public enum Deletes: String, Hashable, Sendable, CaseIterable {
        /// The delete wins (3.1 and both reference models).
        case win
        /// A move may also keep the item (Loro).
        case either
    }

    /// Whether a moved block must stay whole (6.4).
    public enum Blocks: String, Hashable, Sendable, CaseIterable {
        case whole
        /// A merge that settles each item of a block on its own.
        case perItem = "per-item"
    }

    /// How messages are delivered (5).
    public enum Delivery: Hashable, Sendable {
        /// Only explicit channel events deliver.
        case manual
        /// Every message is due at its send time plus its link's latency
        /// (ms): `links` per directed link (`Link(from:to:)`), else `latency`.
        case auto(latency: Int, links: [Link: Int])
    }

    public var deletes: Deletes
    public var blocks: Blocks
    public var delivery: Delivery

    public init(deletes: Deletes = .win, blocks: Blocks = .whole, delivery: Delivery = .manual) {
        self.deletes = deletes
        self.blocks = blocks
        self.delivery = delivery
    }
}
