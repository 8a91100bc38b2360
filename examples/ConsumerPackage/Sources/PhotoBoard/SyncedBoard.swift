import Foundation
import ReorderCore
import ReorderReplicas

// The board's sync, as the app ships it: a server that orders every change
// it receives and broadcasts it numbered, and clients that show the
// server's order with their own unconfirmed changes rebased on top. Its
// wire format is its own (`BoardChange`, JSON); the tool carries it byte
// for byte, and `expectReplicaInvariants` (in PhotoBoardTests) plays three
// clients and a server of it under a lossy, reordering, duplicating channel.

/// One change on the wire: the IDs it names, never indices, and its
/// number among its client's changes.
public struct BoardChange: Codable, Hashable, Sendable {
    /// 1, 2, ... per client: the server takes a client's changes in this order.
    public var seq: Int
    public var kind: String
    public var items: [StringID]
    public var collection: StringID?
    public var before: StringID?

    /// The change a committed op describes (its fields fixed on the origin).
    public init(_ op: ReplicaOp<StringID, StringID?>, seq: Int) {
        switch op.kind {
        case .move(let sources, let collection, let before):
            self.init(seq: seq, kind: "move", items: sources, collection: collection, before: before)
        case .insert(let items, let collection, let before):
            self.init(seq: seq, kind: "insert", items: items, collection: collection, before: before)
        case .delete(let items): self.init(seq: seq, kind: "delete", items: items, collection: nil, before: nil)
        }
    }

    public init(seq: Int, kind: String, items: [StringID], collection: StringID?, before: StringID?) {
        self.seq = seq
        self.kind = kind
        self.items = items
        self.collection = collection
        self.before = before
    }

    var payload: ReplicaPayload { ReplicaPayload(Array((try? JSONEncoder().encode(self)) ?? Data())) }

    init?(_ payload: ReplicaPayload?) {
        guard let payload, let change = try? JSONDecoder().decode(BoardChange.self, from: Data(payload.bytes)) else { return nil }
        self = change
    }

    /// Applies it by IDs, as the app's drop does (dragrec-v1 3.1).
    func apply(to board: inout ReorderContainer<StringID, StringID?>) {
        let kind: ReplicaOp<StringID, StringID?>.Kind =
            switch self.kind {
            case "move": .move(sources: items, collection: collection, before: before)
            case "insert": .insert(items: items, collection: collection, before: before)
            default: .delete(items: items)
            }
        ReplicaOp(id: OpID(origin: "", seq: 0), kind: kind).apply(to: &board)
    }
}

/// A client of the board: the server's order up to its last contiguous
/// number, then its own changes the server has not confirmed yet.
public final class SyncedBoardClient: SyncReplica {
    let start: ReorderContainer<StringID, StringID?>
    /// The data as of server number `confirmedUpTo`.
    var confirmed: ReorderContainer<StringID, StringID?>
    var confirmedUpTo = 0
    var confirmedIDs: Set<OpID> = []
    /// Own changes not yet back from the server, in commit order.
    var pending: [(id: OpID, change: BoardChange)] = []
    var committed = 0
    /// Broadcasts that arrived ahead of a missing number.
    var early: [Int: (id: OpID, change: BoardChange)] = [:]
    public private(set) var data: ReorderContainer<StringID, StringID?>

    public init(_ setup: SyncSetup<StringID, StringID?>) {
        start = setup.data
        confirmed = setup.data
        data = setup.data
    }

    public var integrated: Set<OpID>? { confirmedIDs.union(pending.map(\.id)) }

    /// The drop is on screen at once; the change goes to the server.
    public func commit(_ op: ReplicaOp<StringID, StringID?>, change: LocalChange<StringID, StringID?>) throws -> SyncOutput {
        committed += 1
        let wire = BoardChange(op, seq: committed)
        pending.append((op.id, wire))
        wire.apply(to: &data)
        return SyncOutput(payload: wire.payload)
    }

    /// A numbered broadcast: applied in number order, then the unconfirmed
    /// changes replayed on top; acknowledged with the last contiguous number.
    /// - Complexity: O(p * n) for p pending changes.
    public func receive(_ delivery: SyncDelivery<StringID, StringID?>) throws -> SyncOutput {
        guard let number = delivery.number, let id = delivery.op?.id, let change = BoardChange(delivery.payload) else {
            throw BoardSyncError("a message from \(delivery.from) that is not a numbered change")
        }
        if number > confirmedUpTo { early[number] = (id, change) }
        while let next = early.removeValue(forKey: confirmedUpTo + 1) {
            next.change.apply(to: &confirmed)
            confirmedUpTo += 1
            confirmedIDs.insert(next.id)
            pending.removeAll { $0.id == next.id }
        }
        data = confirmed
        for p in pending { p.change.apply(to: &data) }
        return SyncOutput(send: [SyncMessage(to: serverReplica, payload: ReplicaPayload("ack \(confirmedUpTo)"))])
    }

    /// Every unconfirmed change again: the server ignores one it has numbered.
    public func resend() throws -> [SyncMessage] {
        pending.map { SyncMessage(to: serverReplica, op: $0.id, payload: $0.change.payload) }
    }
}

/// The board's server: takes each client's changes in that client's order,
/// numbers each one, applies it, broadcasts it; at anti-entropy, resends
/// each client what it has not acknowledged.
public final class SyncedBoardServer: SyncReplica {
    let clients: [String]
    /// `false`: the first version of this server, which took changes in
    /// arrival order: a client's insert lost and resent after its next
    /// drop landed after it (`expectReplicaInvariants` found it: intent).
    let clientOrder: Bool
    var log: [(id: OpID, change: BoardChange)] = []
    var numbered: Set<OpID> = []
    /// Per client, the seq of the change it takes next, and those that came early.
    var next: [String: Int] = [:]
    var early: [String: [Int: (id: OpID, change: BoardChange)]] = [:]
    var acknowledged: [String: Int] = [:]
    public private(set) var data: ReorderContainer<StringID, StringID?>

    public init(_ setup: SyncSetup<StringID, StringID?>, clientOrder: Bool = true) {
        clients = setup.replicas
        self.clientOrder = clientOrder
        data = setup.data
    }

    public var integrated: Set<OpID>? { numbered }

    public func commit(_ op: ReplicaOp<StringID, StringID?>, change: LocalChange<StringID, StringID?>) throws -> SyncOutput {
        throw BoardSyncError("the server has no screen: no local change")
    }

    public func receive(_ delivery: SyncDelivery<StringID, StringID?>) throws -> SyncOutput {
        if delivery.op == nil, let text = delivery.payload?.text, text.hasPrefix("ack "), let n = Int(text.dropFirst(4)) {
            acknowledged[delivery.from] = max(acknowledged[delivery.from] ?? 0, n)
            return SyncOutput()
        }
        guard let id = delivery.op?.id, let change = BoardChange(delivery.payload) else {
            throw BoardSyncError("a message from \(delivery.from) that is neither a change nor an acknowledgement")
        }
        let c = delivery.from
        guard !numbered.contains(id) else { return SyncOutput() }
        early[c, default: [:]][clientOrder ? change.seq : next[c, default: 1]] = (id, change)
        var sends: [SyncMessage] = []
        while let (id, change) = early[c]?.removeValue(forKey: next[c, default: 1]) {
            next[c, default: 1] += 1
            numbered.insert(id)
            change.apply(to: &data)
            log.append((id, change))
            sends.append(SyncMessage(to: nil, op: id, number: log.count, payload: change.payload))
        }
        return SyncOutput(send: sends)
    }

    /// - Complexity: O(c * m).
    public func resend() throws -> [SyncMessage] {
        var sends: [SyncMessage] = []
        for c in clients {
            for n in (acknowledged[c] ?? 0)..<log.count {
                sends.append(SyncMessage(to: c, op: log[n].id, number: n + 1, payload: log[n].change.payload))
            }
        }
        return sends
    }
}

public struct BoardSyncError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
