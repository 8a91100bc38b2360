import DragSystem

/// Why talking to an app failed. Except for `cannotStart`, the app process
/// is gone when one of these is thrown: killed if need be, and reaped.
/// The descriptions are sentences for a failure report; `AppProcess.stderrTail`
/// holds what the app said on its way out.
public enum AppProcessError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `posix_spawn` failed: no `/bin/sh`, a `directory` that does not exist,
    /// no pipes or processes left. (A command the shell cannot find is not
    /// this: the shell starts and exits with status 127, a `crashed`.)
    case cannotStart(command: String, reason: String)
    /// No complete line within `seconds`; the app's process group got SIGTERM,
    /// then SIGKILL one second later if the app was still alive.
    case timeout(seconds: Double)
    /// The app exited, or closed its stdout, before a complete line; it was
    /// reaped (and killed first if it closed stdout but kept running until the
    /// request's deadline).
    case crashed(AppExit)
    /// More than `limit` bytes arrived on stdout without a newline; the app was killed.
    case lineTooLong(limit: Int)
    /// More than `bytes` arrived on stdout that no request read (lines the app
    /// wrote unasked, while a request was being written); the app was killed.
    case outputFlood(bytes: Int)
    /// Writing to the app failed while the app kept running (it closed its
    /// stdin: `EPIPE`), or, exceptionally, another pipe operation failed; the
    /// app was killed. A write that fails because the app exited is `crashed`.
    case writeFailed(Errno)
    /// The run was stopping (`AppInterruption.interrupt()`, on SIGTERM or
    /// SIGHUP) while the tool waited for the app; the app was killed. Not a
    /// failure of the app: a campaign drops the case it cut short.
    case interrupted

    public var description: String {
        switch self {
        case .cannotStart(let command, let reason):
            return "cannot start the app `\(command)`: \(reason)"
        case .timeout(let seconds):
            return "no answer within \(AppProcessError.format(seconds: seconds)); the app was killed"
        case .crashed(.exited(let status)):
            return "the app exited with status \(status) before answering"
        case .crashed(let exit):
            return "the app was \(exit) before answering"
        case .lineTooLong(let limit):
            return "the app wrote more than \(AppProcessError.format(bytes: limit)) without a newline; the app was killed"
        case .outputFlood(let bytes):
            return "the app wrote more than \(AppProcessError.format(bytes: bytes)) that no request asked for; the app was killed"
        case .writeFailed(let error) where error == .brokenPipe:
            return "the app closed its input without exiting (\(error)); the app was killed"
        case .writeFailed(let error):
            return "communication with the app failed: \(error); the app was killed"
        case .interrupted:
            return "the run was stopped while waiting for the app; the app was killed"
        }
    }

    /// "2 s", "0.5 s".
    static func format(seconds: Double) -> String {
        if seconds.isFinite, seconds == seconds.rounded(), abs(seconds) < 1e15 { return "\(Int64(seconds)) s" }
        return "\(seconds) s"
    }

    /// "16 MiB", "64 KiB", "1000 bytes".
    static func format(bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
