#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DragRecording
import ReorderCore

/// Reads a dragrec v1 recording line by line (spec 1, 1.1, 2, 2.3).
///
/// Memory is bounded by the longest line and the live data, never by the
/// file's length. Every field, type and range is checked, the session grammar
/// too; the first bad line ends the read with an error naming line, column
/// and field. A final line cut off mid-write is dropped with a warning.
///
///     let reader = try RecordingReader(path: "corpora/regression/forward-move.jsonl")
///     while let event = try reader.next() { print(event.line, event.value.kind.type) }
public final class RecordingReader {
    public static let maxLineBytes = 1 << 20
    public static let maxDepth: Int32 = 32

    public let path: String
    public private(set) var header: RecordingHeader
    /// The line the header was read from.
    public private(set) var headerLine: Int
    /// Warnings so far (a truncated final line).
    public private(set) var warnings: [Diagnostic] = []
    /// The validator's state: what is still open when the file ends.
    public private(set) var validator: RecordingValidator

    private var source: _LineSource
    private let tokener = _JSONCTokener(maxDepth: RecordingReader.maxDepth)
    private let fd: Int32
    private var finished = false

    /// Opens `path` and reads its header.
    public convenience init(path: String) throws(RecordingError) {
        let fd = open(path, O_RDONLY)
        if fd < 0 { throw .io(path: path, message: "cannot open: \(String(cString: strerror(errno)))") }
        try self.init(source: _LineSource(fd: fd, path: path, limit: Self.maxLineBytes), fd: fd, path: path)
    }

    /// Reads a recording held in memory (tests, fuzzing).
    public convenience init(bytes: [UInt8], path: String = "<memory>") throws(RecordingError) {
        try self.init(source: _LineSource(bytes: bytes, limit: Self.maxLineBytes), fd: -1, path: path)
    }

    private init(source: _LineSource, fd: Int32, path: String) throws(RecordingError) {
        self.source = source
        self.fd = fd
        self.path = path
        // Placeholders until the header line is read below.
        header = RecordingHeader(layout: Layout(kind: .list(rowHeight: 1, spacing: 0, headerHeight: 0, heights: [:]), width: 1, height: 1), collections: [])
        headerLine = 0
        validator = try! RecordingValidator(header: RecordingHeader(
            layout: Layout(kind: .list(rowHeight: 1, spacing: 0, headerHeight: 0, heights: [:]), width: 1, height: 1),
            collections: [CollectionSpec(items: [])]))
        do {
            try readHeader()
        } catch {
            if fd >= 0 { close(fd) }
            throw error
        }
    }

    deinit { if fd >= 0 { close(fd) } }

    /// The next event, or `nil` at the end of the file.
    public func next() throws(RecordingError) -> Located<RecordedEvent>? {
        if finished { return nil }
        while let (number, root) = try nextObject() {
            defer { root.release() }
            let context = _LineContext(raw: currentLine, line: number, path: path)
            do {
                let event = try decodeEvent(root.value, context)
                try validator.check(event)
                return Located(line: number, event)
            } catch {
                throw .input(context.diagnostic(error))
            }
        }
        finished = true
        return nil
    }

    /// Reads every remaining event into memory.
    public func readAll() throws(RecordingError) -> [Located<RecordedEvent>] {
        var events: [Located<RecordedEvent>] = []
        while let e = try next() { events.append(e) }
        return events
    }

    // MARK: - Lines

    /// The line being decoded (valid until the next line is read).
    private var currentLine = UnsafeRawBufferPointer(start: nil, count: 0)

    /// The next non-blank line parsed as JSON, or `nil` at the end (after a
    /// truncated tail, with its warning).
    private func nextObject() throws(RecordingError) -> (Int, _JSONCRoot)? {
        while true {
            switch try source.next() {
            case .end:
                return nil
            case .tooLong(let number, let newline):
                let message = "line is longer than the limit of 1 MiB (\(Self.maxLineBytes) bytes)"
                if !newline { truncatedTail(number, message); return nil }
                throw .input(Diagnostic(path: path, line: number, message: message))
            case .line(let number, let line, let newline):
                currentLine = line
                let parsed: _JSONCTokener.Result?
                if _isBlank(line) {
                    parsed = nil
                } else if let problem = _strictProblem(line, maxDepth: Int(Self.maxDepth)) {
                    parsed = .failure(offset: problem.offset, message: problem.message)
                } else {
                    parsed = tokener.parse(line)
                }
                switch parsed {
                case nil: continue
                case .value(let root)?: return (number, root)
                case .failure(let offset, let message)?:
                    if !newline {
                        truncatedTail(number, message)
                        return nil
                    }
                    throw .input(Diagnostic(path: path, line: number, column: offset + 1, message: "not valid JSON: \(message)"))
                }
            }
        }
    }

    private func truncatedTail(_ line: Int, _ why: String) {
        warnings.append(Diagnostic(path: path, line: line, severity: .warning,
                                   message: "the last line has no newline and is not complete JSON (\(why)); ignored as a truncated tail"))
    }

    private func readHeader() throws(RecordingError) {
        guard let (number, root) = try nextObject() else {
            let cut = !warnings.isEmpty
            throw .input(Diagnostic(path: path, line: cut ? warnings[0].line : 1,
                                    message: cut ? "no header: the only line is cut off" : "empty file: expected a header line {\"format\":\"dragrec\",\"version\":1,...}"))
        }
        headerLine = number
        defer { root.release() }
        let context = _LineContext(raw: currentLine, line: number, path: path)
        do {
            header = try decodeHeader(root.value, context)
            validator = try RecordingValidator(header: header)
        } catch {
            throw .input(context.diagnostic(error))
        }
    }
}

// MARK: - Raw checks json-c does not make

/// Spaces, tabs and carriage returns only.
func _isBlank(_ line: UnsafeRawBufferPointer) -> Bool {
    for b in line where b != 0x20 && b != 0x09 && b != 0x0D { return false }
    return true
}

/// What json-c does not check in strict mode: single-quoted strings, raw
/// control characters inside strings, and the spec's nesting depth (json-c
/// counts a scalar as a level too). One fast pass looks for the suspicious
/// bytes; only when it finds some does a second pass track strings.
func _strictProblem(_ line: UnsafeRawBufferPointer, maxDepth: Int) -> (offset: Int, message: String)? {
    if _looksPlain(line, maxDepth: maxDepth) { return nil }
    var inString = false
    var escaped = false
    var depth = 0
    for (i, b) in line.enumerated() {
        if inString {
            if escaped { escaped = false; continue }
            if b == 0x5C { escaped = true } else if b == 0x22 { inString = false } else if b < 0x20 {
                return (i, "control character 0x\(String(b, radix: 16)) inside a string (write it escaped)")
            }
            continue
        }
        switch b {
        case 0x22: inString = true
        case 0x27: return (i, "single-quoted string (JSON strings use double quotes)")
        case 0x5B, 0x7B:
            depth += 1
            if depth > maxDepth { return (i, "nesting too deep: more than \(maxDepth) levels") }
        case 0x5D, 0x7D: depth -= 1
        case 0x09, 0x0D: break
        case 0..<0x20: return (i, "control character 0x\(String(b, radix: 16)) outside a string")
        default: break
        }
    }
    return nil
}

/// The fast pass, 16 bytes at a time: no `'`, no control byte, and too few
/// `[`/`{` to nest past `maxDepth`.
@inline(__always)
func _looksPlain(_ line: UnsafeRawBufferPointer, maxDepth: Int) -> Bool {
    guard let base = line.baseAddress else { return true }
    let n = line.count
    var i = 0
    var opens = 0
    let quote = SIMD16<UInt8>(repeating: 0x27), control = SIMD16<UInt8>(repeating: 0x20)
    let bracket = SIMD16<UInt8>(repeating: 0x5B), brace = SIMD16<UInt8>(repeating: 0x7B)
    let one = SIMD16<UInt8>(repeating: 1), zero = SIMD16<UInt8>(repeating: 0)
    while i + 16 <= n {
        let v = base.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self)
        if any((v .< control) .| (v .== quote)) { return false }
        opens &+= Int(zero.replacing(with: one, where: (v .== bracket) .| (v .== brace)).wrappedSum())
        i += 16
    }
    while i < n {
        let b = line[i]
        if b == 0x27 || b < 0x20 { return false }
        if b == 0x5B || b == 0x7B { opens += 1 }
        i += 1
    }
    return opens <= maxDepth
}

// MARK: - Field decoding

/// The raw line while it is decoded: for columns and overflow checks.
struct _LineContext {
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
    /// field path), or 1.
    func column(of field: String?) -> Int {
        guard let field else { return 1 }
        var key = field[...]
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

    /// json-c clamps integer overflow to Int64.min/max; a value there is
    /// genuine only when that literal is in the line.
    func isClamped(_ v: Int64) -> Bool {
        guard v == .max || v == .min else { return false }
        let literal = Array(String(v).utf8)
        func isNumberByte(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 || b == 0x2E || b == 0x65 || b == 0x45 }
        let genuine = firstOffset(of: literal) { i in
            let after = i + literal.count
            return (after == raw.count || !isNumberByte(raw[after])) && (i == 0 || !(raw[i - 1] >= 0x30 && raw[i - 1] <= 0x39))
        }
        return genuine == nil
    }

    /// The first offset where `needle` occurs in the line and `accept` holds.
    func firstOffset(of needle: [UInt8], where accept: (Int) -> Bool) -> Int? {
        guard !needle.isEmpty, raw.count >= needle.count else { return nil }
        var i = 0
        while i + needle.count <= raw.count {
            var match = true
            for j in 0..<needle.count where raw[i + j] != needle[j] { match = false; break }
            if match && accept(i) { return i }
            i += 1
        }
        return nil
    }
}

/// An object's members with typed, named accessors. A `null` member counts
/// as absent (spec 1).
struct _Object {
    let value: _JSONCValue
    let path: String
    let context: _LineContext

    func name(_ key: StaticString) -> String { path.isEmpty ? "\(key)" : "\(path).\(key)" }

    func get(_ key: StaticString) -> _JSONCValue? { value.member(key).value.flatMap { $0.kind == .null ? nil : $0 } }

    func required(_ key: StaticString, _ what: String) throws(FieldError) -> _JSONCValue {
        guard let v = get(key) else { throw FieldError(field: name(key), "missing field \"\(name(key))\" (expected \(what))") }
        return v
    }

    func number(_ key: StaticString) throws(FieldError) -> Double? {
        guard let v = get(key) else { return nil }
        return try _number(v, name(key))
    }

    func requiredNumber(_ key: StaticString) throws(FieldError) -> Double {
        try _number(required(key, "a finite number"), name(key))
    }

    func _number(_ v: _JSONCValue, _ field: @autoclosure () -> String) throws(FieldError) -> Double {
        switch v.kind {
        case .int:
            let i = v.int64
            if context.isClamped(i) { let field = field(); throw FieldError(field: field, "field \"\(field)\" overflows a 64-bit integer, got \(v.text)") }
            return Double(i)
        case .double:
            let d = v.double
            if !d.isFinite { let field = field(); throw FieldError(field: field, "field \"\(field)\" must be a finite number, got \(v.text)") }
            return d
        default:
            let field = field()
            throw FieldError(field: field, "field \"\(field)\" must be a finite number, got \(v.text)")
        }
    }

    func integer(_ key: StaticString, min: Int = 0) throws(FieldError) -> Int? {
        guard let v = get(key) else { return nil }
        return try _integer(v, name(key), min: min)
    }

    func _integer(_ v: _JSONCValue, _ field: @autoclosure () -> String, min: Int) throws(FieldError) -> Int {
        guard v.kind == .int else {
            let field = field()
            throw FieldError(field: field, "field \"\(field)\" must be an integer >= \(min) (no fraction or exponent), got \(v.text)")
        }
        let i = v.int64
        if context.isClamped(i) { let field = field(); throw FieldError(field: field, "field \"\(field)\" must fit in a 64-bit signed integer, got \(v.text)") }
        guard i >= Int64(min) else { let field = field(); throw FieldError(field: field, "field \"\(field)\" must be an integer >= \(min), got \(i)") }
        return Int(i)
    }

    func string(_ key: StaticString) throws(FieldError) -> String? {
        guard let v = get(key) else { return nil }
        guard v.kind == .string else { throw FieldError(field: name(key), "field \"\(name(key))\" must be a string, got \(v.text)") }
        return v.string
    }

    func bool(_ key: StaticString) throws(FieldError) -> Bool? {
        guard let v = get(key) else { return nil }
        guard v.kind == .bool else { throw FieldError(field: name(key), "field \"\(name(key))\" must be true or false, got \(v.text)") }
        return v.bool
    }

    /// An ID: a string of 1 to 256 bytes.
    func id(_ key: StaticString) throws(FieldError) -> String? {
        guard let s = try string(key) else { return nil }
        try RecordingValidator.checkIDs([s], field: name(key))
        return s
    }

    func requiredID(_ key: StaticString) throws(FieldError) -> String {
        guard let s = try id(key) else { throw FieldError(field: name(key), "missing field \"\(name(key))\" (expected an ID string)") }
        return s
    }

    func ids(_ key: StaticString) throws(FieldError) -> [String]? {
        guard let v = get(key) else { return nil }
        return try _ids(v, name(key))
    }

    func requiredIDs(_ key: StaticString) throws(FieldError) -> [String] {
        try _ids(required(key, "an array of ID strings"), name(key))
    }

    func _ids(_ v: _JSONCValue, _ field: @autoclosure () -> String) throws(FieldError) -> [String] {
        guard v.kind == .array else {
            let field = field()
            throw FieldError(field: field, "field \"\(field)\" must be an array of ID strings, got \(v.text)")
        }
        var result: [String] = []
        result.reserveCapacity(v.count)
        for i in 0..<v.count {
            guard let e = v.element(i), e.kind == .string else {
                let field = field()
                throw FieldError(field: field, "field \"\(field)\" must be an array of ID strings; element \(i) is \(v.element(i)?.text ?? "null")")
            }
            result.append(e.string)
        }
        try RecordingValidator.checkIDs(result, field: field())
        return result
    }

    func object(_ key: StaticString) throws(FieldError) -> _Object? {
        guard let v = get(key) else { return nil }
        guard v.kind == .object else { throw FieldError(field: name(key), "field \"\(name(key))\" must be an object, got \(v.text)") }
        return _Object(value: v, path: name(key), context: context)
    }

    func requiredObject(_ key: StaticString, _ what: String) throws(FieldError) -> _Object {
        guard let o = try object(key) else { throw FieldError(field: name(key), "missing field \"\(name(key))\" (expected \(what))") }
        return o
    }

    /// `{id: number > 0}` maps (`heights`, `widths`).
    func sizes(_ key: StaticString) throws(FieldError) -> [String: Double] {
        guard let o = try object(key) else { return [:] }
        var result: [String: Double] = [:]
        for (k, v) in o.value.members {
            let field = "\(o.path).\(k)"
            guard let v else { throw FieldError(field: o.path, "field \"\(field)\" must be a finite number > 0, got null") }
            result[k] = try _number(v, field)
        }
        return result
    }
}

func decodeHeader(_ root: _JSONCValue, _ context: _LineContext) throws(FieldError) -> RecordingHeader {
    guard root.kind == .object else {
        throw FieldError(field: nil, "the header must be a JSON object {\"format\":\"dragrec\",\"version\":1,...}, got \(root.text.prefix(40))")
    }
    let o = _Object(value: root, path: "", context: context)
    guard let format = try o.string("format") else {
        if let type = try? o.string("type") {
            throw FieldError(field: "type", "missing header: the first line must be {\"format\":\"dragrec\",\"version\":1,...}, got an event of type \"\(type)\"")
        }
        throw FieldError(field: nil, "missing field \"format\": the first line must be the header {\"format\":\"dragrec\",\"version\":1,...}")
    }
    guard format == "dragrec" else { throw FieldError(field: "format", "field \"format\" must be \"dragrec\", got \"\(format)\"") }
    let versionValue = try o.required("version", "the integer 1")
    let version = try o._integer(versionValue, "version", min: 0)
    guard version == 1 else { throw FieldError(field: "version", "unsupported version \(version): this reader reads dragrec version 1") }
    let container = try o.requiredObject("container", "an object with \"layout\" and \"collections\"")
    let layout = try decodeLayout(container.requiredObject("layout", "an object with \"kind\", \"width\" and \"height\""))
    let enabled = try container.bool("enabled") ?? true
    let collections = try decodeCollections(container.required("collections", "an array of collections"), "container.collections", context)
    let meta = o.get("meta").map(jsonValue)
    return RecordingHeader(layout: layout, enabled: enabled, collections: collections, meta: meta)
}

private func decodeLayout(_ l: _Object) throws(FieldError) -> Layout<String> {
    let kinds = ["list", "hstack", "grid", "board"]
    guard let kind = try l.string("kind") else { throw FieldError(field: l.name("kind"), "missing field \"\(l.name("kind"))\" (expected one of \"list\", \"hstack\", \"grid\", \"board\")") }
    let width = try l.requiredNumber("width")
    let height = try l.requiredNumber("height")
    let layoutKind: Layout<String>.Kind
    switch kind {
    case "list":
        layoutKind = .list(rowHeight: try l.requiredNumber("rowHeight"), spacing: try l.number("spacing") ?? 0,
                           headerHeight: try l.number("headerHeight") ?? 0, heights: try l.sizes("heights"))
    case "hstack":
        layoutKind = .hstack(itemWidth: try l.requiredNumber("itemWidth"), spacing: try l.number("spacing") ?? 0, widths: try l.sizes("widths"))
    case "grid":
        let columns = try l.integer("columns", min: 1)
        let minimum = try l.number("minimum")
        let spec: Layout<String>.GridColumns
        switch (columns, minimum) {
        case (let c?, nil): spec = .fixed(c)
        case (nil, let m?): spec = .adaptive(minimum: m)
        case (_?, _?): throw FieldError(field: l.name("minimum"), "a grid takes exactly one of \"columns\" and \"minimum\", got both")
        case (nil, nil): throw FieldError(field: l.path, "a grid needs exactly one of \"columns\" (integer >= 1) and \"minimum\" (> 0)")
        }
        layoutKind = .grid(columns: spec, rowHeight: try l.requiredNumber("rowHeight"), spacing: try l.number("spacing") ?? 0,
                           headerHeight: try l.number("headerHeight") ?? 0)
    case "board":
        layoutKind = .board(columnWidth: try l.requiredNumber("columnWidth"), spacing: try l.number("spacing") ?? 0,
                            rowHeight: try l.requiredNumber("rowHeight"), rowSpacing: try l.number("rowSpacing") ?? 0,
                            headerHeight: try l.number("headerHeight") ?? 0)
    default:
        throw FieldError(field: l.name("kind"), "unknown layout kind \"\(kind)\" (expected one of \(kinds.map { "\"\($0)\"" }.joined(separator: ", ")))")
    }
    return Layout(kind: layoutKind, width: width, height: height)
}

private func decodeCollections(_ v: _JSONCValue, _ field: String, _ context: _LineContext) throws(FieldError) -> [CollectionSpec] {
    guard v.kind == .array else { throw FieldError(field: field, "field \"\(field)\" must be an array of collections, got \(v.text)") }
    var result: [CollectionSpec] = []
    for i in 0..<v.count {
        let name = "\(field)[\(i)]"
        guard let e = v.element(i), e.kind == .object else {
            throw FieldError(field: field, "\(name) must be an object with \"items\", got \(v.element(i)?.text ?? "null")")
        }
        let c = _Object(value: e, path: name, context: context)
        result.append(CollectionSpec(id: try c.id("id"), items: try c.requiredIDs("items"), fixed: try c.ids("fixed") ?? [],
                                     locked: try c.ids("locked") ?? [], capacity: try c.integer("capacity", min: 0)))
    }
    return result
}

private func jsonValue(_ v: _JSONCValue?) -> JSONValue {
    guard let v else { return .null }
    switch v.kind {
    case .null: return .null
    case .bool: return .bool(v.bool)
    case .int: return .number(Double(v.int64))
    case .double: return v.double.isFinite ? .number(v.double) : .string(v.text)
    case .string: return .string(v.string)
    case .array: return .array((0..<v.count).map { jsonValue(v.element($0)) })
    case .object:
        var o: [String: JSONValue] = [:]
        for (k, x) in v.members { o[k] = jsonValue(x) }
        return .object(o)
    }
}

/// Event types, most frequent first (drags are mostly moves); `names` in the same order.
enum _EventType: Int {
    case move, lift, drop, cancel, apply, insert, delete, relocate, update, reload, enable, disable, lock, unlock, expect
    static let names: [StaticString] = ["move", "lift", "drop", "cancel", "apply", "insert", "delete", "relocate", "update",
                                        "reload", "enable", "disable", "lock", "unlock", "expect"]
}

func decodeEvent(_ root: _JSONCValue, _ context: _LineContext) throws(FieldError) -> RecordedEvent {
    guard root.kind == .object else { throw FieldError(field: nil, "an event must be a JSON object, got \(root.text.prefix(40))") }
    let o = _Object(value: root, path: "", context: context)
    guard let typeValue = o.get("type") else {
        if o.get("format") != nil { throw FieldError(field: "format", "a second header: only the first non-blank line is the header") }
        throw FieldError(field: nil, "missing field \"type\" (expected one of \(RecordedEvent.types.joined(separator: ", ")))")
    }
    guard typeValue.kind == .string else { throw FieldError(field: "type", "field \"type\" must be a string, got \(typeValue.text)") }
    // The common types first, compared as bytes: no String per line.
    guard let typeIndex = _EventType.names.firstIndex(where: typeValue.isString) else {
        let type = typeValue.string
        let suggestion = closestMatch(to: type, in: RecordedEvent.types).map { " Did you mean \"\($0)\"?" } ?? ""
        throw FieldError(field: "type", "unknown event type \"\(type)\".\(suggestion) (expected one of \(RecordedEvent.types.joined(separator: ", ")))")
    }
    let type = _EventType(rawValue: typeIndex)!
    let t = try o.requiredNumber("t")
    let kind: RecordedEvent.Kind
    switch type {
    case .lift:
        var ops: DropOperation.Set = .move
        if let v = o.get("ops") {
            guard v.kind == .array, v.count > 0 else { throw FieldError(field: "ops", "field \"ops\" must be a non-empty array of \"move\" and \"copy\", got \(v.text)") }
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
                if ops.contains(op) { throw FieldError(field: "ops", "field \"ops\" names \"\(name)\" twice") }
                ops.insert(op)
            }
        }
        kind = .lift(items: try o.requiredIDs("items"), x: try o.requiredNumber("x"), y: try o.requiredNumber("y"),
                     ops: ops, external: try o.bool("external") ?? false)
    case .move:
        kind = .move(x: try o.requiredNumber("x"), y: try o.requiredNumber("y"))
    case .drop:
        let x = try o.requiredNumber("x"), y = try o.requiredNumber("y")
        var deferred = false
        if let apply = try o.string("apply") {
            guard apply == "deferred" else { throw FieldError(field: "apply", "field \"apply\" must be \"deferred\" (or absent for an immediate apply), got \"\(apply)\"") }
            deferred = true
        }
        kind = .drop(x: x, y: y, deferred: deferred)
    case .cancel: kind = .cancel
    case .apply: kind = .apply
    case .insert:
        kind = .insert(items: try o.requiredIDs("items"), collection: try o.id("collection"), index: try o.integer("index", min: 0))
    case .delete: kind = .delete(items: try o.requiredIDs("items"))
    case .relocate:
        let items = try o.requiredIDs("items")
        let collection = try o.id("collection")
        guard o.value.member("before").present else {
            throw FieldError(field: nil, "missing field \"before\" (expected an ID, or null for the end)")
        }
        var viaApplier = false
        if let via = try o.string("via") {
            guard via == "applier" else { throw FieldError(field: "via", "field \"via\" must be \"applier\" (or absent for an outside reorder), got \"\(via)\"") }
            viaApplier = true
        }
        kind = .relocate(items: items, collection: collection, before: try o.id("before"), viaApplier: viaApplier)
    case .update: kind = .update(item: try o.requiredID("item"))
    case .reload: kind = .reload(collections: try decodeCollections(o.required("collections", "an array of collections"), "collections", context))
    case .enable: kind = .enable
    case .disable: kind = .disable
    case .lock: kind = .lock(items: try o.requiredIDs("items"))
    case .unlock: kind = .unlock(items: try o.requiredIDs("items"))
    case .expect: kind = .expect(try decodeExpectation(o))
    }
    let session = kind.isDragEvent ? try o.integer("session", min: 0) ?? 0 : 0
    return RecordedEvent(t: t, session: session, kind)
}

private func decodeExpectation(_ o: _Object) throws(FieldError) -> Expectation {
    var e = Expectation()
    e.order = try o.ids("order")
    if let cs = try o.object("collections") {
        var map: [String: [String]] = [:]
        for (k, v) in cs.value.members {
            guard let v else { throw FieldError(field: "collections", "field \"collections.\(k)\" must be an array of ID strings, got null") }
            map[k] = try cs._ids(v, "collections.\(k)")
        }
        e.collections = map
    }
    if let outcome = try o.string("outcome") {
        guard let parsed = Outcome(rawValue: outcome) else {
            throw FieldError(field: "outcome", "unknown outcome \"\(outcome)\" (expected one of \(Outcome.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")))")
        }
        e.outcome = parsed
    }
    e.session = try o.integer("session", min: 0)
    if let d = try o.object("difference") {
        guard d.value.member("before").present else {
            throw FieldError(field: "difference", "missing field \"difference.before\" (expected an ID, or null for .end)")
        }
        e.difference = ExpectedDifference(sources: try d.requiredIDs("sources"), collection: try d.id("collection"), before: try d.id("before"))
    }
    if let op = try o.string("operation") {
        guard let parsed = DropOperation(rawValue: op) else {
            throw FieldError(field: "operation", "unknown operation \"\(op)\" (expected \"move\", \"copy\" or \"forbidden\")")
        }
        e.operation = parsed
    }
    return e
}
