#if canImport(Glibc)
import Glibc
#endif

/// The project's C calls, each a thin wrapper with a typed error (in the
/// manner of swift-system's `Syscalls.swift` and `FileOperations.swift`):
/// the only code that imports Glibc. The wrappers live in extensions by
/// subject (`SystemCall+Files`, `+Processes`, `+Signals`, ...); this file
/// holds the one interrupt-retry loop they all use.
///
/// A signal arriving at any moment (a profiler's timer, a CLI's Ctrl-C
/// handler installed without `SA_RESTART`) never surfaces as a spurious
/// failure. `close(2)` is the exception: on Linux the descriptor is released
/// even when `close` reports `EINTR`, so retrying could close a descriptor
/// another thread has just been given.
package enum SystemCall {
    /// Calls `body` until `interrupted` says its result is not an `EINTR`
    /// failure, and returns that result: the project's one interrupt-retry
    /// loop. `body` is re-evaluated on every retry, so a call whose argument
    /// is a remaining time (`poll`) recomputes it rather than restarting the
    /// full wait.
    @inline(__always)
    package static func retryingOnInterrupt<Result>(_ body: () -> Result, interrupted: (Result) -> Bool) -> Result {
        while true {
            let result = body()
            if !interrupted(result) { return result }
        }
    }

    /// For the calls that return -1 and set `errno`: retried on `EINTR`;
    /// any other failure is returned as is (-1 with `errno` set).
    @inline(__always)
    package static func retryingOnInterrupt<Result: SignedInteger>(_ body: () -> Result) -> Result {
        retryingOnInterrupt(body) { $0 < 0 && errno == EINTR }
    }

    /// As `retryingOnInterrupt`, with -1 thrown as `Errno.current`.
    @inline(__always)
    package static func retrying<Result: SignedInteger>(_ body: () -> Result) throws(Errno) -> Result {
        let result = retryingOnInterrupt(body)
        if result < 0 { throw Errno.current }
        return result
    }

    /// For the calls that return an error number instead of setting `errno`
    /// (`posix_spawn` and its attribute and file-action functions): 0 is
    /// success, anything else is thrown (`EINTR` retried, though these never
    /// report it).
    @inline(__always)
    package static func checking(_ body: () -> Int32) throws(Errno) {
        let code = retryingOnInterrupt(body) { $0 == EINTR }
        if code != 0 { throw Errno(code) }
    }
}
