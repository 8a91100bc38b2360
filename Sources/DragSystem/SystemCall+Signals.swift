#if canImport(Glibc)
import Glibc
#endif

/// The signal numbers the project sends or handles.
package enum SignalNumber {
    package static let hangup = SIGHUP
    package static let interrupt = SIGINT
    package static let kill = SIGKILL
    package static let brokenPipe = SIGPIPE
    package static let terminate = SIGTERM
    package static let child = SIGCHLD
}

/// Signal dispositions and masks: `signal`, `sigaction`, `pthread_sigmask`,
/// `raise`, `strsignal`. Everything a handler may call here is
/// async-signal-safe.
extension SystemCall {
    /// A handler: a C function (a closure that captures nothing).
    package typealias SignalHandler = @convention(c) (Int32) -> Void

    /// `signal(2)`: `handler` runs on `signal`.
    package static func handleSignal(_ signal: Int32, _ handler: SignalHandler) {
        _ = Glibc.signal(signal, handler)
    }

    /// `signal(signal, SIG_IGN)`.
    package static func ignoreSignal(_ signal: Int32) {
        _ = Glibc.signal(signal, SIG_IGN)
    }

    /// `signal(signal, SIG_DFL)`.
    package static func restoreDefaultAction(of signal: Int32) {
        _ = Glibc.signal(signal, SIG_DFL)
    }

    /// Ignores `signal` unless someone installed a handler or ignored it
    /// already (`sigaction` asked first).
    package static func ignoreSignalIfDefault(_ signal: Int32) {
        var current = sigaction()
        guard sigaction(signal, nil, &current) == 0, current.__sigaction_handler.sa_handler == nil else { return }
        ignoreSignal(signal)
    }

    /// `pthread_sigmask(SIG_UNBLOCK)`: the calling thread receives `signals`
    /// even if its parent started it with them blocked.
    package static func unblockSignals(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// `pthread_sigmask(SIG_BLOCK)`: `signals` stay pending for this thread
    /// (and are inherited blocked by threads and processes it starts) until
    /// unblocked or taken by `waitForSignal`.
    package static func blockSignals(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// `sigwaitinfo(2)`: waits until one of `signals` (which must be blocked)
    /// is pending, takes it and returns its number. A signal that arrived
    /// before the call is taken at once: no window in which it is lost.
    package static func waitForSignal(_ signals: [Int32]) -> Int32 {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        return retryingOnInterrupt { sigwaitinfo(&set, nil) }
    }

    /// `raise(3)`.
    package static func raise(_ signal: Int32) { _ = Glibc.raise(signal) }

    /// glibc's name for a signal, "Segmentation fault" (`strsignal(3)`).
    package static func signalDescription(_ signal: Int32) -> String { String(cString: strsignal(signal)) }
}
