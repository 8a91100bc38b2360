/// One broken check (or an `intent-undecided` warning): which check, the
/// replicas, the item and the ops involved, and the data that shows it.
public struct ReplicaViolation<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Hashable, Sendable,
    CustomStringConvertible
{
    public var check: ReplicaCheck
    /// For `conservation`: what was found.
    public var conservation: ConservationKind?
    /// The replicas concerned, in `ids` order (the server last).
    public var replicas: [String]
    /// For `conservation`: the item.
    public var item: ItemID?
    /// The ops involved: for `conservation`, the ops that placed or deleted
    /// the item; for `intent`, every committed op.
    public var ops: [OpID]
    /// The data of each of `replicas`, in the same order (for `intent`, one
    /// data shared by all of them).
    public var data: [ReplicaData<ItemID, CollectionID>]
    /// For `intent`: a smallest subset of ops that cannot be explained
    /// together, where the checker found one.
    public var unexplainable: [OpID]?
    /// For `intent` and `intent-undecided`: the distinct states the search visited.
    public var statesExplored: Int?
    /// For a failure of the code under test: what went wrong, in its words
    /// (the app's error, the exit status, the field); for `reference`, `data`
    /// holds the replica's data, then the model's.
    public var detail: String?

    public init(
        check: ReplicaCheck, conservation: ConservationKind? = nil, replicas: [String], item: ItemID? = nil, ops: [OpID] = [],
        data: [ReplicaData<ItemID, CollectionID>] = [], unexplainable: [OpID]? = nil, statesExplored: Int? = nil,
        detail: String? = nil
    ) {
        self.check = check
        self.conservation = conservation
        self.replicas = replicas
        self.item = item
        self.ops = ops
        self.data = data
        self.unexplainable = unexplainable
        self.statesExplored = statesExplored
        self.detail = detail
    }

    public var isWarning: Bool { check.isWarning }

    public var description: String {
        var text = check.rawValue
        if let conservation { text += " (\(conservation.rawValue)" + (item.map { " \($0)" } ?? "") + ")" }
        text += " on " + replicas.joined(separator: ", ")
        if !ops.isEmpty { text += "; ops " + ops.map(\.description).joined(separator: ", ") }
        if !data.isEmpty { text += "; data " + data.map(\.description).joined(separator: " / ") }
        if let detail { text += ": " + detail }
        if let unexplainable { text += "; unexplainable together: " + unexplainable.map(\.description).joined(separator: ", ") }
        return text
    }
}
