import DragRecording

/// The errors of working with recordings on disk.
public enum CorpusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A path named on the command line does not exist.
    case noSuchPath(String)
    /// A recording breaks the format.
    case input(Diagnostic)
    /// A system call failed (a directory that cannot be read, a full disk).
    case system(SystemError)
    /// `bless` found the file changed while it worked, and left it alone.
    case changedUnderneath(path: String)

    public init(_ error: RecordingError) {
        switch error {
        case .input(let d): self = .input(d)
        case .system(let e): self = .system(e)
        }
    }

    public var description: String {
        switch self {
        case .noSuchPath(let p): "\(Format.path(p)): error: no such file or directory"
        case .input(let d): d.description
        case .system(let e): e.description
        case .changedUnderneath(let p):
            "\(Format.path(p)): error: the file changed while it was being blessed; it was left as it is (run bless again)"
        }
    }
}
