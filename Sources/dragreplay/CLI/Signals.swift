import DragApp
import DragSystem
import Synchronization

/// Signals, as long campaigns handle them: the first SIGINT stops
/// generating cases (what was found is still shrunk, written and
/// summarised); SIGTERM, SIGHUP or a second SIGINT also cuts shrinking
/// short, writing the smallest case found so far. SIGPIPE is ignored, so a
/// closed pipe is a write error, not a silent death.
enum Signals {
    static let stop = Atomic<Bool>(false)
    static let hurry = Atomic<Bool>(false)

    static func ignoreBrokenPipes() { SystemCall.ignoreSignal(SignalNumber.brokenPipe) }

    /// Installs the handlers (async-signal-safe: they only store atomics),
    /// and unblocks their signals: a parent may start the tool with them
    /// blocked (a thread of a Dispatch-based runner blocks them, and the
    /// mask is inherited), and a campaign that cannot be stopped by SIGTERM
    /// is a campaign only SIGKILL stops, losing its shrinking.
    ///
    /// Hurrying also wakes every wait on an app (`AppInterruption`): a worker
    /// blocked on an app that does not answer would otherwise wait out
    /// `--app-timeout` before it saw the flag.
    static func handleInterruptions() {
        AppInterruption.prepare()
        SystemCall.unblockSignals([SignalNumber.interrupt, SignalNumber.terminate, SignalNumber.hangup])
        SystemCall.handleSignal(SignalNumber.interrupt) { _ in
            if Signals.stop.exchange(true, ordering: .relaxed) { Signals.hurryUp() }
        }
        for s in [SignalNumber.terminate, SignalNumber.hangup] {
            SystemCall.handleSignal(s) { _ in
                Signals.stop.store(true, ordering: .relaxed)
                Signals.hurryUp()
            }
        }
    }

    /// Async-signal-safe: an atomic store and one `write(2)`.
    private static func hurryUp() {
        Signals.hurry.store(true, ordering: .relaxed)
        AppInterruption.interrupt()
    }

    /// For commands that run apps: SIGINT, SIGTERM and SIGHUP kill every
    /// app (their process groups) before the tool dies, so none is left
    /// behind. `fuzz` and `explore` install their own handlers afterwards,
    /// which stop between cases; their campaigns close the apps themselves.
    static func stopAppsOnExit() {
        for s in [SignalNumber.interrupt, SignalNumber.terminate, SignalNumber.hangup] {
            SystemCall.handleSignal(s) { sig in
                AppProcess.terminateAll()
                SystemCall.restoreDefaultAction(of: sig)
                SystemCall.raise(sig)
            }
        }
    }

    static var shouldStop: @Sendable () -> Bool { { stop.load(ordering: .relaxed) } }
    static var shouldHurry: @Sendable () -> Bool { { hurry.load(ordering: .relaxed) } }
}
