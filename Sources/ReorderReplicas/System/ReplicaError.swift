/// A replicated system that cannot be set up, or a local change that names
/// what does not exist: an input error.
public enum ReplicaError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `ids` must hold 2 to 64 replicas.
    case replicaCount(Int)
    /// An id appears twice.
    case duplicateReplica(String)
    /// An id is empty, over 256 bytes, contains `#`, or is `server`.
    case invalidReplicaID(String)
    /// A local change on a replica that is not a client (the server has no sessions).
    case unknownReplica(String)

    public var description: String {
        switch self {
        case .replicaCount(let n): "replicas: \(n) ids; 2 to 64 are allowed"
        case .duplicateReplica(let r): "replicas: \(r) appears twice"
        case .invalidReplicaID(let r): "replicas: \(r) is not a replica id (1 to 256 bytes, no #, not \"server\")"
        case .unknownReplica(let r): "\(r) is not a client replica"
        }
    }
}
