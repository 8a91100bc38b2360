#if canImport(Glibc)
import Glibc
#endif

/// The error numbers the project tests for by name, so a module above this
/// one needs no C header to ask "was it `ENOENT`?".
extension Errno {
    /// `EPERM`.
    public static let notPermitted = Errno(EPERM)
    /// `ENOENT`.
    public static let noSuchFileOrDirectory = Errno(ENOENT)
    /// `ESRCH`.
    public static let noSuchProcess = Errno(ESRCH)
    /// `EINTR`: a signal arrived during the call (retried by `SystemCall.retryingOnInterrupt`).
    public static let interrupted = Errno(EINTR)
    /// `EIO`.
    public static let ioError = Errno(EIO)
    /// `EBADF`.
    public static let badFileDescriptor = Errno(EBADF)
    /// `ECHILD`.
    public static let noChildProcess = Errno(ECHILD)
    /// `EAGAIN`.
    public static let resourceTemporarilyUnavailable = Errno(EAGAIN)
    /// `ENOMEM`.
    public static let noMemory = Errno(ENOMEM)
    /// `EEXIST`.
    public static let fileExists = Errno(EEXIST)
    /// `ENOTDIR`.
    public static let notDirectory = Errno(ENOTDIR)
    /// `EINVAL`.
    public static let invalidArgument = Errno(EINVAL)
    /// `ENOSPC`.
    public static let noSpace = Errno(ENOSPC)
    /// `EPIPE`: nobody reads the other end of the pipe any more.
    public static let brokenPipe = Errno(EPIPE)
    /// `ENOSYS`: this kernel or glibc lacks the call.
    public static let noFunction = Errno(ENOSYS)
}
