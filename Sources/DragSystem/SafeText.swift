/// Untrusted text (a file name, an ID, an app's answer) as a terminal or a
/// log shows it: every scalar a terminal could act on, or would show nothing
/// for, written as its JSON escape. The one escape of the project:
/// `Diagnostic` shows its path through it, and `Format` (DragRecording)
/// quotes IDs, names and paths with it.
///
///     SafeText.quoted("a\u{1B}[31m")  // "\"a\\u001b[31m\"": a recording cannot colour a terminal
///     SafeText.path("runs/a.jsonl")   // "runs/a.jsonl": a plain path is shown as it is
public enum SafeText {
    /// Whether a terminal, a log viewer or an editor could act on the
    /// scalar, or show nothing for it, instead of showing it: C0 and C1
    /// controls (newline, escape, CSI), DEL, the line and paragraph
    /// separators, the bidirectional marks, embeddings, overrides and
    /// isolates (text that reads other than it is stored), and the
    /// invisible ones a forged line could hide behind: soft hyphen, zero
    /// width space and joiners, word joiner and the invisible operators, the
    /// deprecated format characters, byte order mark, interlinear
    /// annotations, tag characters (U+E0000-E007F) and noncharacters
    /// (U+FDD0-FDEF, U+FFFE and U+FFFF of every plane). The one predicate
    /// of every escape (`escapingControls`, `quoted`, `path`, and
    /// `Format.shellQuoted`).
    @inlinable public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0xAD, 0x61C, 0x180E, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0xFDD0...0xFDEF,
            0xFEFF, 0xFFF9...0xFFFB, 0xE0000...0xE007F:
            true
        default: scalar.value & 0xFFFE == 0xFFFE
        }
    }

    /// Whether `s` holds nothing `isUnsafe` names.
    public static func isPlain(_ s: String) -> Bool { !s.unicodeScalars.contains(where: isUnsafe) }

    /// `s` as a JSON string literal. Control characters (newlines, escape
    /// sequences) come out escaped: untrusted text can neither colour a
    /// terminal nor forge a `path:line:col: error:` line in a CI log. Every
    /// scalar `isUnsafe` names is escaped as `\uXXXX`, which JSON reads
    /// back as the same string, so a JSON report stays exact.
    public static func quoted(_ s: String) -> String {
        // Most IDs are printable ASCII without a quote or backslash: they are
        // copied whole (a scalar at a time took most of a step's text).
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + s + "\""
        }
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default: appendEscaped(scalar, to: &out)
            }
        }
        out += "\""
        return out
    }

    /// `text` with every `isUnsafe` scalar written as a JSON escape (`\n`,
    /// `\u001b`, `\u202e`, `\udb40\udc01`) and everything else as is
    /// (`quoted` is it plus the quotes): for text that is already quoted or
    /// bracketed, and the last guard of every diagnostic line.
    public static func escapingControls(_ text: String) -> String {
        if isPlain(text) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars { appendEscaped(scalar, to: &out) }
        return out
    }

    /// A path as messages show it: as is, or quoted and escaped when it
    /// holds a character a terminal could act on (a file named with an
    /// escape sequence cannot colour the screen or forge a diagnostic).
    public static func path(_ p: String) -> String { isPlain(p) ? p : quoted(p) }

    private static func appendEscaped(_ scalar: Unicode.Scalar, to out: inout String) {
        switch scalar {
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        default:
            guard isUnsafe(scalar) else {
                out.unicodeScalars.append(scalar)
                return
            }
            // Past the BMP (a tag character, a noncharacter) as JSON writes
            // it: a surrogate pair, which reads back as the scalar.
            if scalar.value > 0xFFFF {
                let v = scalar.value - 0x10000
                appendHex(0xD800 + (v >> 10), to: &out)
                appendHex(0xDC00 + (v & 0x3FF), to: &out)
            } else {
                appendHex(scalar.value, to: &out)
            }
        }
    }

    /// `\u` and four hex digits.
    private static func appendHex(_ unit: UInt32, to out: inout String) {
        let hex = String(unit, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
