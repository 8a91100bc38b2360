import ReorderCore

/// The two reference models of replicas-v1 4.
public enum ReplicaModel: String, Hashable, Sendable, CaseIterable {
    /// 4.1: server arrival order.
    case server
    /// 4.2: peer to peer, causal delivery, replay in (timestamp, rank, seq) order.
    case causal

    /// The model's merge for `ids` starting from `data`.
    public func merge<ItemID, CollectionID>(ids: [String], data: ReorderContainer<ItemID, CollectionID>) -> any ReplicaMerge<
        ItemID, CollectionID
    > {
        switch self {
        case .server: ServerMerge(ids: ids, data: data)
        case .causal: CausalMerge(ids: ids, data: data)
        }
    }
}
