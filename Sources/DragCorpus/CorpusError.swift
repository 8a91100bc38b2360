import DragRecording

/// The errors of working with recordings on disk: a recording's own error
/// (`RecordingError`: bad input, a failed system call), wrapped, or one of
/// the corpus's own.
public enum CorpusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A path named on the command line does not exist.
    case noSuchPath(String)
    /// A recording breaks the format, or a system call on it or on its
    /// directory failed (a directory that cannot be read, a full disk).
    case recording(RecordingError)
    /// `bless` found the file changed while it worked, and left it alone.
    case changedUnderneath(path: String)

    public var description: String {
        switch self {
        case .noSuchPath(let p): "\(Format.path(p)): error: no such file or directory"
        case .recording(let e): e.description
        case .changedUnderneath(let p):
            "\(Format.path(p)): error: the file changed while it was being blessed; it was left as it is (run bless again)"
        }
    }
}
