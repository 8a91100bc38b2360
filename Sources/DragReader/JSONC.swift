// The one place that calls json-c. Everything else in the package sees
// `JSONCTokener` and `JSONCValue`, never a json-c pointer.
import CJSONC
import DragRecording
import DragSystem

/// A reusable json-c tokener in strict mode with UTF-8 validation. Strict
/// json-c still accepts single-quoted keys, `NaN`, `Infinity`, raw control
/// characters in strings and clamps integer overflow: the reader checks those.
final class JSONCTokener {
    private let tokener: UnsafeMutablePointer<json_tokener>

    /// `maxDepth` counts the top-level value as depth 1. json-c counts a
    /// scalar as a level of its own, so it gets one more; the reader checks
    /// the spec's depth itself before json-c sees the line.
    init(maxDepth: Int32) {
        // Only allocation failure returns nil; there is nothing to recover then.
        tokener = json_tokener_new_ex(maxDepth + 1)!
        json_tokener_set_flags(tokener, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8)
    }

    deinit { json_tokener_free(tokener) }

    enum Result {
        case value(JSONCRoot)
        /// A parse error at a byte offset, with the whole message (json-c's
        /// description after "not valid JSON: ").
        case failure(offset: Int, message: String)
        /// A complete JSON value the reader refuses (a key given twice,
        /// `parseStrictly`): an error even on a last line with no newline,
        /// which is no truncated tail.
        case refused(offset: Int, message: String)
    }

    /// Parses one complete JSON text.
    func parse(_ bytes: UnsafeRawBufferPointer) -> Result {
        json_tokener_reset(tokener)
        let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self) ?? UnsafePointer<CChar>(bitPattern: 1)!
        // In the "C" locale json-c's own switch to it per call costs nothing (`ThreadLocale`).
        let object = ThreadLocale.inC { json_tokener_parse_ex(tokener, base, Int32(clamping: bytes.count)) }
        let error = json_tokener_get_error(tokener)
        let end = Int(json_tokener_get_parse_end(tokener))
        if let object, error == json_tokener_success {
            return .value(JSONCRoot(object))
        }
        if let object { json_object_put(object) }
        if error == json_tokener_continue || (object == nil && error == json_tokener_success) {
            return .failure(offset: bytes.count, message: "not valid JSON: unexpected end of line: the JSON value is not complete")
        }
        return .failure(offset: end, message: "not valid JSON: " + String(cString: json_tokener_error_desc(error)))
    }
}

/// A parsed tree. Values borrowed from it live until `release()`, which the
/// reader calls once per line (a struct, not a class: no allocation per line).
struct JSONCRoot {
    let value: JSONCValue
    init(_ object: OpaquePointer) { value = JSONCValue(object) }
    func release() { json_object_put(value.object) }
}

/// A borrowed json-c value.
struct JSONCValue {
    let object: OpaquePointer
    init(_ object: OpaquePointer) { self.object = object }

    enum Kind { case null, bool, double, int, object, array, string }

    var kind: Kind {
        switch json_object_get_type(object) {
        case json_type_boolean: .bool
        case json_type_double: .double
        case json_type_int: .int
        case json_type_object: .object
        case json_type_array: .array
        case json_type_string: .string
        default: .null
        }
    }

    var bool: Bool { json_object_get_boolean(object) != 0 }
    var int64: Int64 { json_object_get_int64(object) }
    var double: Double { json_object_get_double(object) }

    var string: String {
        let length = Int(json_object_get_string_len(object))
        guard let p = json_object_get_string(object) else { return "" }
        return p.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// The bytes of a string value, borrowed from the tree (valid until
    /// `release()`); `nil` for other kinds.
    var stringBytes: UnsafeBufferPointer<UInt8>? {
        guard json_object_get_type(object) == json_type_string, let p = json_object_get_string(object) else { return nil }
        let length = Int(json_object_get_string_len(object))
        return UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: length)
    }

    var count: Int { Int(json_object_array_length(object)) }

    func element(_ i: Int) -> JSONCValue? {
        json_object_array_get_idx(object, i).map(JSONCValue.init)
    }

    /// An object's number of members (distinct keys).
    var memberCount: Int { Int(json_object_object_length(object)) }

    /// The members of every object in the tree, each object counted once
    /// per distinct key (json-c keeps one member per key).
    /// - Complexity: O(n) for n values in the tree.
    var distinctKeysInTree: Int {
        switch json_object_get_type(object) {
        case json_type_object:
            guard let table = json_object_get_object(object) else { return 0 }
            var total = Int(table.pointee.count)
            var entry = lh_table_head(table)
            while let e = entry {
                if let v = lh_entry_v(e) { total += JSONCValue(OpaquePointer(v)).distinctKeysInTree }
                entry = lh_entry_next(e)
            }
            return total
        case json_type_array:
            var total = 0
            for i in 0..<count { total += element(i)?.distinctKeysInTree ?? 0 }
            return total
        default: return 0
        }
    }

    /// Every member, in file order.
    var members: [(String, JSONCValue?)] {
        var result: [(String, JSONCValue?)] = []
        var it = json_object_iter_begin(object)
        var end = json_object_iter_end(object)
        while json_object_iter_equal(&it, &end) == 0 {
            let name = String(cString: json_object_iter_peek_name(&it))
            result.append((name, json_object_iter_peek_value(&it).map(JSONCValue.init)))
            json_object_iter_next(&it)
        }
        return result
    }

    /// The value as compact JSON, for messages ("got 1e999"): at most 64
    /// characters (a 1 MiB array is not echoed whole), and with every
    /// character a terminal could act on escaped (json-c escapes only the
    /// C0 controls; DEL, C1 controls and bidirectional overrides pass).
    var text: String {
        let json = String(cString: json_object_to_json_string_ext(object, JSON_C_TO_STRING_PLAIN))
        let shown = json.unicodeScalars.count <= 64 ? json : String(String.UnicodeScalarView(json.unicodeScalars.prefix(60))) + " ..."
        return SafeText.escapingControls(shown)
    }
}

/// A borrowed json-c object, its member table fetched once: a decoder asks
/// an event line's object for 3 to 7 members.
struct JSONCObject {
    let value: JSONCValue
    /// `nil` when the value is not an object.
    private let table: UnsafeMutablePointer<lh_table>?

    init(_ value: JSONCValue) {
        self.value = value
        table = json_object_get_object(value.object)
    }

    /// The member `key`; `nil` when absent. A `null` member is returned as a
    /// value of kind `.null` (json-c represents it as a null pointer).
    /// Keys are static: literals are NUL-terminated in the binary, so no C
    /// string is built per lookup.
    ///
    /// A small object (an event line has 3 to 7 members) is searched along
    /// json-c's entry list in file order, comparing key bytes: no hash of
    /// the key per lookup, and the decoders ask for fields in about the
    /// order files write them. json-c keeps one entry per key, and the
    /// reader refuses a line that repeats one (`parseStrictly`), so the
    /// answer is the hash lookup's. A larger object gets the hash lookup.
    /// - Complexity: O(m) for an object of m <= `linearMembers` members, O(1) expected above.
    @inline(__always)
    func member(_ key: StaticString) -> (present: Bool, value: JSONCValue?) {
        guard let table else { return (false, nil) }
        let wanted = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
        if table.pointee.count <= Self.linearMembers {
            var entry = lh_table_head(table)
            while let e = entry {
                if let k = lh_entry_k(e), Self.key(k, equals: wanted) {
                    return (true, lh_entry_v(e).map { JSONCValue(OpaquePointer($0)) })
                }
                entry = lh_entry_next(e)
            }
            return (false, nil)
        }
        var out: OpaquePointer?
        let found = json_object_object_get_ex(value.object, UnsafeRawPointer(key.utf8Start).assumingMemoryBound(to: CChar.self), &out) != 0
        return (found, out.map(JSONCValue.init))
    }

    /// Objects up to this many members are searched linearly by `member`.
    static let linearMembers: Int32 = 16

    /// Whether the NUL-terminated `key` is `wanted`, byte by byte (what
    /// json-c's `strcmp` decides; the scan stops at `key`'s NUL, which
    /// differs from every byte of `wanted`).
    @inline(__always)
    private static func key(_ key: UnsafeRawPointer, equals wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        for i in 0..<wanted.count where key.load(fromByteOffset: i, as: UInt8.self) != wanted[i] { return false }
        return key.load(fromByteOffset: wanted.count, as: UInt8.self) == 0
    }
}
