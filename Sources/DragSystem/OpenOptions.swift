#if canImport(Glibc)
import Glibc
#endif

/// How `open(2)` opens a file: `O_RDONLY`, `O_WRONLY` or `O_RDWR`.
public enum FileAccessMode: Sendable {
    case readOnly, writeOnly, readWrite

    var flags: Int32 {
        switch self {
        case .readOnly: O_RDONLY
        case .writeOnly: O_WRONLY
        case .readWrite: O_RDWR
        }
    }
}

/// The `open(2)` flags the project uses (`O_CLOEXEC` is always added).
public struct FileOpenOptions: OptionSet, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }
    public static let create = FileOpenOptions(rawValue: O_CREAT)
    public static let truncate = FileOpenOptions(rawValue: O_TRUNC)
    public static let append = FileOpenOptions(rawValue: O_APPEND)
    /// With `create`: fail when the file exists (never follow a planted file).
    public static let exclusive = FileOpenOptions(rawValue: O_EXCL)
    /// Fail on a symbolic link instead of following it.
    public static let noFollow = FileOpenOptions(rawValue: O_NOFOLLOW)
    /// Do not block opening a FIFO with no writer, or a device.
    public static let nonBlocking = FileOpenOptions(rawValue: O_NONBLOCK)
}
