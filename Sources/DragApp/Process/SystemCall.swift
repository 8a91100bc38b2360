import DragRecording

#if canImport(Glibc)
import Glibc
#endif

/// The one place where C calls are retried after `EINTR` and turned into
/// typed errors. Every call in this module goes through one of these two
/// conventions, so a signal arriving at any moment (a profiler's timer, a
/// CLI's Ctrl-C handler installed without `SA_RESTART`) never surfaces as a
/// spurious failure.
///
/// `close(2)` is the exception and does not come here: on Linux the
/// descriptor is released even when `close` reports `EINTR`, so retrying
/// could close a descriptor another thread has just been given.
enum SystemCall {
    /// Calls `body` until it returns something other than -1 with `errno ==
    /// EINTR`; -1 with any other `errno` is thrown. `body` is re-evaluated on
    /// every retry, so a call whose argument is a remaining time (`poll`)
    /// recomputes it rather than restarting the full wait.
    @inline(__always)
    static func retrying<Result: SignedInteger>(_ body: () -> Result) throws(Errno) -> Result {
        // The package's one interrupt-retry loop (DragRecording's system-call layer).
        let result = retryingOnInterrupt(body)
        if result == -1 { throw Errno(errno) }
        return result
    }

    /// For the calls that return an error number instead of setting `errno`
    /// (`posix_spawn` and its attribute and file-action functions): 0 is
    /// success, anything else is thrown (`EINTR` retried, though these never
    /// report it).
    @inline(__always)
    static func checking(_ body: () -> Int32) throws(Errno) {
        while true {
            let code = body()
            if code == 0 { return }
            if code != EINTR { throw Errno(code) }
        }
    }
}
