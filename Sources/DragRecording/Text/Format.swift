import ReorderCore

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
        if v == v.rounded(.towardZero) && abs(v) < 9.007_199_254_740_992e15 { return String(Int64(v)) }
        return String(v)  // Swift prints the shortest round-trip form
    }

    /// `s` as a JSON string literal. Control characters (newlines, escape
    /// sequences) come out escaped: untrusted IDs can neither colour a
    /// terminal nor forge a `path:line:col: error:` line in a CI log.
    public static func quoted(_ s: String) -> String {
        var w = _JSONBuffer()
        w.string(s)
        return w.string
    }

    /// A collection as messages name it: `"todo"`, or `(single collection)`.
    public static func collection(_ id: String?) -> String { id.map(quoted) ?? "(single collection)" }

    /// `["a", "b"]`.
    public static func ids(_ ids: [String]) -> String { "[" + ids.map(quoted).joined(separator: ", ") + "]" }

    /// `(50, 22.5)`.
    public static func point(_ p: Point) -> String { "(\(number(p.x)), \(number(p.y)))" }

    /// `before "b"` or `end`, with the collection first when there are several.
    public static func destination(_ d: ReorderDifference<String, String?>.Destination, showCollection: Bool) -> String {
        let position = d.position.anchor.map { "before \(quoted($0))" } ?? "end"
        return showCollection ? "\(collection(d.collectionID)) \(position)" : position
    }

    /// `["a"] -> before "b"`: a difference, as traces and failures print it.
    public static func difference(_ d: ReorderDifference<String, String?>, showCollection: Bool) -> String {
        "\(ids(d.sources)) -> \(destination(d.destination, showCollection: showCollection))"
    }

    /// `s` as one word of a POSIX shell command: bare when it is safe,
    /// single-quoted otherwise, so a printed command can be pasted as is.
    public static func shellQuoted(_ s: String) -> String {
        let safe =
            !s.isEmpty
            && s.unicodeScalars.allSatisfy { c in
                ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || "_./:=+-,@%".unicodeScalars.contains(c)
            }
        return safe ? s : "'" + s.replacingOccurrences("'", "'\\''") + "'"
    }

    /// A core warning with IDs quoted and the single collection named.
    public static func warning(_ w: ReorderWarning<String, String?>) -> String { w.describe(item: quoted, collection: collection) }

    /// A lift rejection with IDs quoted.
    public static func rejection(_ r: LiftRejection<String>) -> String { r.describe(item: quoted) }

    /// An open row: `"b" (trailing)`; `none` for no row.
    public static func openRow(_ row: SwipeOpenRow<String>?) -> String { row.map { "\(quoted($0.item)) (\($0.edge.rawValue))" } ?? "none" }

    /// A performed action: `delete on "b"`; `none` for none so far.
    public static func performed(_ a: PerformedAction<String>?) -> String { a.map { "\($0.action) on \(quoted($0.item))" } ?? "none" }

    /// Presentation reports as `expect` writes them: `[["b", true], ["b", false]]`.
    public static func presentations(_ reports: [PresentationReport<String>]) -> String {
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

extension ViolationText where ItemID == String, CollectionID == String? {
    /// Violation messages for a recording: IDs quoted, the collection named
    /// only when there are several, as every other message here spells them.
    public static func recording(collections: Int) -> Self {
        let several = collections > 1
        return ViolationText(
            ids: Format.ids, item: Format.quoted, collection: Format.collection,
            within: { several ? " in \(Format.collection($0))" : "" },
            difference: { Format.difference($0, showCollection: several) },
            destination: { Format.destination($0, showCollection: several) })
    }
}
