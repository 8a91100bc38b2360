import DragReader
import DragRecording
import ReorderCore
import ReorderReplicas

/// One replica played by an app process for one case (replicas-v1 8): the
/// local commits as protocol 1's requests with the op's `id`, `deliver`
/// for every message that reaches it, `resend` at anti-entropy. Its data is
/// what its last answer listed (fixed entries as the header had them,
/// less those a delete removed: the protocol lists reorderable items only).
public final class AppReplica: SyncReplica {
    public typealias ItemID = StringID
    public typealias CollectionID = StringID?

    let host: AppReplicaProcess
    let replica: String
    let isServer: Bool
    let collectionIDs: [StringID?]
    var fixed: [[StringID]]
    public private(set) var data: ReorderContainer<StringID, StringID?>
    /// The complete set the app last gave in `integrated`, if it ever did.
    public private(set) var integrated: Set<OpID>?

    /// Sends `reset` for `setup` to `host`.
    /// - Throws: `SyncFailure` when the app fails or refuses the reset.
    public init(host: AppReplicaProcess, setup: SyncSetup<StringID, StringID?>, layout: Layout<StringID>) throws(SyncFailure) {
        self.host = host
        replica = setup.replica
        isServer = setup.replica == serverReplica
        collectionIDs = setup.data.collections.map(\.id)
        fixed = setup.data.collections.map(\.fixed)
        data = setup.data
        var line = AppMessages.reset(setup.data, layout, nil)
        line.removeLast()  // the closing brace: the replica fields follow
        line += AppMessages.replicaFields(setup)
        _ = try answer(host.request(line), wantsData: true)
    }

    public func commit(_ op: ReplicaOp<StringID, StringID?>, change: LocalChange<StringID, StringID?>) throws -> SyncOutput {
        for item in op.kind.deleted { drop(fixed: item) }
        return try answer(host.request(AppMessages.localRequest(change, id: op.id)), wantsData: true)
    }

    public func receive(_ delivery: SyncDelivery<StringID, StringID?>) throws -> SyncOutput {
        if let op = delivery.op { for item in op.kind.deleted { drop(fixed: item) } }
        return try answer(host.request(AppMessages.deliver(delivery)), wantsData: true)
    }

    public func resend() throws -> [SyncMessage] {
        try answer(host.request(AppMessages.resend), wantsData: false).send
    }

    /// Writes the `deliver` now; its answer is read when finished.
    public func startReceive(_ delivery: SyncDelivery<StringID, StringID?>) -> () throws -> SyncOutput {
        if let op = delivery.op { for item in op.kind.deleted { drop(fixed: item) } }
        do throws(SyncFailure) { try host.submit(AppMessages.deliver(delivery)) } catch { return { throw error } }
        return { try self.answer(self.host.collect(), wantsData: true) }
    }

    /// Writes the `resend` now; its answer is read when finished.
    public func startResend() -> () throws -> [SyncMessage] {
        do throws(SyncFailure) { try host.submit(AppMessages.resend) } catch { return { throw error } }
        return { try self.answer(self.host.collect(), wantsData: false).send }
    }

    private func drop(fixed item: StringID) {
        for i in fixed.indices { fixed[i].removeAll { $0 == item } }
    }

    /// Parses an answer: `ok`, `collections` when `wantsData`, and the
    /// optional `payload`, `send`, `broadcast` (the server) and `integrated`.
    func answer(_ bytes: [UInt8], wantsData: Bool) throws(SyncFailure) -> SyncOutput {
        let value: JSONValue
        do { value = try parseJSON(bytes) } catch {
            host.stop()
            throw SyncFailure(.appProtocol, "the answer is not one JSON object: \(error.message); it was \(AppSubject.excerpt(bytes))")
        }
        guard case .object(let o) = value, case .bool(let ok)? = o["ok"] else {
            host.stop()
            throw SyncFailure(.appProtocol, "expected an object with \"ok\", got \(AppSubject.show(value))")
        }
        if !ok {
            if case .string(let m)? = o["error"] { throw SyncFailure(.appError, "the app refused: \(Format.quoted(m))") }
            throw SyncFailure(.appError, "the app refused (no \"error\" given)")
        }
        do throws(SyncFailure) {
            let raw = RawJSON.members(bytes, 0..<bytes.count)
            if wantsData { data = try AppReplicaAnswer.container(o, ids: collectionIDs, fixed: fixed) }
            if let list = o["integrated"] { integrated = try AppReplicaAnswer.opIDs(list, field: "integrated") }
            var output = SyncOutput()
            if let r = raw["payload"] { output.payload = try AppReplicaAnswer.payload(bytes, r, "payload") }
            if let r = raw["send"] { output.send += try AppReplicaAnswer.messages(bytes, r, o["send"]!, field: "send", broadcast: false) }
            if let r = raw["broadcast"] {
                guard isServer else { throw SyncFailure(.appProtocol, "\"broadcast\" from a client; only the server broadcasts") }
                output.send += try AppReplicaAnswer.messages(bytes, r, o["broadcast"]!, field: "broadcast", broadcast: true)
            }
            return output
        } catch {
            host.stop()
            throw error
        }
    }
}
