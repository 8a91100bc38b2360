import DragRecording
import DragSystem
import ReorderCore

/// The raw line while it is decoded: for columns.
struct LineContext {
    let raw: UnsafeRawBufferPointer
    let line: Int
    let path: String

    func diagnostic(_ error: Error) -> Diagnostic {
        if let f = error as? FieldError {
            return Diagnostic(path: path, line: line, column: column(of: f.field), message: f.message)
        }
        return Diagnostic(path: path, line: line, message: "\(error)")
    }

    /// The column of `"key"` followed by `:` (the last component of a dotted
    /// field path; for a map key written `base["key"]`, the map's own key),
    /// or 1. Only an error asks, once.
    func column(of field: String?) -> Int {
        guard let field else { return 1 }
        var key = field[...]
        if let bracket = key.firstRange(of: "[\"") { key = key[..<bracket.lowerBound] }
        if let dot = key.lastIndex(of: ".") { key = key[key.index(after: dot)...] }
        if let bracket = key.firstIndex(of: "[") { key = key[..<bracket] }
        let needle = Array("\"\(key)\"".utf8)
        guard needle.count > 2 else { return 1 }
        let offset = firstOffset(of: needle) { i in
            var k = i + needle.count
            while k < raw.count, raw[k] == 0x20 || raw[k] == 0x09 { k += 1 }
            return k < raw.count && raw[k] == UInt8(ascii: ":")
        }
        return offset.map { $0 + 1 } ?? 1
    }

    /// The first offset where `needle` occurs in the line and `accept` holds.
    func firstOffset(of needle: [UInt8], where accept: (Int) -> Bool) -> Int? {
        guard !needle.isEmpty, raw.count >= needle.count else { return nil }
        var i = 0
        while i + needle.count <= raw.count {
            var match = true
            for j in 0..<needle.count where raw[i + j] != needle[j] {
                match = false
                break
            }
            if match && accept(i) { return i }
            i += 1
        }
        return nil
    }
}

/// An object's members with typed, named accessors. A `null` member counts
/// as absent (spec 1).
///
/// The accessors that look a key up are inlined where they are called: the
/// key is then a constant, and comparing it with each member's key takes a
/// few instructions, where a lookup through a runtime key would be a large
/// part of a line's decoding. What they throw is built out of line.
struct JSONObject {
    private let members: JSONCObject
    let path: String
    var value: JSONCValue { members.value }

    init(value: JSONCValue, path: String) {
        members = JSONCObject(value)
        self.path = path
    }

    func name(_ key: StaticString) -> String { path.isEmpty ? "\(key)" : "\(path).\(key)" }

    /// The member `key`, and whether it is there (a `null` member is, with no value).
    @inline(__always)
    func member(_ key: StaticString) -> (present: Bool, value: JSONCValue?) { members.member(key) }

    /// json-c parses `null` to no object at all, so a present `null` member
    /// has no value here either (no type to ask of each member found).
    @inline(__always)
    func get(_ key: StaticString) -> JSONCValue? { members.member(key).value }

    /// `missing field "key" (expected what)`.
    @inline(never)
    func missing(_ key: StaticString, _ what: String) -> FieldError {
        FieldError(field: name(key), "missing field \"\(name(key))\" (expected \(what))")
    }

    /// `field "key" must be ..., got value`.
    @inline(never)
    func mistyped(_ key: StaticString, _ must: String, _ v: JSONCValue) -> FieldError {
        FieldError(field: name(key), "field \"\(name(key))\" \(must), got \(v.text)")
    }

    @inline(__always)
    func required(_ key: StaticString, _ what: String) throws(FieldError) -> JSONCValue {
        guard let v = get(key) else { throw missing(key, what) }
        return v
    }

    @inline(__always)
    func number(_ key: StaticString) throws(FieldError) -> Double? {
        guard let v = get(key) else { return nil }
        return try _number(v, name(key))
    }

    @inline(__always)
    func requiredNumber(_ key: StaticString) throws(FieldError) -> Double {
        try _number(required(key, "a finite number"), name(key))
    }

    func _number(_ v: JSONCValue, _ field: @autoclosure () -> String) throws(FieldError) -> Double {
        switch v.kind {
        case .int:
            // Exact: the strict pre-scan refused every integer past 64 bits.
            return Double(v.int64)
        case .double:
            let d = v.double
            if !d.isFinite {
                let field = field()
                throw FieldError(field: field, "field \"\(field)\" must be a finite number, got \(v.text)")
            }
            return d
        default:
            let field = field()
            throw FieldError(field: field, "field \"\(field)\" must be a finite number, got \(v.text)")
        }
    }

    @inline(__always)
    func integer(_ key: StaticString, min: Int = 0) throws(FieldError) -> Int? {
        guard let v = get(key) else { return nil }
        return try _integer(v, name(key), min: min)
    }

    func _integer(_ v: JSONCValue, _ field: @autoclosure () -> String, min: Int) throws(FieldError) -> Int {
        guard v.kind == .int else {
            let field = field()
            throw FieldError(field: field, "field \"\(field)\" must be an integer >= \(min) (no fraction or exponent), got \(v.text)")
        }
        let i = v.int64  // exact: the strict pre-scan refused every integer past 64 bits
        guard i >= Int64(min) else {
            let field = field()
            throw FieldError(field: field, "field \"\(field)\" must be an integer >= \(min), got \(i)")
        }
        return Int(i)
    }

    @inline(__always)
    func string(_ key: StaticString) throws(FieldError) -> String? {
        guard let v = get(key) else { return nil }
        guard v.kind == .string else { throw mistyped(key, "must be a string", v) }
        return v.string
    }

    @inline(__always)
    func bool(_ key: StaticString) throws(FieldError) -> Bool? {
        guard let v = get(key) else { return nil }
        guard v.kind == .bool else { throw mistyped(key, "must be true or false", v) }
        return v.bool
    }

    /// An ID: a string of 1 to 256 bytes.
    @inline(__always)
    func id(_ key: StaticString) throws(FieldError) -> StringID? {
        guard let s = try string(key) else { return nil }
        let id = StringID(s)
        try RecordingValidator.checkIDs([id], field: name(key))
        return id
    }

    @inline(__always)
    func requiredID(_ key: StaticString) throws(FieldError) -> StringID {
        guard let s = try id(key) else { throw missing(key, "an ID string") }
        return s
    }

    @inline(__always)
    func ids(_ key: StaticString) throws(FieldError) -> [StringID]? {
        guard let v = get(key) else { return nil }
        return try _ids(v, name(key))
    }

    @inline(__always)
    func requiredIDs(_ key: StaticString) throws(FieldError) -> [StringID] {
        try _ids(required(key, "an array of ID strings"), name(key))
    }

    func _ids(_ v: JSONCValue, _ field: @autoclosure () -> String) throws(FieldError) -> [StringID] {
        guard v.kind == .array else {
            let field = field()
            throw FieldError(field: field, "field \"\(field)\" must be an array of ID strings, got \(v.text)")
        }
        var result: [StringID] = []
        result.reserveCapacity(v.count)
        for i in 0..<v.count {
            guard let e = v.element(i), e.kind == .string else {
                let field = field()
                throw FieldError(
                    field: field, "field \"\(field)\" must be an array of ID strings; element \(i) is \(v.element(i)?.text ?? "null")")
            }
            result.append(StringID(e.string))
        }
        try RecordingValidator.checkIDs(result, field: field())
        return result
    }

    /// A replica's id: a name under the rules of IDs, kept as text.
    func replicaName(_ key: StaticString) throws(FieldError) -> String? { try id(key)?.string }

    func requiredReplicaName(_ key: StaticString) throws(FieldError) -> String { try requiredID(key).string }

    func requiredReplicaNames(_ key: StaticString) throws(FieldError) -> [String] { try requiredIDs(key).map(\.string) }

    func _replicaNames(_ v: JSONCValue, _ field: @autoclosure () -> String) throws(FieldError) -> [String] {
        try _ids(v, field()).map(\.string)
    }

    @inline(__always)
    func object(_ key: StaticString) throws(FieldError) -> JSONObject? {
        guard let v = get(key) else { return nil }
        guard v.kind == .object else { throw mistyped(key, "must be an object", v) }
        return JSONObject(value: v, path: name(key))
    }

    func requiredObject(_ key: StaticString, _ what: String) throws(FieldError) -> JSONObject {
        guard let o = try object(key) else { throw missing(key, what) }
        return o
    }

    /// `{id: number > 0}` maps (`heights`, `widths`).
    func sizes(_ key: StaticString) throws(FieldError) -> [StringID: Double] {
        guard let o = try object(key) else { return [:] }
        var result: [StringID: Double] = [:]
        for (k, v) in o.value.members {
            let field = Format.field(o.path, key: k)
            guard let v else { throw FieldError(field: field, "field \"\(field)\" must be a finite number > 0, got null") }
            // json-c keeps one member per key (its bytes): no key is seen twice.
            result[StringID(k)] = try _number(v, field)
        }
        return result
    }
}
