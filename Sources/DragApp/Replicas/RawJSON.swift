/// Byte ranges of values inside a JSON text that is already known to be
/// valid (`parseJSON` accepted it): how a payload is carried byte for byte
/// instead of re-serialised.
enum RawJSON {
    /// The members of the object at `range`: each name with its value's range.
    /// - Complexity: O(length of the object).
    static func members(_ b: [UInt8], _ range: Range<Int>) -> [String: Range<Int>] {
        var out: [String: Range<Int>] = [:]
        var i = skipSpace(b, range.lowerBound)
        guard i < range.upperBound, b[i] == UInt8(ascii: "{") else { return out }
        i += 1
        while true {
            i = skipSpace(b, i)
            if i >= range.upperBound || b[i] == UInt8(ascii: "}") { return out }
            if b[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            let keyEnd = skipValue(b, i)
            let key = name(b, i..<keyEnd)
            i = skipSpace(b, keyEnd)
            i = skipSpace(b, i + 1)  // the colon
            let end = skipValue(b, i)
            out[key] = i..<end
            i = end
        }
    }

    /// The elements of the array at `range`.
    /// - Complexity: O(length of the array).
    static func elements(_ b: [UInt8], _ range: Range<Int>) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var i = skipSpace(b, range.lowerBound)
        guard i < range.upperBound, b[i] == UInt8(ascii: "[") else { return out }
        i += 1
        while true {
            i = skipSpace(b, i)
            if i >= range.upperBound || b[i] == UInt8(ascii: "]") { return out }
            if b[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            let end = skipValue(b, i)
            out.append(i..<end)
            i = end
        }
    }

    static func skipSpace(_ b: [UInt8], _ start: Int) -> Int {
        var i = start
        while i < b.count, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D { i += 1 }
        return i
    }

    /// The index just past the value starting at `start`.
    static func skipValue(_ b: [UInt8], _ start: Int) -> Int {
        var i = start
        guard i < b.count else { return i }
        switch b[i] {
        case UInt8(ascii: "\""):
            i += 1
            while i < b.count, b[i] != UInt8(ascii: "\"") { i += b[i] == UInt8(ascii: "\\") ? 2 : 1 }
            return min(i + 1, b.count)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while i < b.count {
                switch b[i] {
                case UInt8(ascii: "\""):
                    i = skipValue(b, i)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default: break
                }
                i += 1
            }
            return i
        default:
            while i < b.count, !",}] \t\r\n".utf8.contains(b[i]) { i += 1 }
            return i
        }
    }

    /// A member name: the string's bytes (names the protocol uses have no escapes).
    static func name(_ b: [UInt8], _ range: Range<Int>) -> String {
        guard range.count >= 2 else { return "" }
        return String(decoding: b[(range.lowerBound + 1)..<(range.upperBound - 1)], as: UTF8.self)
    }
}
