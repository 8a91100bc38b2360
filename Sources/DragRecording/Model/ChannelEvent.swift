import ReorderReplicas

/// A channel or nemesis event (replicas-v1 5.1): what the sync channel does
/// between replicas. Version 3 only; no `replica` field. A message is named
/// by `ReorderReplicas`' `MessageSelector` (`to`, and optionally `from` and
/// the operation it carries).
public enum ChannelEvent: Hashable, Sendable {
    /// The matching in-flight message reaches its receiver now.
    case deliver(MessageSelector)
    /// The matching message leaves the channel undelivered.
    case lose(MessageSelector)
    /// A second copy of the matching message, with a new send number.
    case duplicate(MessageSelector)
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
