import ReorderCore
import ReorderReplicas

/// The causal model of replicas-v1 4.2 written against `SyncReplica` as an
/// app's sync code would be (not a wrapper of the library's `CausalMerge`):
/// it keeps the ops it has integrated, integrates an arriving op once its
/// causal past has been (earlier arrivals wait, copies are ignored), and
/// shows the starting data with every integrated op applied in the total
/// order (Lamport timestamp, rank of the origin, seq). It acknowledges every
/// op it is handed with its version vector (a payload of its own protocol),
/// and at anti-entropy resends each peer what that peer is not known to have.
///
/// `bug` plants one mistake, for the tests that expect a finding.
final class CausalPeer: SyncReplica {
    enum Bug: Sendable {
        /// Applies each op as it is integrated, without replaying in the
        /// total order: replicas that integrated the same ops in other
        /// orders show other data.
        case arrivalOrder
        /// Resends every op to every peer at each anti-entropy, acknowledged
        /// or not: the quiet period never ends.
        case resendsEverything
        /// Refuses every delete (a constraint the app's store enforces):
        /// the error it throws is an `app-error` finding.
        case refusesDeletes
    }

    struct Refused: Error, CustomStringConvertible {
        var description: String { "the store refused a delete: FOREIGN KEY constraint failed" }
    }

    let me: String
    let peers: [String]
    let rank: [String: Int]
    let start: ReorderContainer<StringID, StringID?>
    let bug: Bug?
    private(set) var data: ReorderContainer<StringID, StringID?>
    /// The integrated ops, in the total order.
    var ops: [ReplicaOp<StringID, StringID?>] = []
    var ids: Set<OpID> = []
    /// Arrived, waiting for their causal past.
    var waiting: [ReplicaOp<StringID, StringID?>] = []
    /// Per origin, the highest seq integrated here (contiguous from 1).
    var vector: [String: Int] = [:]
    /// Per peer, what it is known to have integrated (its ops, the ops it
    /// forwarded, its acknowledgements): what resend may skip.
    var known: [String: [String: Int]] = [:]

    init(_ setup: SyncSetup<StringID, StringID?>, bug: Bug? = nil) {
        me = setup.replica
        peers = setup.replicas.filter { $0 != setup.replica }
        rank = Dictionary(uniqueKeysWithValues: setup.replicas.enumerated().map { ($1, $0) })
        start = setup.data
        data = setup.data
        self.bug = bug
    }

    var integrated: Set<OpID>? { ids }

    /// An own op sorts after every op integrated here (its timestamp is
    /// larger), so applying it equals the replay.
    /// - Complexity: O(n) for the apply.
    func commit(_ op: ReplicaOp<StringID, StringID?>, change: LocalChange<StringID, StringID?>) throws -> SyncOutput {
        if bug == .refusesDeletes, case .delete = change { throw Refused() }
        integrate(op)
        op.apply(to: &data)
        return SyncOutput()
    }

    /// - Complexity: O(w^2) for w waiting ops, plus a replay O(m * n) when
    ///   something was integrated.
    func receive(_ delivery: SyncDelivery<StringID, StringID?>) throws -> SyncOutput {
        guard let op = delivery.op else {
            if let payload = delivery.payload { learn(delivery.from, Self.decode(payload)) }
            return SyncOutput()
        }
        // The sender integrated this op, so its causal past too.
        learn(delivery.from, op.versionVector.merging([op.id.origin: op.id.seq], uniquingKeysWith: max))
        if !ids.contains(op.id) && !waiting.contains(where: { $0.id == op.id }) { waiting.append(op) }
        let added = drain()
        if !added.isEmpty {
            if bug == .arrivalOrder {
                for op in added { op.apply(to: &data) }
            } else {
                data = start
                for op in ops { op.apply(to: &data) }
            }
        }
        return SyncOutput(send: [SyncMessage(to: delivery.from, payload: Self.encode(vector))])
    }

    /// To each peer in rank order, every integrated op it is not known to
    /// have, in the total order; empty when every peer has everything.
    /// - Complexity: O(r * m).
    func resend() throws -> [SyncMessage] {
        var sends: [SyncMessage] = []
        for q in peers {
            for op in ops where bug == .resendsEverything || known[q, default: [:]][op.id.origin, default: 0] < op.id.seq {
                sends.append(SyncMessage(to: q, op: op.id))
            }
        }
        return sends
    }

    /// Integrates every waiting op whose causal past is integrated; returns them.
    func drain() -> [ReplicaOp<StringID, StringID?>] {
        var added: [ReplicaOp<StringID, StringID?>] = []
        while let i = waiting.firstIndex(where: deliverable) {
            let op = waiting.remove(at: i)
            integrate(op)
            added.append(op)
        }
        return added
    }

    func deliverable(_ op: ReplicaOp<StringID, StringID?>) -> Bool {
        guard vector[op.id.origin, default: 0] == op.id.seq - 1 else { return false }
        return op.versionVector.allSatisfy { vector[$0.key, default: 0] >= $0.value }
    }

    func integrate(_ op: ReplicaOp<StringID, StringID?>) {
        let at = ops.firstIndex { precedes(op, $0) } ?? ops.count
        ops.insert(op, at: at)
        ids.insert(op.id)
        vector[op.id.origin] = op.id.seq
    }

    func precedes(_ a: ReplicaOp<StringID, StringID?>, _ b: ReplicaOp<StringID, StringID?>) -> Bool {
        (a.lamport, rank[a.id.origin] ?? .max, a.id.seq) < (b.lamport, rank[b.id.origin] ?? .max, b.id.seq)
    }

    func learn(_ peer: String, _ vector: [String: Int]) {
        known[peer, default: [:]].merge(vector, uniquingKeysWith: max)
    }

    /// A version vector on the wire: `A=2,B=1`.
    static func encode(_ vector: [String: Int]) -> ReplicaPayload {
        ReplicaPayload(vector.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","))
    }

    static func decode(_ payload: ReplicaPayload) -> [String: Int] {
        var vector: [String: Int] = [:]
        for pair in payload.text.split(separator: ",") {
            let parts = pair.split(separator: "=")
            if parts.count == 2, let n = Int(parts[1]) { vector[String(parts[0])] = n }
        }
        return vector
    }
}
