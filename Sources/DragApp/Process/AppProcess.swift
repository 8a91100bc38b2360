import DragSystem

/// One running app: a `/bin/sh -c COMMAND` subprocess spoken to in lines of
/// bytes over its stdin and stdout (section 1 of `app-protocol-v1.md`). This
/// layer knows nothing of JSON: it writes a line, returns the next line, and
/// turns every way an app can misbehave into an `AppProcessError`, after which
/// the app and everything it started are dead and reaped.
///
/// - The app runs in a process group of its own; timeouts, crashes and
///   `terminate()` signal the whole group, so a background child of the app
///   (`sleep 1000 &`) does not outlive it. A descendant that leaves the group
///   (`setsid`) is found through `/proc` and killed too
///   (`AppProcess+Descendants`).
/// - stderr is drained whenever the tool waits on the app, into a 64 KiB ring
///   (`stderrTail`), so an app that logs heavily never blocks.
/// - Every wait is one `poll(2)` over stdin (while a request is being
///   written), stdout, stderr and, where the kernel offers it, a pidfd of the
///   app (which says the app exited even when a grandchild keeps its stdout
///   open). No sleeps, no busy loops, no allocation per request beyond the
///   returned line.
/// - SIGPIPE is ignored process-wide (once, at the first start, and only if
///   it still has its default action): a write to an app that died must be an
///   `EPIPE` error, not the death of the tool. Pipes have no `MSG_NOSIGNAL`.
///
/// Not thread-safe: one owner (one job) at a time. Only the process-wide
/// registry behind `terminateAll()` is shared.
///
/// Children are reaped with `waitpid` on their own pid; a host that sets
/// SIGCHLD to `SIG_IGN` or reaps with `waitpid(-1)` would take the exit
/// statuses away (they are then reported as `exit status -1`).
public final class AppProcess {
    /// The longest stdout line accepted: the protocol's 16 MiB.
    public static let lineLimit = 16 << 20
    /// How much of the app's stderr is kept.
    public static let stderrCapacity = 64 << 10

    /// The app's pid, which is also its process group id.
    public let pid: Int32
    /// The command as given.
    public let command: String
    /// `DRAGREPLAY_APP=<tool pid>.<n>`, in the app's environment and so in its descendants'.
    let marker: String

    /// nil once closed (by `close`, or when the app is finished).
    var input: PipeEnd?
    /// nil once closed: end of file seen, or the app finished.
    var output: PipeEnd?
    var errors: PipeEnd?
    /// Readable once the app's main process has exited; nil where `pidfd_open` is missing.
    var exitNotifier: PipeEnd?
    /// True once the main process is known to have exited (not yet reaped).
    var leaderExited = false
    /// Set once the app is reaped; from then on every request fails with `crashed` at once.
    var exit: AppExit?
    var lines: LineBuffer
    var tail: TailBuffer
    /// Lines queued by `queue` (each with its newline), written by `pump`
    /// as the pipe takes them; `outgoing[..<sent]` is written.
    var outgoing: [UInt8] = []
    var sent = 0

    /// Starts `/bin/sh -c command` in `directory` (default: the tool's
    /// working directory) with the tool's environment.
    /// - Throws: `cannotStart` if the shell cannot be run at all.
    public convenience init(command: String, directory: String? = nil) throws(AppProcessError) {
        try self.init(command: command, directory: directory, shell: "/bin/sh", lineLimit: AppProcess.lineLimit)
    }

    /// The designated initialiser, with the shell and the line limit open for tests.
    init(command: String, directory: String?, shell: String, lineLimit: Int) throws(AppProcessError) {
        _ = AppProcess.ignoresBrokenPipes
        _ = AppProcess.adoptsOrphans
        let marker = AppProcess.nextMarker()
        let child = try SpawnedChild.spawn(
            shell: shell, command: command, directory: directory, environment: AppProcess.environment(marker: marker))
        pid = child.pid
        self.command = command
        self.marker = marker
        input = child.input
        output = child.output
        errors = child.errors
        lines = LineBuffer(limit: lineLimit)
        tail = TailBuffer(capacity: AppProcess.stderrCapacity)
        // Fails with ENOSYS on kernels before 5.3: the exit is then noticed by polling `waitid`.
        if let fd = try? SystemCall.openProcessDescriptor(child.pid) { exitNotifier = PipeEnd(rawValue: fd) }
        guard ProcessGroupRegistry.shared.insert(pid) else {
            let started = ProcessGroupRegistry.capacity
            terminate()
            throw .cannotStart(command: command, reason: "more than \(started) apps are running in this process")
        }
    }

    /// Kills and reaps the app if nobody did: never a zombie, never an orphan.
    deinit {
        terminate()
    }

    /// How the app ended, once it has been reaped; nil while it runs.
    public var exitStatus: AppExit? { exit }

    /// The last 64 KiB of the app's stderr, with whatever is waiting in the
    /// pipe read first, decoded leniently (invalid UTF-8 becomes U+FFFD).
    /// Never more than 64 KiB of UTF-8.
    public var stderrTail: String {
        drainErrors()
        return tail.text
    }

    /// Sends SIGKILL to the process group of every app alive in this process.
    /// For a CLI's SIGINT / SIGTERM handler, just before it exits: it takes no
    /// lock and allocates nothing (`kill(2)` over a fixed array of atomics).
    /// It does not wait for or reap anything; a still-existing `AppProcess`
    /// reaps its app on its next call or in `deinit`, and reports it as
    /// `killed by signal 9 (SIGKILL)`.
    ///
    /// An app whose start is under way on another thread (spawned, not yet
    /// registered: a few microseconds) is missed; the CLI's exit then leaves
    /// it to notice end of file on its stdin.
    public static func terminateAll() {
        ProcessGroupRegistry.shared.signalAll(SignalNumber.kill)
    }

    /// Makes the tool a child subreaper (Linux): when an app's shell exits
    /// before what it started (`sh -c` forks the interpreter), the orphans are
    /// re-parented to the tool rather than to init, so the tool can reap them
    /// and nothing of the app outlives its `close` or `terminate`.
    private static let adoptsOrphans: Void = SystemCall.becomeChildSubreaper()

    /// Ignores SIGPIPE once per process, unless someone installed a handler or
    /// ignored it already.
    private static let ignoresBrokenPipes: Void = SystemCall.ignoreSignalIfDefault(SignalNumber.brokenPipe)
}
