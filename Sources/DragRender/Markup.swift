import DragRecording

/// Escaping for the three contexts recording strings end up in. IDs are
/// arbitrary strings (spec 1: 1 to 256 bytes): `<`, `"`, `</script>`,
/// newlines and control characters all occur in fuzzed recordings.
enum Markup {
    /// Text or a quoted attribute value in HTML.
    static func html(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for ch in s.unicodeScalars {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// Text or a quoted attribute value in standalone SVG: `Format.xml`.
    static func xml(_ s: String) -> String { Format.xml(s) }

    /// JSON bytes made safe inside `<script>`: `<` (and `>`, `&`) as `\u003c`
    /// escapes, so no string can close the script or open a comment. These
    /// characters occur in JSON only inside strings, where the escape means
    /// the same character.
    private static let lt = Array("\\u003c".utf8), gt = Array("\\u003e".utf8), amp = Array("\\u0026".utf8)

    static func scriptSafe(_ json: [UInt8], into out: inout [UInt8]) {
        json.withUnsafeBytes { scriptSafe($0, into: &out) }
    }

    static func scriptSafe(_ json: UnsafeRawBufferPointer, into out: inout [UInt8]) {
        out.reserveCapacity(out.count + json.count + json.count / 64)
        // The runs between escapes are copied whole: a byte-by-byte append
        // checks capacity at every byte of a page of megabytes.
        json.withMemoryRebound(to: UInt8.self) { json in
            var run = 0
            for i in json.indices {
                let escape: [UInt8]
                switch json[i] {
                case UInt8(ascii: "<"): escape = lt
                case UInt8(ascii: ">"): escape = gt
                case UInt8(ascii: "&"): escape = amp
                default: continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: json[run..<i]))
                out.append(contentsOf: escape)
                run = i + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: json[run...]))
        }
    }
}
