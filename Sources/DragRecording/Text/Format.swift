import DragSystem
import ReorderCore
import ReorderSwipe

/// How every message, report and trace spells numbers, IDs, points and
/// differences: the one formatter, so `check`, `replay` and `fuzz` never
/// disagree ("got -1" on one line, "-1.0" on the next).
///
///     Format.number(2)            // "2"
///     Format.number(0.1)          // "0.1"
///     Format.quoted("a\u{1B}[31m") // "\"a\\u001b[31m\"": escaped, so a recording cannot colour a terminal
public enum Format {
    /// The shortest text that reads back as `v`; integral values without `.0`.
    /// The canonical writer uses it too, so a message quotes a number the way
    /// the file holds it.
    public static func number(_ v: Double) -> String {
        // Integral values print as integers up to 2^63 (past 2^53 a Double
        // holds only even integers, and this prints the one it holds).
        if v == v.rounded(.towardZero) && abs(v) < 9_223_372_036_854_775_808.0 { return String(Int64(v)) }
        return String(v)  // Swift prints the shortest round-trip form
    }

    /// `s` as `SafeText.quoted` writes it: a JSON string literal whose
    /// control characters come out escaped, so an untrusted ID can neither
    /// colour a terminal nor forge a `path:line:col: error:` line.
    public static func quoted(_ s: String) -> String { SafeText.quoted(s) }

    /// An ID as `quoted(_:)` writes its text: its bytes, escaped.
    public static func quoted(_ id: StringID) -> String { quoted(id.string) }

    /// `text` cut to at most `bytes` UTF-8 bytes at a character boundary,
    /// with what was cut said (`... (12345 more bytes)`); unchanged when it
    /// fits. Messages that quote an app's or a recording's text use it, so
    /// a long answer never makes a message (or the finding that carries
    /// it) longer than a line may be.
    public static func clipped(_ text: String, bytes: Int) -> String {
        let count = text.utf8.count
        guard count > bytes else { return text }
        var kept = 0
        var end = text.startIndex
        for c in text {
            let n = c.utf8.count
            if kept + n > bytes { break }
            kept += n
            end = text.index(after: end)
        }
        return String(text[..<end]) + "... (\(count - kept) more bytes)"
    }

    /// A field inside a map read from the file: `heights.a`, or
    /// `heights["a b"]` (quoted and escaped) when the key is not a plain
    /// word, so a key can never inject text into a message.
    public static func field(_ base: String, key: String) -> String {
        let word =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy { c in
                ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "_" || c == "-"
            }
        return word ? "\(base).\(key)" : "\(base)[\(quoted(key))]"
    }

    /// A collection as messages name it: `"todo"`, or `(single collection)`.
    public static func collection(_ id: StringID?) -> String { id.map(quoted) ?? "(single collection)" }

    /// `["a", "b"]`. Two IDs of the list that are one text in other bytes
    /// print alike, so the first such pair is named by scalar after it:
    /// `["é", "é"] ("é" is U+00E9, "é" is U+0065 U+0301)`. Lists longer than
    /// `spellingScanLimit` are not scanned.
    public static func ids(_ ids: [StringID]) -> String {
        let list = plainIDs(ids)
        guard let (a, b) = firstTwoSpellings(ids) else { return list }
        return list + " (\(quoted(a)) is \(_scalarsText(a) ?? ""), \(quoted(b)) is \(_scalarsText(b) ?? ""))"
    }

    private static func plainIDs(_ ids: [StringID]) -> String { Self.ids(ids.map(\.string)) }

    /// The longest list `ids(_:)` looks into for two spellings of one text.
    public static let spellingScanLimit = 4096

    /// The first two IDs of `ids` that are the same text in other bytes.
    /// Two spellings of one text are never both ASCII (an ASCII text has one
    /// spelling in ASCII), so a list of ASCII IDs alone is not hashed.
    /// - Complexity: O(n) for n <= `spellingScanLimit`.
    static func firstTwoSpellings(_ ids: [StringID]) -> (StringID, StringID)? {
        guard ids.count > 1, ids.count <= spellingScanLimit, ids.contains(where: { !$0.string.utf8.allSatisfy { $0 < 0x80 } })
        else { return nil }
        var seen: [String: StringID] = [:]
        for id in ids {
            if let earlier = seen.updateValue(id, forKey: id.string), earlier != id { return (earlier, id) }
        }
        return nil
    }

    /// `actual` as `ids(_:)` writes it, for a message that expected
    /// `expected`: when the two are the same text and differ in bytes (an
    /// ID respelled), with the first such pair by scalar, since the two
    /// lists print alike.
    ///
    ///     ids(["caf\u{E9}"], against: ["cafe\u{301}"])
    ///     // ["café"] ("café" (U+0063 U+0061 U+0066 U+00E9) where "café" (U+0063 U+0061 U+0066 U+0065 U+0301) was expected: ...)
    public static func ids(_ actual: [StringID], against expected: [StringID]) -> String {
        guard let (e, a) = _firstRespelling([expected], [actual]) else { return ids(actual) }
        // One note, the one about what was expected: not the list's own too.
        return plainIDs(actual) + " (\(quoted(a)) (\(_scalarsText(a) ?? "")) where \(quoted(e)) (\(_scalarsText(e) ?? "")) was expected: "
            + "the same text in other bytes is another ID)"
    }

    /// Names (replicas, actions) as `ids(_:)` writes IDs.
    public static func ids(_ names: [String]) -> String { "[" + names.map(quoted).joined(separator: ", ") + "]" }

    /// `(50, 22.5)`.
    public static func point(_ p: Point) -> String { "(\(number(p.x)), \(number(p.y)))" }

    /// `before "b"` or `end`, with the collection first when there are several.
    public static func destination(_ d: ReorderDifference<StringID, StringID?>.Destination, showCollection: Bool) -> String {
        let position = d.position.anchor.map { "before \(quoted($0))" } ?? "end"
        return showCollection ? "\(collection(d.collectionID)) \(position)" : position
    }

    /// `["a"] -> before "b"`: a difference, as traces and failures print it.
    public static func difference(_ d: ReorderDifference<StringID, StringID?>, showCollection: Bool) -> String {
        "\(ids(d.sources)) -> \(destination(d.destination, showCollection: showCollection))"
    }

    /// `s` as one word of a POSIX shell command: bare when it is safe,
    /// single-quoted otherwise, so a printed command can be pasted as is. A
    /// word holding a control character (which single quotes would print
    /// raw) is written `$'...'` with escapes, as bash, zsh, ksh and POSIX
    /// 2024 shells read it.
    public static func shellQuoted(_ s: String) -> String {
        let safe =
            !s.isEmpty
            && s.unicodeScalars.allSatisfy { c in
                ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || "_./:=+-,@%".unicodeScalars.contains(c)
            }
        if safe { return s }
        if SafeText.isPlain(s) { return "'" + s.replacingOccurrences("'", "'\\''") + "'" }
        var out = "$'"
        for scalar in s.unicodeScalars {
            switch scalar {
            case "'": out += "\\'"
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if SafeText.isUnsafe(scalar) {
                    // \u needs bash 4.2+; bytes are read by every $'...' shell.
                    for b in String(scalar).utf8 { out += (b < 16 ? "\\x0" : "\\x") + String(b, radix: 16) }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "'"
    }

    /// A core warning with IDs quoted and the single collection named.
    public static func warning(_ w: ReorderWarning<StringID, StringID?>) -> String { w.describe(item: quoted, collection: collection) }

    /// Text or a quoted attribute value in XML 1.0 (a JUnit report, a
    /// standalone SVG): the one XML escaper. XML
    /// cannot carry most control characters even as references, so they
    /// become their visible Control Pictures (U+2400 + code); tab, newline
    /// and carriage return stay, as references, so attributes keep them.
    public static func xml(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for ch in s.unicodeScalars {
            switch ch.value {
            case 0x26: out += "&amp;"
            case 0x3C: out += "&lt;"
            case 0x3E: out += "&gt;"
            case 0x22: out += "&quot;"
            case 0x27: out += "&#39;"
            case 0x09: out += "&#9;"
            case 0x0A: out += "&#10;"
            case 0x0D: out += "&#13;"
            case 0..<0x20: out.unicodeScalars.append(Unicode.Scalar(0x2400 + ch.value)!)
            case 0x7F: out += "\u{2421}"
            case 0xFFFE, 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    /// A lift rejection with IDs quoted.
    public static func rejection(_ r: LiftRejection<StringID>) -> String { r.describe(item: quoted) }

    /// An open row: `"b" (trailing)`; `none` for no row.
    public static func openRow(_ row: SwipeOpenRow<StringID>?) -> String {
        row.map { "\(quoted($0.item)) (\($0.edge.rawValue))" } ?? "none"
    }

    /// A performed action: `delete on "b"`; `none` for none so far.
    public static func performed(_ a: PerformedAction<StringID>?) -> String { a.map { "\($0.action) on \(quoted($0.item))" } ?? "none" }

    /// Presentation reports as `expect` writes them: `[["b", true], ["b", false]]`.
    public static func presentations(_ reports: [PresentationReport<StringID>]) -> String {
        "[" + reports.map { "[\(quoted($0.item)), \($0.isPresented)]" }.joined(separator: ", ") + "]"
    }

    /// Labels: `["Pin", "Flag"]`.
    public static func labels(_ labels: [String]) -> String { "[" + labels.map(quoted).joined(separator: ", ") + "]" }
}

extension String {
    /// Every occurrence of `target` replaced (no Foundation here).
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
