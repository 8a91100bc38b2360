#if canImport(Glibc)
import Glibc
#endif

/// A failed C call's `errno`, as a typed error: every wrapper in this module
/// throws it, and the layers above wrap it with what they know (the call and
/// the path in `SystemError`, the app in `AppProcessError`).
///
///     Errno.noSpace.description   // "No space left on device (errno 28)"
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    /// The C error number (`ENOSPC` is 28).
    public let code: Int32

    public init(_ code: Int32) { self.code = code }

    /// The calling thread's `errno`; settable, for a wrapper that must tell a
    /// call's failure from its end (`readdir`) and for tests.
    public static var current: Errno {
        get { Errno(errno) }
        set { errno = newValue.code }
    }

    /// `EAGAIN`: a non-blocking descriptor has nothing to give or no room to take.
    public var wouldBlock: Bool { code == EAGAIN || code == EWOULDBLOCK }

    /// glibc's text for the code, "No space left on device": the project's
    /// one call of `strerror`.
    public var text: String { String(cString: strerror(code)) }

    /// "Broken pipe (errno 32)": the text, then the code itself.
    public var description: String { "\(text) (errno \(code))" }
}
