import DragRecording
import DragSystem

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

    /// Text (an ID, a collection's name) as the SVG shows it: every scalar
    /// `SafeText.isUnsafe` names written as `SafeText.escapingControls` writes
    /// it, in a `tspan` of class `esc` drawn apart from the text around it,
    /// so "pay\u{200B}-rent" never reads as "pay-rent" and U+FFFE is
    /// `\ufffe`, not U+FFFD; the rest as `xml`. Text content only.
    static func shownXML(_ s: String) -> String {
        if SafeText.isPlain(s) { return xml(s) }
        var out = ""
        var plain = ""
        for scalar in s.unicodeScalars {
            guard SafeText.isUnsafe(scalar) else {
                plain.unicodeScalars.append(scalar)
                continue
            }
            out += xml(plain) + escapeStart + SafeText.escapingControls(String(scalar)) + "</tspan>"
            plain = ""
        }
        return out + xml(plain)
    }

    /// How an escape is set apart in the SVG (the page's `tspan.esc` in page.css).
    static let escapeStart = ##"<tspan class="esc" fill="#7c3aed" font-style="italic" text-decoration="underline">"##

    /// The scalars `SafeText.isUnsafe` names, as ranges `[first, last]` in
    /// order: the page's document carries them (`unsafe`), so the page
    /// escapes what the terminal escapes without a list of its own.
    /// - Complexity: O(1) after the first call (which asks the predicate
    ///   of every scalar once).
    static let unsafeRanges: [ClosedRange<UInt32>] = {
        var out: [ClosedRange<UInt32>] = []
        var first: UInt32? = nil
        for v in UInt32(0)...0x10FFFF {
            let unsafe = Unicode.Scalar(v).map(SafeText.isUnsafe) ?? false
            if unsafe, first == nil { first = v }
            if !unsafe, let f = first {
                out.append(f...(v - 1))
                first = nil
            }
        }
        if let f = first { out.append(f...0x10FFFF) }
        return out
    }()

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
            var i = 0
            while i < json.count {
                // Eight bytes at a time past those that need no escape (nearly all).
                if i + 8 <= json.count, !mayNeedEscape(UnsafeRawPointer(json.baseAddress! + i).loadUnaligned(as: UInt64.self)) {
                    i += 8
                    continue
                }
                let escape: [UInt8]
                switch json[i] {
                case UInt8(ascii: "<"): escape = lt
                case UInt8(ascii: ">"): escape = gt
                case UInt8(ascii: "&"): escape = amp
                default:
                    i += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: json[run..<i]))
                out.append(contentsOf: escape)
                i += 1
                run = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: json[run...]))
        }
    }

    /// Whether any of the eight bytes of `word` is `<`, `>` or `&` (it may
    /// say so of a word that has none: then the bytes are looked at one by one).
    @inline(__always) private static func mayNeedEscape(_ word: UInt64) -> Bool {
        func hasByte(_ b: UInt8) -> UInt64 {
            let v = word ^ (0x0101_0101_0101_0101 &* UInt64(b))
            return (v &- 0x0101_0101_0101_0101) & ~v & 0x8080_8080_8080_8080
        }
        return hasByte(UInt8(ascii: "<")) | hasByte(UInt8(ascii: ">")) | hasByte(UInt8(ascii: "&")) != 0
    }
}
