import ReorderReplicas

/// The header's `replicas` section (format version 3, replicas-v1 1):
/// several copies of the container, each with its own sessions, and the
/// sync channel between them. The model, the conflict semantics and the
/// channel are `ReorderReplicas`' own types: this is only where a file
/// keeps them.
public struct ReplicasSpec: Hashable, Sendable {
    /// The client replicas, in rank order (2 to 64).
    public var ids: [String]
    /// What data a replica shows for the operations it has.
    public var merge: ReplicaModel
    /// `deletes`, `blocks` and the channel's delivery.
    public var options: ReplicaOptions

    /// The name of the server replica in `"server"` mode.
    public static let server = "server"
    /// The fewest and most client replicas a recording may have.
    public static let replicaCount = 2...64

    public init(ids: [String], merge: ReplicaModel, options: ReplicaOptions = ReplicaOptions()) {
        self.ids = ids
        self.merge = merge
        self.options = options
    }

    /// Every replica of the recording: the clients, then `"server"` in
    /// `"server"` mode. Channel events and `expect.replicas` name these.
    public var all: [String] { merge == .server ? ids + [Self.server] : ids }
}

extension OpID {
    /// The ID a file writes, `REPLICA#N` (N >= 1, no leading zero), read
    /// back; `nil` when `text` is not one.
    public init?(parsing text: String) {
        guard let hash = text.lastIndex(of: "#") else { return nil }
        let digits = text[text.index(after: hash)...]
        guard hash != text.startIndex, !digits.isEmpty, digits.first != "0", digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
            let n = Int(digits)
        else { return nil }
        self.init(origin: String(text[..<hash]), seq: n)
    }
}
