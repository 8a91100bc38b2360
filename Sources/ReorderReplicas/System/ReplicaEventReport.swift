/// What one event found: its violations in reporting order (6.6), each
/// `conservation` finding once per (replica, item, kind).
struct ReplicaEventReport<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Sendable {
    struct Key: Hashable {
        var replica: String
        var item: ItemID
        var kind: ConservationKind
    }

    private(set) var conservation: [ReplicaViolation<ItemID, CollectionID>] = []
    private var seen: Set<Key> = []
    var others: [ReplicaViolation<ItemID, CollectionID>] = []

    /// Adds a conservation finding unless this event already has it.
    mutating func addConservation(_ v: ReplicaViolation<ItemID, CollectionID>) {
        guard let kind = v.conservation, let item = v.item, let replica = v.replicas.first else { return }
        if seen.insert(Key(replica: replica, item: item, kind: kind)).inserted { conservation.append(v) }
    }

    /// Every finding, conservation first, then the others by check (stable).
    var violations: [ReplicaViolation<ItemID, CollectionID>] {
        let ordered = others.enumerated().sorted { ($0.element.check, $0.offset) < ($1.element.check, $1.offset) }
        return conservation + ordered.map(\.element)
    }
}
