import ReorderCore

/// A replica the model plays beside code under test (an app server with
/// model clients, app clients with the model's server). Its anti-entropy
/// reads what the others lack from the hosted merge, as the reference
/// models' does from their own state.
protocol ModelNode<ItemID, CollectionID>: SyncReplica {
    /// 5.2 step 3 for this replica: `lacks(replica, number, op)` says
    /// whether the receiver still needs it.
    func resend(lacking lacks: (String, Int?, OpID) -> Bool) -> [SyncMessage]
}

extension ModelNode {
    func resend() throws -> [SyncMessage] { [] }
}

/// A client of 4.1 (`ServerClient`), played by the model.
final class ServerClientNode<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: ModelNode {
    var client: ServerClient<ItemID, CollectionID>

    init(data: ReorderContainer<ItemID, CollectionID>) { client = ServerClient(data: data) }

    var data: ReorderContainer<ItemID, CollectionID> { client.data }
    var integrated: Set<OpID>? { client.integrated }

    func commit(_ op: ReplicaOp<ItemID, CollectionID>, change: LocalChange<ItemID, CollectionID>) -> SyncOutput {
        client.commit(op)
        return SyncOutput()
    }

    func receive(_ delivery: SyncDelivery<ItemID, CollectionID>) -> SyncOutput {
        if let op = delivery.op, let number = delivery.number { client.receive(op, number: number) }
        return SyncOutput()
    }

    /// Every pending op to the server, in seq order (as `ServerMerge`).
    func resend(lacking lacks: (String, Int?, OpID) -> Bool) -> [SyncMessage] {
        client.pending.map { SyncMessage(to: serverReplica, op: $0.id) }
    }
}

/// The server of 4.1, played by the model: `ServerMerge`'s server side.
final class ServerNode<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: ModelNode {
    var merge: ServerMerge<ItemID, CollectionID>

    init(ids: [String], data: ReorderContainer<ItemID, CollectionID>) { merge = ServerMerge(ids: ids, data: data) }

    var data: ReorderContainer<ItemID, CollectionID> { merge.serverData }
    var integrated: Set<OpID>? { Set(merge.numbers.keys) }

    func commit(_ op: ReplicaOp<ItemID, CollectionID>, change: LocalChange<ItemID, CollectionID>) -> SyncOutput { SyncOutput() }

    func receive(_ delivery: SyncDelivery<ItemID, CollectionID>) -> SyncOutput {
        guard let op = delivery.op else { return SyncOutput() }
        let sends = merge.receive(op, number: nil, from: delivery.from, at: serverReplica)
        return SyncOutput(send: sends.map { SyncMessage(to: $0.to, op: $0.op, number: $0.number) })
    }

    /// Per client in `ids` order, every number it lacks, ascending, as its
    /// original broadcast (as `ServerMerge`).
    func resend(lacking lacks: (String, Int?, OpID) -> Bool) -> [SyncMessage] {
        var sends: [SyncMessage] = []
        for c in merge.ids {
            for (i, op) in merge.broadcasts.enumerated() where lacks(c, i + 1, op.id) {
                sends.append(SyncMessage(to: c, op: op.id, number: i + 1))
            }
        }
        return sends
    }
}

/// A peer of 4.2, played by the model: `CausalMerge` for one replica.
final class CausalNode<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: ModelNode {
    var merge: CausalMerge<ItemID, CollectionID>
    let replica: String

    init(replica: String, ids: [String], data: ReorderContainer<ItemID, CollectionID>) {
        self.replica = replica
        merge = CausalMerge(ids: ids, data: data)
    }

    var data: ReorderContainer<ItemID, CollectionID> { merge.data(of: replica) }
    var integrated: Set<OpID>? { merge.integrated(at: replica) }

    func commit(_ op: ReplicaOp<ItemID, CollectionID>, change: LocalChange<ItemID, CollectionID>) -> SyncOutput {
        _ = merge.commit(op, at: replica)
        return SyncOutput()
    }

    func receive(_ delivery: SyncDelivery<ItemID, CollectionID>) -> SyncOutput {
        if let op = delivery.op { _ = merge.receive(op, number: nil, from: delivery.from, at: replica) }
        return SyncOutput()
    }

    /// To each other replica in `ids` order, every op integrated here that
    /// it lacks, in the total order (as `CausalMerge`).
    func resend(lacking lacks: (String, Int?, OpID) -> Bool) -> [SyncMessage] {
        let ops = merge.log(of: replica).ordered
        var sends: [SyncMessage] = []
        for q in merge.ids where q != replica {
            for op in ops where lacks(q, nil, op.id) { sends.append(SyncMessage(to: q, op: op.id)) }
        }
        return sends
    }
}
