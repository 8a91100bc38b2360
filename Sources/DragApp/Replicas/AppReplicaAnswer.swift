import DragReader
import DragRecording
import ReorderCore
import ReorderReplicas

/// The fields of a replica app's answer (replicas-v1 8), each checked for
/// its shape: a wrong one is `app-protocol`, naming the field.
enum AppReplicaAnswer {
    /// The longest payload the tool carries: a `deliver` line holding it
    /// must stay under the protocol's line limit.
    static let payloadLimit = AppProcess.lineLimit - 64 * 1024

    static func container(_ o: [String: JSONValue], ids: [StringID?], fixed: [[StringID]]) throws(SyncFailure) -> ReorderContainer<
        StringID, StringID?
    > {
        guard case .array(let list)? = o["collections"] else { throw SyncFailure(.appProtocol, "the answer has no \"collections\" array") }
        guard list.count == ids.count else {
            throw SyncFailure(.appProtocol, "the answer lists \(list.count) collections; the case has \(ids.count)")
        }
        var collections: [ReorderCollection<StringID, StringID?>] = []
        for (i, entry) in list.enumerated() {
            guard case .object(let c) = entry else { throw SyncFailure(.appProtocol, "collections[\(i)] is not an object") }
            let id: StringID?
            switch c["id"] {
            case .string(let s)?: id = StringID(s)
            case .null?, nil: id = nil
            default: throw SyncFailure(.appProtocol, "collections[\(i)].id must be a string or null")
            }
            guard id == ids[i] else {
                throw SyncFailure(
                    .appProtocol,
                    "collections[\(i)] is \(id.map(Format.quoted) ?? "null"); expected \(ids[i].map(Format.quoted) ?? "null") (header order)"
                )
            }
            guard case .array(let items)? = c["items"] else {
                throw SyncFailure(.appProtocol, "collections[\(i)].items must be an array of IDs")
            }
            var strings: [StringID] = []
            for item in items {
                guard case .string(let s) = item else {
                    throw SyncFailure(.appProtocol, "collections[\(i)].items holds \(AppSubject.show(item)), not an ID string")
                }
                strings.append(StringID(s))
            }
            collections.append(ReorderCollection(id: id, items: strings, fixed: fixed[i]))
        }
        return ReorderContainer(collections: collections)
    }

    static func opIDs(_ value: JSONValue, field: String) throws(SyncFailure) -> Set<OpID> {
        guard case .array(let list) = value else { throw SyncFailure(.appProtocol, "\"\(field)\" must be an array of op ids (\"A#1\")") }
        var ids = Set<OpID>()
        for entry in list {
            guard case .string(let s) = entry, let id = OpID(parsing: s) else {
                throw SyncFailure(.appProtocol, "\"\(field)\" holds \(AppSubject.show(entry)), not an op id (\"A#1\")")
            }
            ids.insert(id)
        }
        return ids
    }

    static func payload(_ bytes: [UInt8], _ range: Range<Int>, _ field: String) throws(SyncFailure) -> ReplicaPayload {
        if range.count > payloadLimit {
            throw SyncFailure(.appProtocol, "\(field) is \(range.count) bytes; a message carrying it would pass the 16 MiB line limit")
        }
        return ReplicaPayload(Array(bytes[range]))
    }

    /// `send` (every entry names `to`) or `broadcast` (the server's; an
    /// entry without `to` goes to every client): `to`, `id`, `number`, `payload`.
    static func messages(_ bytes: [UInt8], _ range: Range<Int>, _ value: JSONValue, field: String, broadcast: Bool) throws(SyncFailure)
        -> [SyncMessage]
    {
        guard case .array(let list) = value else { throw SyncFailure(.appProtocol, "\"\(field)\" must be an array of messages") }
        let raws = RawJSON.elements(bytes, range)
        var out: [SyncMessage] = []
        for (i, entry) in list.enumerated() {
            guard case .object(let m) = entry, i < raws.count else { throw SyncFailure(.appProtocol, "\(field)[\(i)] is not an object") }
            var message = SyncMessage(to: nil)
            switch m["to"] {
            case .string(let to)?: message.to = to
            case nil where broadcast: break
            default: throw SyncFailure(.appProtocol, "\(field)[\(i)].to must name a replica")
            }
            if let id = m["id"] {
                guard case .string(let s) = id, let op = OpID(parsing: s) else {
                    throw SyncFailure(.appProtocol, "\(field)[\(i)].id must be an op id (\"A#1\")")
                }
                message.op = op
            } else if broadcast {
                throw SyncFailure(.appProtocol, "\(field)[\(i)] has no \"id\": a broadcast carries an op")
            }
            if let n = m["number"] {
                guard let number = n.exactInteger, number >= 1 else {
                    throw SyncFailure(.appProtocol, "\(field)[\(i)].number must be a positive integer")
                }
                message.number = Int(number)
            }
            if let r = RawJSON.members(bytes, raws[i])["payload"] { message.payload = try payload(bytes, r, "\(field)[\(i)].payload") }
            out.append(message)
        }
        return out
    }
}
