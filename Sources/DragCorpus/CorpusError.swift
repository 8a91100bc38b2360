import DragRecording
import DragSystem

/// The errors of working with recordings on disk: a recording's own error
/// (`RecordingError`: bad input, a failed system call), wrapped, or one of
/// the corpus's own.
public enum CorpusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A path named on the command line does not exist.
    case noSuchPath(String)
    /// A recording breaks the format, or a system call on it or on its
    /// directory failed (a directory that cannot be read, a full disk).
    case recording(RecordingError)
    /// A directory walk met a name that is not valid UTF-8 (`name` is the
    /// raw bytes): reported, never skipped, so CI cannot pass without it.
    case undecodableName(directory: String, name: [UInt8])
    /// `bless` found the file changed while it worked, and left it alone.
    case changedUnderneath(path: String)
    /// `bless` found a `Recorder` writing the file (its lock), and left it alone.
    case beingRecorded(path: String)
    /// Something appended to the file between `bless`'s last check and its
    /// rename: those bytes went to the replaced file, not the new one.
    case appendedDuringCommit(path: String)
    /// A `fuzz --summary` file `corpus merge --summary` cannot add up: not
    /// a summary, a field out of the bounds of the option it records, or a
    /// count whose sum over the shards overflows (the diagnostic names the
    /// file and the field).
    case invalidSummary(Diagnostic)
    /// Summaries that are not the shards of one campaign: another seed,
    /// runs, subject, version or shard count, or a shard given twice (the
    /// diagnostic names both files).
    case mismatchedShards(Diagnostic)
    /// A command (`bless`, `corpus merge`) would have written a recording
    /// `check` refuses (a line past the reader's limit); `problem` is what
    /// `check` said, placed at `path`. Nothing was written there.
    case unreadableOutput(command: String, problem: Diagnostic)

    public var description: String {
        switch self {
        case .recording(let e): e.description
        case .invalidSummary(let d), .mismatchedShards(let d): d.description
        case .unreadableOutput(let command, let d):
            "\(d.description) (\(command) would have written this; check refuses it, so the file was not written)"
        case .undecodableName(let directory, let name):
            // The directory as paths are shown, the name's bytes as `\x` escapes.
            Diagnostic(path: directory + "/" + Self.escaped(name), line: 0, message: Self.message(self))
                .text(path: SafeText.path(directory) + "/" + Self.escaped(name))
        case .noSuchPath(let p), .changedUnderneath(let p), .beingRecorded(let p), .appendedDuringCommit(let p):
            Diagnostic(path: p, line: 0, message: Self.message(self)).description
        }
    }

    /// The message of an error about a whole file, without its path.
    private static func message(_ error: CorpusError) -> String {
        switch error {
        case .noSuchPath: "no such file or directory"
        case .undecodableName: "the file name is not valid UTF-8 (shown with \\x escapes); rename it so it can be checked"
        case .changedUnderneath: "the file changed while it was being blessed; it was left as it is (run bless again)"
        case .beingRecorded: "a recorder is writing the file; it was left as it is (bless it when the recording ends)"
        case .appendedDuringCommit:
            "something appended to the file while bless replaced it; "
                + "what it appended is not in the blessed file (stop the writer, restore it, run bless again)"
        case .recording(let e): e.diagnostic.message
        case .invalidSummary(let d), .mismatchedShards(let d), .unreadableOutput(_, let d): d.message
        }
    }

    /// Bytes as text: printable ASCII as is, everything else `\xHH`.
    public static func escaped(_ bytes: [UInt8]) -> String {
        let hex = Array("0123456789abcdef")
        var text = ""
        for b in bytes {
            if b >= 0x20 && b < 0x7f && b != UInt8(ascii: "\\") {
                text.append(Character(Unicode.Scalar(b)))
            } else {
                text += "\\x" + String(hex[Int(b >> 4)]) + String(hex[Int(b & 15)])
            }
        }
        return text
    }
}
