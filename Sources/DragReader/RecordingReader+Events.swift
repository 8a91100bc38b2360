import DragRecording
import DragSystem
import ReorderCore
import ReorderReplicas

/// The event types as words, built once from `EventKind.allCases` (the one
/// list of names), so a line's `type` is matched without building a String:
/// each name's first 8 bytes packed little-endian beside its length (a name
/// past 8 bytes is confirmed byte by byte). Most frequent first: drags are
/// mostly moves.
let eventTypeTable: [(word: UInt64, count: Int, name: [UInt8], type: EventKind)] = {
    let order = EventKind.allCases.sorted { ($0 == .move ? 0 : 1) < ($1 == .move ? 0 : 1) }
    return order.map { kind in
        let name = Array(kind.rawValue.utf8)
        return name.withUnsafeBufferPointer { (packed($0), name.count, name, kind) }
    }
}()

/// Up to the first 8 bytes as one little-endian word, zero-padded.
@inline(__always)
func packed(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var word: UInt64 = 0
    for i in 0..<min(bytes.count, 8) { word |= UInt64(bytes[i]) << (8 * UInt64(i)) }
    return word
}

/// The `EventKind` a string value names, `nil` for an unknown one.
/// - Complexity: O(k) word compares for k event kinds.
func eventType(of value: JSONCValue) -> EventKind? {
    guard let bytes = value.stringBytes else { return nil }
    let word = packed(bytes)
    return eventTypeTable.withUnsafeBufferPointer { table in
        for entry in table where entry.word == word && entry.count == bytes.count {
            if entry.count <= 8
                || entry.name.withUnsafeBufferPointer({ Memory.equal($0.baseAddress!, bytes.baseAddress!, count: bytes.count) })
            {
                return entry.type
            }
        }
        return nil
    }
}

/// One event line of a file of format `version` (an event type or an
/// `expect` field of version 2 in a version 1 file is an input error).
func decodeEvent(_ root: JSONCValue, version: Int) throws(FieldError) -> RecordedEvent {
    guard root.kind == .object else { throw FieldError(field: nil, "an event must be a JSON object, got \(root.text.prefix(40))") }
    let o = JSONObject(value: root, path: "")
    guard let typeValue = o.get("type") else {
        if o.get("format") != nil { throw FieldError(field: "format", "a second header: only the first non-blank line is the header") }
        throw FieldError(
            field: nil, "missing field \"type\" (expected one of \(EventKind.allCases.map(\.rawValue).joined(separator: ", ")))")
    }
    guard typeValue.kind == .string else { throw FieldError(field: "type", "field \"type\" must be a string, got \(typeValue.text)") }
    guard let type = eventType(of: typeValue) else {
        let names = EventKind.allCases.map(\.rawValue)
        let suggestion = closestMatch(to: typeValue.string, in: names).map { " Did you mean \(Format.quoted($0))?" } ?? ""
        throw FieldError(
            field: "type",
            "unknown event type \(Format.quoted(typeValue.string)).\(suggestion) (expected one of \(names.joined(separator: ", ")))")
    }
    if type.minimumVersion > version { throw RecordingValidator.needsVersion(type.minimumVersion, type: type, version: version) }
    let t = try o.requiredNumber("t")
    let kind: RecordedEvent.Kind
    switch type {
    case .lift: kind = try decodeLift(o)
    case .move:
        kind = .move(x: try o.requiredNumber("x"), y: try o.requiredNumber("y"))
    case .drop: kind = try decodeDrop(o)
    case .cancel: kind = .cancel
    case .apply: kind = .apply
    case .mutation(let m): kind = try decodeMutation(m, o)
    case .expect: kind = .expect(try decodeExpectation(o, version: version))
    case .swipe: kind = .swipe(item: try o.requiredID("item"), dx: try o.requiredNumber("dx"))
    case .scroll: kind = .scroll(dy: try o.requiredNumber("dy"))
    case .tap: kind = .tap(x: try o.requiredNumber("x"), y: try o.requiredNumber("y"))
    case .channel(let c): kind = .channel(try decodeChannel(c, o))
    }
    let session = type.isDragEvent ? try o.integer("session", min: 0) ?? 0 : 0
    // Version 3 content in an earlier file is an error, not an ignored
    // member: an event meant for one replica would apply to the only copy.
    let replica = try o.replicaName("replica")
    if replica != nil && version < 3 { throw RecordingValidator.needsVersion(3, field: "replica", version: version) }
    return RecordedEvent(t: t, session: session, kind, replica: replica)
}

/// A channel event's fields (replicas-v1 5.1).
private func decodeChannel(_ c: ChannelKind, _ o: JSONObject) throws(FieldError) -> ChannelEvent {
    func match() throws(FieldError) -> MessageSelector {
        var op: OpID?
        if let text = try o.replicaName("op") {
            guard let id = OpID(parsing: text) else {
                throw FieldError(field: "op", "field \"op\" must be an operation ID REPLICA#N (N >= 1), got \(Format.quoted(text))")
            }
            op = id
        }
        return MessageSelector(to: try o.requiredReplicaName("to"), from: try o.replicaName("from"), op: op)
    }
    switch c {
    case .deliver: return .deliver(try match())
    case .lose: return .lose(try match())
    case .duplicate: return .duplicate(try match())
    case .partition:
        let v = try o.required("groups", "an array of arrays of replica IDs")
        guard v.kind == .array else {
            throw FieldError(field: "groups", "field \"groups\" must be an array of arrays of replica IDs, got \(v.text)")
        }
        var groups: [[String]] = []
        for i in 0..<v.count {
            guard let g = v.element(i) else {
                throw FieldError(field: "groups", "field \"groups\" must be an array of arrays of replica IDs; element \(i) is null")
            }
            groups.append(try o._replicaNames(g, "groups[\(i)]"))
        }
        return .partition(groups: groups)
    case .heal: return .heal
    case .quiesce: return .quiesce
    }
}

/// A mutation line's fields (spec 2.2).
@inline(__always)
private func decodeMutation(_ m: MutationKind, _ o: JSONObject) throws(FieldError) -> RecordedEvent.Kind {
    switch m {
    case .insert:
        return .mutation(
            .insert(items: try o.requiredIDs("items"), collection: try o.id("collection"), index: try o.integer("index", min: 0)))
    case .delete: return .mutation(.delete(items: try o.requiredIDs("items")))
    case .relocate: return try decodeRelocate(o)
    case .update: return .mutation(.update(item: try o.requiredID("item")))
    case .reload:
        let specs = try decodeCollections(o.required("collections", "an array of collections"), "collections")
        // Checked here, where each collection's own `locked` list is known:
        // the mutation keeps the locks as one list.
        try RecordingValidator.checkCollections(specs, field: "collections")
        return .mutation(.reload(collections: specs.map(\.collection), locked: specs.flatMap(\.locked)))
    case .enable: return .mutation(.setEnabled(true))
    case .disable: return .mutation(.setEnabled(false))
    case .lock: return .mutation(.lock(items: try o.requiredIDs("items")))
    case .unlock: return .mutation(.unlock(items: try o.requiredIDs("items")))
    }
}

/// A `lift` line: `ops` checked first (non-empty, each of `move` and
/// `copy` at most once), then its items, location and `external`.
@inline(__always)
private func decodeLift(_ o: JSONObject) throws(FieldError) -> RecordedEvent.Kind {
    var ops: DropOperation.Set = .move
    if let v = o.get("ops") {
        guard v.kind == .array, v.count > 0 else {
            throw FieldError(field: "ops", "field \"ops\" must be a non-empty array of \"move\" and \"copy\", got \(v.text)")
        }
        ops = []
        for i in 0..<v.count {
            let e = v.element(i)
            let name = e?.kind == .string ? e!.string : ""
            let op: DropOperation.Set
            switch name {
            case "move": op = .move
            case "copy": op = .copy
            default: throw FieldError(field: "ops", "field \"ops\" may hold only \"move\" and \"copy\", got \(e?.text ?? "null")")
            }
            if ops.contains(op) { throw FieldError(field: "ops", "field \"ops\" names \(Format.quoted(name)) twice") }
            ops.insert(op)
        }
    }
    return .lift(
        items: try o.requiredIDs("items"), x: try o.requiredNumber("x"), y: try o.requiredNumber("y"),
        ops: ops, external: try o.bool("external") ?? false)
}

/// A `drop` line: its location and `apply` (only `"deferred"`, or absent).
@inline(__always)
private func decodeDrop(_ o: JSONObject) throws(FieldError) -> RecordedEvent.Kind {
    let x = try o.requiredNumber("x")
    let y = try o.requiredNumber("y")
    var deferred = false
    if let apply = try o.string("apply") {
        guard apply == "deferred" else {
            throw FieldError(
                field: "apply", "field \"apply\" must be \"deferred\" (or absent for an immediate apply), got \(Format.quoted(apply))")
        }
        deferred = true
    }
    return .drop(x: x, y: y, deferred: deferred)
}

/// A `relocate` line: items, collection, a required `before` (an ID or
/// null) and `via` (only `"applier"`, or absent).
@inline(__always)
private func decodeRelocate(_ o: JSONObject) throws(FieldError) -> RecordedEvent.Kind {
    let items = try o.requiredIDs("items")
    let collection = try o.id("collection")
    guard o.member("before").present else {
        throw FieldError(field: nil, "missing field \"before\" (expected an ID, or null for the end)")
    }
    var viaApplier = false
    if let via = try o.string("via") {
        guard via == "applier" else {
            throw FieldError(
                field: "via", "field \"via\" must be \"applier\" (or absent for an outside reorder), got \(Format.quoted(via))")
        }
        viaApplier = true
    }
    let before = try o.id("before")
    guard viaApplier else { return .mutation(.relocate(items: items, collection: collection, before: before)) }
    return .viaApplier(ReorderDifference(sources: items, destination: .init(collectionID: collection, position: .init(anchor: before))))
}

private func decodeExpectation(_ o: JSONObject, version: Int) throws(FieldError) -> Expectation {
    var e = Expectation()
    e.order = try o.ids("order")
    if let cs = try o.object("collections") {
        var map: [StringID: [StringID]] = [:]
        for (k, v) in cs.value.members {
            guard let v else {
                throw FieldError(
                    field: "collections", "field \"\(Format.field("collections", key: k))\" must be an array of ID strings, got null")
            }
            map[StringID(k)] = try cs._ids(v, Format.field("collections", key: k))
        }
        e.collections = map
    }
    if let outcome = try o.string("outcome") {
        guard let parsed = Outcome(rawValue: outcome) else {
            throw FieldError(
                field: "outcome",
                "unknown outcome \(Format.quoted(outcome)) (expected one of \(Outcome.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")))"
            )
        }
        e.outcome = parsed
    }
    e.session = try o.integer("session", min: 0)
    if let d = try o.object("difference") {
        guard d.member("before").present else {
            throw FieldError(field: "difference", "missing field \"difference.before\" (expected an ID, or null for .end)")
        }
        e.difference = ExpectedDifference(
            sources: try d.requiredIDs("sources"), collection: try d.id("collection"), before: try d.id("before"))
    }
    if let op = try o.string("operation") {
        guard let parsed = DropOperation(rawValue: op) else {
            throw FieldError(field: "operation", "unknown operation \(Format.quoted(op)) (expected \"move\", \"copy\" or \"forbidden\")")
        }
        e.operation = parsed
    }
    try decodeSwipeExpectation(o, into: &e, version: version)
    if let rs = try o.object("replicas") {
        if version < 3 { throw RecordingValidator.needsVersion(3, field: "replicas", version: version) }
        var map: [String: ExpectedReplicaData] = [:]
        for (k, v) in rs.value.members {
            let field = Format.field("replicas", key: k)
            guard let v else {
                throw FieldError(field: "replicas", "field \"\(field)\" must be an array of IDs or {collection: [IDs]}, got null")
            }
            if v.kind == .object {
                var cs: [StringID: [StringID]] = [:]
                for (c, items) in v.members {
                    let inner = Format.field(field, key: c)
                    guard let items else {
                        throw FieldError(field: "replicas", "field \"\(inner)\" must be an array of ID strings, got null")
                    }
                    cs[StringID(c)] = try rs._ids(items, inner)
                }
                map[k] = .collections(cs)
            } else {
                map[k] = .order(try rs._ids(v, field))
            }
        }
        e.replicas = map
    }
    return e
}
