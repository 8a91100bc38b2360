#if canImport(Glibc)
import Glibc
#endif

/// A failed C call's `errno`, as a typed error: the wrappers in this module
/// throw it, and `AppProcess` turns it into an `AppProcessError` a user can read.
struct Errno: Error, Hashable, CustomStringConvertible {
    let code: Int32

    init(_ code: Int32) { self.code = code }

    /// The current thread's `errno`.
    static var current: Errno { Errno(errno) }

    /// `EAGAIN`: a non-blocking descriptor has nothing to give or no room to take.
    var wouldBlock: Bool { code == EAGAIN || code == EWOULDBLOCK }

    /// "Broken pipe (errno 32)": glibc's text for the code, then the code itself.
    var description: String { Errno.describe(code) }

    static func describe(_ code: Int32) -> String {
        "\(String(cString: strerror(code))) (errno \(code))"
    }
}
