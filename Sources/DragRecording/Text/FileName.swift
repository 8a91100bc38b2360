/// The one way untrusted text (a recording's `meta`, a test's name) becomes
/// part of a file name: a name taken as it stands could climb out of its
/// directory (`../../x`), hide from a later `check` (`.x`) or carry a newline
/// or an escape into every listing that prints it.
///
///     FileName.component(from: "placement")      // "placement"
///     FileName.component(from: "../../escaped")  // "escaped"
///     FileName.component(from: "a\nb")           // "a-b"
public enum FileName {
    /// The longest component made, in bytes (all ASCII): far below any file
    /// system's 255, with room for a hash and an extension.
    public static let maxLength = 64

    /// `text` with every character but `[A-Za-z0-9._-]` (a `/`, a control
    /// character, anything not ASCII) made `-`, leading `.` and `-` dropped,
    /// cut to `maxLength` bytes; `fallback` when nothing is left. Text that
    /// is already a safe name comes back unchanged.
    public static func component(from text: String, fallback: String = "recording") -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if out.utf8.count == maxLength { break }
            let safe =
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "." || scalar == "_" || scalar == "-"
            let c: Unicode.Scalar = safe ? scalar : "-"
            if out.isEmpty, c == "." || c == "-" { continue }
            out.unicodeScalars.append(c)
        }
        return out.isEmpty ? fallback : out
    }
}
