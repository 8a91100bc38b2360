/// A channel event the channel cannot carry out: an input error at that
/// event (replicas-v1 5.1).
public enum ChannelError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No in-flight message matches.
    case noMatchingMessage(MessageSelector)
    /// A `deliver` whose message is on a cut link.
    case deliverOnCutLink(ReplicaMessage)
    /// A partition names a replica that does not exist.
    case unknownReplica(String)
    /// A partition names a replica in more than one group, or twice.
    case repeatedInPartition(String)

    public var description: String {
        switch self {
        case .noMatchingMessage(let s): "no message in flight \(s)"
        case .deliverOnCutLink(let m): "deliver of \(m): the link \(m.link) is cut"
        case .unknownReplica(let r): "partition: unknown replica \(r)"
        case .repeatedInPartition(let r): "partition: replica \(r) appears more than once"
        }
    }
}
