/// Who talks to whom.
public enum ReplicaTopology: String, Hashable, Sendable {
    /// Every client talks to the server only (4.1).
    case star
    /// Every replica talks to every other (4.2).
    case mesh
}
