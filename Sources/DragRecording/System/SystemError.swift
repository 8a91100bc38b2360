#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A system call that failed: which call, on which path, and `errno`.
///
///     SystemError(call: "write", path: "out.json", errno: ENOSPC).description
///     // "out.json: error: write failed: No space left on device (errno 28)"
public struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call, as its man page names it: `open`, `read`, `write`, `rename`.
    public var call: String
    /// The file the call was about (`<stdout>`, `<stderr>` for the standard streams).
    public var path: String
    public var errno: Int32
    /// A refusal of the tool's own, said instead of `strerror`: "is not a
    /// regular file; refusing to replace it".
    public var refusal: String?

    public init(call: String, path: String, errno: Int32, refusal: String? = nil) {
        self.call = call
        self.path = path
        self.errno = errno
        self.refusal = refusal
    }

    /// `strerror(errno)`: "No space left on device", or the refusal.
    public var reason: String { refusal ?? String(cString: strerror(errno)) }

    public var description: String {
        if let refusal { return "\(Format.path(path)): error: \(refusal)" }
        return "\(Format.path(path)): error: \(call) failed: \(reason) (errno \(errno))"
    }
}

/// Runs `body` until it does not fail with `EINTR`: the one interrupt-retry
/// loop of the package. Returns `body`'s result (`-1` with `errno` set on a
/// failure other than `EINTR`).
@inline(__always)
package func retryingOnInterrupt<T: SignedInteger>(_ body: () -> T) -> T {
    while true {
        let r = body()
        if r >= 0 || errno != EINTR { return r }
    }
}
