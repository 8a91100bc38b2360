import DragSystem

/// The errors of the recording modules: bad input, or a file that cannot be
/// read or written.
public enum RecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The recording breaks the format; the diagnostic names line and field.
    case input(Diagnostic)
    /// A system call failed: the file could not be opened, read or written.
    case system(SystemError)

    public var description: String {
        switch self {
        case .input(let d): d.description
        case .system(let e): e.description
        }
    }

    /// The error as a diagnostic (line 0 for a file-level failure).
    public var diagnostic: Diagnostic {
        switch self {
        case .input(let d): d
        case .system(let e): Diagnostic(path: e.path, line: 0, message: e.failure)
        }
    }
}

/// A problem with one field, before it is placed in a file: the reader turns
/// it into a `Diagnostic` with the field's column.
public struct FieldError: Error, Hashable, Sendable {
    /// The field as written in the line (`x`, `container.layout.width`), or
    /// `nil` for the line as a whole.
    public var field: String?
    public var message: String

    public init(field: String?, _ message: String) {
        self.field = field
        self.message = message
    }

    /// The same message, placed at `field` instead: a problem inside a
    /// nested object whose keys repeat in the line (`item`, `name`, `edge`)
    /// is placed at the key of the object that holds it.
    public func placed(at field: String) -> FieldError { FieldError(field: field, message) }
}
