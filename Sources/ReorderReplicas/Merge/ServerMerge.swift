import ReorderCore

/// 4.1, `server`: one authority, clients apply optimistically. A client's
/// op goes to the server only; the server takes each client's ops in that
/// client's seq order (holding early ones), applies each once (a duplicate
/// gets its original broadcast re-sent to its origin alone), numbers it and
/// broadcasts `{number, op}` to every client in `ids` order, its origin
/// included (the acknowledgement). Clients are `ServerClient`s.
public struct ServerMerge<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: ReplicaMerge {
    public typealias Container = ReorderContainer<ItemID, CollectionID>
    public typealias Op = ReplicaOp<ItemID, CollectionID>
    /// How the server applies an op to its data.
    public typealias ServerApply = @Sendable (Op, inout Container) -> Void

    public let ids: [String]
    /// The server's data: the truth.
    public private(set) var serverData: Container
    /// The server's broadcasts: number n carries `broadcasts[n - 1]`.
    public private(set) var broadcasts: [Op] = []
    /// Each applied op's first number.
    public private(set) var numbers: [OpID: Int] = [:]
    private var nextSeq: [String: Int] = [:]
    private var held: [String: [Int: Op]] = [:]
    public private(set) var clients: [String: ServerClient<ItemID, CollectionID>] = [:]
    private let serverApply: ServerApply
    public let name: String

    public init(ids: [String], data: Container) {
        self.init(ids: ids, data: data, name: "server") { op, data in op.apply(to: &data) }
    }

    /// A server model whose server applies ops with `serverApply` (a merge
    /// that imitates 4.1 with its own server rule).
    package init(ids: [String], data: Container, name: String, serverApply: @escaping ServerApply) {
        self.ids = ids
        serverData = data
        self.serverApply = serverApply
        self.name = name
        for id in ids {
            clients[id] = ServerClient(data: data)
            nextSeq[id] = 1
            held[id] = [:]
        }
    }

    public var topology: ReplicaTopology { .star }

    public func data(of replica: String) -> Container { replica == serverReplica ? serverData : clients[replica]!.data }

    /// - Complexity: O(m) for m ops integrated there.
    public func integrated(at replica: String) -> Set<OpID> {
        replica == serverReplica ? Set(numbers.keys) : clients[replica]!.integrated
    }

    /// - Complexity: O(k * B + k).
    public mutating func commit(_ op: Op, at replica: String) -> [ReplicaSend] {
        clients[replica]!.commit(op)
        return [ReplicaSend(from: replica, to: serverReplica, op: op.id)]
    }

    /// - Complexity: at the server O(k * B + k + r) per op applied; at a
    ///   client, its rebase.
    public mutating func receive(_ op: Op, number: Int?, from: String, at replica: String) -> [ReplicaSend] {
        if replica != serverReplica {
            if let number { clients[replica]!.receive(op, number: number) }
            return []
        }
        if let first = numbers[op.id] {
            return [ReplicaSend(from: serverReplica, to: op.id.origin, op: op.id, number: first)]
        }
        let origin = op.id.origin
        let expected = nextSeq[origin] ?? 1
        if op.id.seq > expected {
            if held[origin, default: [:]][op.id.seq] == nil { held[origin, default: [:]][op.id.seq] = op }
            return []
        }
        var sends = applyNew(op)
        nextSeq[origin] = op.id.seq + 1
        while let next = held[origin]?.removeValue(forKey: nextSeq[origin]!) {
            sends += applyNew(next)
            nextSeq[origin] = next.id.seq + 1
        }
        return sends
    }

    /// 5.2 step 3 for 4.1: every client's pending ops to the server (clients
    /// in `ids` order, each in seq order), then, per client in `ids` order,
    /// every number above its k, ascending, as its original broadcast.
    /// - Complexity: O(r * m).
    public mutating func antiEntropy() -> [ReplicaSend] {
        var sends: [ReplicaSend] = []
        for c in ids { for op in clients[c]!.pending { sends.append(ReplicaSend(from: c, to: serverReplica, op: op.id)) } }
        for c in ids where clients[c]!.k < broadcasts.count {
            for n in (clients[c]!.k + 1)...broadcasts.count {
                sends.append(ReplicaSend(from: serverReplica, to: c, op: broadcasts[n - 1].id, number: n))
            }
        }
        return sends
    }

    /// Whether the server applied `id`.
    /// - Complexity: O(1) expected.
    package func serverApplied(_ id: OpID) -> Bool { numbers[id] != nil }

    /// 4.1 step 3: applies `op` on the server, numbers it and broadcasts it
    /// to every client in `ids` order.
    /// - Complexity: the server's apply, plus O(r).
    package mutating func applyNew(_ op: Op) -> [ReplicaSend] {
        serverApply(op, &serverData)
        broadcasts.append(op)
        if numbers[op.id] == nil { numbers[op.id] = broadcasts.count }
        return ids.map { ReplicaSend(from: serverReplica, to: $0, op: op.id, number: broadcasts.count) }
    }

    /// Drops a client's pending ops.
    /// - Complexity: O(n), the copy of its confirmed data.
    package mutating func dropPending(of client: String) { clients[client]!.dropPending() }
}
