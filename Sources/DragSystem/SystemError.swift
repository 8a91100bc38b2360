/// A system call that failed: which call, on which path, and the `Errno` it
/// failed with (wrapped: the text and the number are the `Errno`'s).
///
///     SystemError(call: "write", path: "out.json", errno: .noSpace).description
///     // "out.json: error: write failed: No space left on device (errno 28)"
public struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The call, as its man page names it: `open`, `read`, `write`, `rename`.
    public var call: String
    /// The file the call was about (`<stdout>`, `<stderr>` for the standard streams).
    public var path: String
    public var errno: Errno
    /// A refusal of the tool's own, said instead of `strerror`: "is not a
    /// regular file; refusing to replace it".
    public var refusal: String?

    public init(call: String, path: String, errno: Errno, refusal: String? = nil) {
        self.call = call
        self.path = path
        self.errno = errno
        self.refusal = refusal
    }

    /// With a C error number, as `Glibc` spells it (`ENOSPC`).
    public init(call: String, path: String, errno code: Int32, refusal: String? = nil) {
        self.init(call: call, path: path, errno: Errno(code), refusal: refusal)
    }

    /// "No space left on device" (`Errno.text`), or the refusal.
    public var reason: String { refusal ?? errno.text }

    /// "write failed: No space left on device (errno 28)": the message
    /// without the path, for a diagnostic that places the path itself.
    public var failure: String {
        guard let refusal else { return "\(call) failed: \(errno)" }
        return "\(call) failed: \(refusal) (errno \(errno.code))"
    }

    public var description: String { Diagnostic(path: path, line: 0, message: refusal ?? failure).description }
}
