import DragRecording
import ReorderCore
import ReorderReplicas
import ReorderSwipe

func decodeHeader(_ root: JSONCValue) throws(FieldError) -> RecordingHeader {
    guard root.kind == .object else {
        throw FieldError(
            field: nil, "the header must be a JSON object {\"format\":\"dragrec\",\"version\":1,...}, got \(root.text.prefix(40))")
    }
    let o = JSONObject(value: root, path: "")
    guard let format = try o.string("format") else {
        if let type = try? o.string("type") {
            throw FieldError(
                field: "type",
                "missing header: the first line must be {\"format\":\"dragrec\",\"version\":1,...}, got an event of type \(Format.quoted(type))"
            )
        }
        throw FieldError(
            field: nil, "missing field \"format\": the first line must be the header {\"format\":\"dragrec\",\"version\":1,...}")
    }
    guard format == "dragrec" else {
        throw FieldError(field: "format", "field \"format\" must be \"dragrec\", got \(Format.quoted(format))")
    }
    let versionValue = try o.required("version", "the integer 1, 2 or 3")
    let version = try o._integer(versionValue, "version", min: 0)
    guard RecordingHeader.supportedVersions.contains(version) else { throw RecordingValidator.unsupportedVersion(version) }
    let container = try o.requiredObject("container", "an object with \"layout\" and \"collections\"")
    let layout = try decodeLayout(container.requiredObject("layout", "an object with \"kind\", \"width\" and \"height\""))
    let enabled = try container.bool("enabled") ?? true
    let collections = try decodeCollections(container.required("collections", "an array of collections"), "container.collections")
    var swipe: SwipeConfiguration<StringID>?
    if let section = try container.object("swipe") {
        if version < 2 { throw RecordingValidator.needsVersion2(field: section.path, version: version) }
        swipe = try decodeSwipe(section)
    }
    var replicas: ReplicasSpec?
    if let section = try o.object("replicas") {
        if version < 3 { throw RecordingValidator.needsVersion(3, field: "replicas", version: version) }
        replicas = try decodeReplicas(section)
    }
    let meta = o.get("meta").map(jsonValue)
    let world = o.get("world").map(jsonValue)
    return RecordingHeader(
        version: version, layout: layout, enabled: enabled, collections: collections, swipe: swipe, replicas: replicas, meta: meta,
        world: world)
}

/// The header's `replicas` (replicas-v1 1); the validator checks the IDs.
private func decodeReplicas(_ r: JSONObject) throws(FieldError) -> ReplicasSpec {
    func choice<T: RawRepresentable & CaseIterable>(_ o: JSONObject, _ key: StaticString, _ default: T?) throws(FieldError) -> T
    where T.RawValue == String {
        let names = T.allCases.map { Format.quoted($0.rawValue) }.joined(separator: " or ")
        guard let name = try o.string(key) else {
            if let d = `default` { return d }
            throw o.missing(key, names)
        }
        guard let value = T(rawValue: name) else {
            throw FieldError(field: o.name(key), "field \"\(o.name(key))\" must be \(names), got \(Format.quoted(name))")
        }
        return value
    }
    var options = ReplicaOptions(deletes: try choice(r, "deletes", .win), blocks: try choice(r, "blocks", .whole))
    if let channel = try r.object("channel"), try choice(channel, "delivery", ChannelDelivery.manual) == .auto {
        var links: [Link: Int] = [:]
        if let object = try channel.object("links") {
            for (k, v) in object.value.members {
                let field = Format.field(object.path, key: k)
                guard let v else { throw FieldError(field: field, "field \"\(field)\" must be an integer >= 0, got null") }
                let ends = k.split(separator: ">", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                guard ends.count == 2 else {
                    throw FieldError(field: object.path, "link \(Format.quoted(k)) must be \"FROM>TO\" (e.g. \"A>server\")")
                }
                links[Link(from: ends[0], to: ends[1])] = try object._integer(v, field, min: 0)
            }
        }
        options.delivery = .auto(latency: try channel.integer("latency", min: 0) ?? 0, links: links)
    }
    return ReplicasSpec(ids: try r.requiredReplicaNames("ids"), merge: try choice(r, "merge", nil), options: options)
}

/// `channel.delivery`'s words.
private enum ChannelDelivery: String, CaseIterable {
    case manual, auto
}

private func decodeLayout(_ l: JSONObject) throws(FieldError) -> Layout<StringID> {
    guard let kindName = try l.string("kind") else {
        throw FieldError(field: l.name("kind"), "missing field \"\(l.name("kind"))\" (expected one of \(LayoutKind.quotedList))")
    }
    let width = try l.requiredNumber("width")
    let height = try l.requiredNumber("height")
    guard let kind = LayoutKind(rawValue: kindName) else {
        throw FieldError(field: l.name("kind"), "unknown layout kind \(Format.quoted(kindName)) (expected one of \(LayoutKind.quotedList))")
    }
    return try Layout(kind, width: width, height: height, fields: LayoutFields(l))
}

/// A layout's fields by role (`Layout.visitFields`), from the header's JSON.
private struct LayoutFields: LayoutFieldReader {
    let l: JSONObject
    init(_ l: JSONObject) { self.l = l }

    func size(_ name: StaticString) throws(FieldError) -> Double { try l.requiredNumber(name) }
    func spacing(_ name: StaticString) throws(FieldError) -> Double { try l.number(name) ?? 0 }
    func sizes(_ name: StaticString) throws(FieldError) -> [StringID: Double] { try l.sizes(name) }

    func columns() throws(FieldError) -> Layout<StringID>.GridColumns {
        let columns = try l.integer("columns", min: 1)
        let minimum = try l.number("minimum")
        switch (columns, minimum) {
        case (let c?, nil): return .fixed(c)
        case (nil, let m?): return .adaptive(minimum: m)
        case (_?, _?): throw FieldError(field: l.name("minimum"), "a grid takes exactly one of \"columns\" and \"minimum\", got both")
        case (nil, nil): throw FieldError(field: l.path, "a grid needs exactly one of \"columns\" (integer >= 1) and \"minimum\" (> 0)")
        }
    }
}

func decodeCollections(_ v: JSONCValue, _ field: String) throws(FieldError) -> [CollectionSpec] {
    guard v.kind == .array else { throw FieldError(field: field, "field \"\(field)\" must be an array of collections, got \(v.text)") }
    var result: [CollectionSpec] = []
    for i in 0..<v.count {
        let name = "\(field)[\(i)]"
        guard let e = v.element(i), e.kind == .object else {
            throw FieldError(field: field, "\(name) must be an object with \"items\", got \(v.element(i)?.text ?? "null")")
        }
        let c = JSONObject(value: e, path: name)
        result.append(
            CollectionSpec(
                id: try c.id("id"), items: try c.requiredIDs("items"), fixed: try c.ids("fixed") ?? [],
                locked: try c.ids("locked") ?? [], capacity: try c.integer("capacity", min: 0)))
    }
    return result
}

func jsonValue(_ v: JSONCValue?) -> JSONValue {
    guard let v else { return .null }
    switch v.kind {
    case .null: return .null
    case .bool: return .bool(v.bool)
    // json-c's int is an integer literal; the strict pre-scan refused any
    // past 64 bits, so `int64` is exact (never through a Double).
    case .int: return .integer(v.int64)
    case .double: return v.double.isFinite ? .number(v.double) : .string(v.text)
    case .string: return .string(v.string)
    case .array: return .array((0..<v.count).map { jsonValue(v.element($0)) })
    case .object:
        var o: [String: JSONValue] = [:]
        for (k, x) in v.members { o[k] = jsonValue(x) }
        return .object(o)
    }
}
