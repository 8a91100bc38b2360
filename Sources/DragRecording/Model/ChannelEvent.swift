/// A channel or nemesis event (replicas-v1 5.1): what the sync channel does
/// between replicas. Version 3 only; no `replica` field.
public enum ChannelEvent: Hashable, Sendable {
    /// The matching in-flight message reaches its receiver now.
    case deliver(MessageMatch)
    /// The matching message leaves the channel undelivered.
    case lose(MessageMatch)
    /// A second copy of the matching message, with a new send number.
    case duplicate(MessageMatch)
    /// Cuts every link between different groups (replacing any earlier
    /// partition); a replica in no group is cut from every other.
    case partition(groups: [[String]])
    /// No link is cut.
    case heal
    /// Heal, deliver everything, run anti-entropy until nothing is sent,
    /// then check (replicas-v1 5.2).
    case quiesce

    @inlinable public var kind: ChannelKind {
        switch self {
        case .deliver: .deliver
        case .lose: .lose
        case .duplicate: .duplicate
        case .partition: .partition
        case .heal: .heal
        case .quiesce: .quiesce
        }
    }
}

/// Which in-flight message a `deliver`, `lose` or `duplicate` means: the one
/// with the lowest send number going `to` that replica (from `from`,
/// carrying op `op`, when given).
public struct MessageMatch: Hashable, Sendable {
    public var to: String
    public var from: String?
    public var op: String?

    public init(to: String, from: String? = nil, op: String? = nil) {
        self.to = to
        self.from = from
        self.op = op
    }
}

/// The kinds of `ChannelEvent`, by their `type` in a file.
public enum ChannelKind: String, CaseIterable, Hashable, Sendable {
    case deliver, lose, duplicate, partition, heal, quiesce

    /// Whether replicas' data may change at this event: a delivery, a
    /// quiesce, and a heal (in `"auto"` mode, messages held by a cut link
    /// are delivered then).
    @inlinable public var mayChangeData: Bool {
        switch self {
        case .deliver, .quiesce, .heal: true
        case .lose, .duplicate, .partition: false
        }
    }
}
