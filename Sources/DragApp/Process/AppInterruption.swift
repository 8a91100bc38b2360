import DragSystem
import Synchronization

/// A wake-up for every wait on an app at once: after `interrupt()`, each
/// `request` or `send` that is waiting (or starts to wait) for an app stops
/// with `AppProcessError.interrupted`, and the app is killed.
///
/// A stop flag alone does not reach a worker thread blocked in `poll(2)` on
/// an app that never answers: the signal is delivered to one thread, maybe
/// another one, and `EINTR` restarts the wait. So the waits also poll the
/// read end of a pipe that `interrupt()` writes one byte to. Nothing ever
/// reads that byte: once interrupted, the pipe stays readable and every
/// later wait returns at once, which is what a run that is stopping wants.
public enum AppInterruption {
    private static let readEnd = Atomic<Int32>(-1)
    private static let writeEnd = Atomic<Int32>(-1)
    private static let interrupted = Atomic<Bool>(false)

    /// Creates the pipe, once per process. Call it before installing a
    /// signal handler that calls `interrupt()` (creating a pipe is not
    /// async-signal-safe). Without it, `interrupt()` does nothing and waits
    /// end at their deadlines as before.
    public static func prepare() {
        guard readEnd.load(ordering: .acquiring) < 0, let ends = try? SystemCall.pipe() else { return }
        let (exchanged, _) = readEnd.compareExchange(expected: -1, desired: ends.read, ordering: .acquiringAndReleasing)
        guard exchanged else {
            try? SystemCall.close(ends.read)
            try? SystemCall.close(ends.write)
            return
        }
        writeEnd.store(ends.write, ordering: .releasing)
    }

    /// Wakes every wait on an app. Async-signal-safe: atomics and one `write(2)`
    /// of one byte, the first time only (a pipe never fills).
    public static func interrupt() {
        guard !interrupted.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let fd = writeEnd.load(ordering: .acquiring)
        guard fd >= 0 else { return }
        var byte: UInt8 = 1
        _ = try? SystemCall.write(fd, from: &byte, count: 1)
    }

    /// Lets waits work again after an `interrupt()` (the run's last
    /// reproductions and shrinks need their apps), and makes later calls of
    /// `interrupt()` do nothing: the run is already hurrying, and a wait cut
    /// short now would pass for the app's failure.
    public static func resume() {
        let wasInterrupted = interrupted.exchange(true, ordering: .acquiringAndReleasing)
        guard wasInterrupted, let fd = descriptor else { return }
        var byte: UInt8 = 0
        _ = try? SystemCall.read(fd, into: &byte, count: 1)  // the one byte `interrupt()` wrote
    }

    /// The descriptor a wait polls for readability, if prepared.
    static var descriptor: Int32? {
        let fd = readEnd.load(ordering: .acquiring)
        return fd >= 0 ? fd : nil
    }
}
