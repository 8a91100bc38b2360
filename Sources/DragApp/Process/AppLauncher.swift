import DragSystem
import Synchronization

/// Apps that end with the tool, even when it is killed with SIGKILL
/// (issue 23, class 14). No code of a tool killed that way runs, so only
/// the kernel can end its apps: a parent-death signal, which must be set
/// by the child itself (`posix_spawn` has no attribute for it, and Swift
/// must not run between `fork` and `exec` in a threaded process).
///
/// So the tool starts each app through itself in a hidden launcher mode
/// (`argument` as `argv[1]`, handled first in `main`): the launcher asks
/// for SIGTERM on its parent's death, becomes a child subreaper, checks
/// that its parent is still the tool (it may have died before the
/// `prctl`), starts the app's shell in its own process group (the tool made
/// the launcher a group leader, so the group id is still the pid the tool
/// knows) and waits. When the shell ends, the launcher kills every process
/// below it (what the app left: as a subreaper it adopted the orphans, so a
/// daemon that cleared its environment and called `setsid` is still found)
/// and ends the same way as the shell (its exit status, or the same signal),
/// so the tool's reports are unchanged. When the tool dies, the launcher
/// kills every process below it and exits.
///
/// The launcher is off by default: a library user (and the test runner,
/// whose `/proc/self/exe` is not the tool) starts the shell directly, as
/// before, and relies on the tool's own clean-up (process group, subreaper
/// sweep) only. The `dragreplay` CLI turns it on (`enable(executable:)`).
public enum AppLauncher {
    /// `argv[1]` of the launcher mode; not an option of any command.
    public static let argument = "__dragreplay-app-launcher"

    private static let executable = Mutex<String?>(nil)

    /// Starts every later app through `executable`, which must be this
    /// program (`/proc/self/exe`) and call `runIfRequested` first in `main`.
    public static func enable(executable path: String) {
        executable.withLock { $0 = path }
    }

    /// For `main`, before anything else: if `arguments` (all of `argv`)
    /// select the launcher mode, runs it and does not return.
    public static func runIfRequested(_ arguments: [String]) {
        guard arguments.count == 6, arguments[1] == argument, let tool = Int32(arguments[2]) else { return }
        SystemCall.exit(run(tool: tool, shell: Array(arguments[3...])))
    }

    /// Runs `spawn` (the app's shell) through the launcher when it is enabled
    /// and the spawner thread could be started; directly otherwise. The
    /// launcher gets `spawn`'s descriptors, directory, environment and
    /// process group; SIGCHLD is reset to its default in it, since an
    /// ignored SIGCHLD (inherited across `exec`) would reap for it.
    static func start(_ spawn: Spawn) throws(Errno) -> Int32 {
        guard let path = executable.withLock({ $0 }), let spawner = Spawner.shared else { return try spawn.run() }
        var launched = spawn
        launched.executable = path
        launched.arguments = ["dragreplay", argument, "\(SystemCall.processID())"] + spawn.arguments
        launched.defaultSignals.append(SignalNumber.child)
        return try spawner.run(launched)
    }

    /// The launcher: see the type's comment. `shell` is the shell's `argv`.
    /// - Returns: an exit status when it cannot start the app (126: the tool
    ///   is already gone; 127: the shell cannot be run) or after the tool died.
    static func run(tool: Int32, shell: [String]) -> Int32 {
        let signals = [SignalNumber.terminate, SignalNumber.child]
        // Blocked before the prctl, so a death signal sent at once is kept
        // for `waitForSignal`, not acted on.
        SystemCall.blockSignals(signals)
        guard (try? SystemCall.setParentDeathSignal(SignalNumber.terminate)) != nil else { return 126 }
        SystemCall.becomeChildSubreaper()
        guard SystemCall.parentProcessID() == tool else { return 126 }
        var spawn = Spawn(executable: shell[0], arguments: shell)
        spawn.clearsSignalMask = true
        spawn.defaultSignals = [SignalNumber.brokenPipe]
        let app: Int32
        do {
            app = try spawn.run()
        } catch {
            Self.diagnose("dragreplay: cannot run \(shell[0]): \(error)\n")
            return 127
        }
        // The app's pipes are the app's: a launcher holding them would keep
        // the tool's writes from failing with EPIPE once the app closed its stdin.
        for fd: Int32 in [0, 1, 2] { try? SystemCall.close(fd) }
        while true {
            let signal = SystemCall.waitForSignal(signals)
            while let (pid, status) = SystemCall.reapAnyExited() {
                guard pid == app else { continue }
                // Before the launcher exits: afterwards its orphans are the
                // tool's, and one with no marker and no group of the app's
                // can no longer be told from any other child of the tool.
                killEverythingBelow()
                endLike(status)
            }
            // A SIGTERM while the tool lives is the tool's own `terminate`
            // of the group: the shell has it too, and its end is relayed.
            if signal == SignalNumber.terminate, SystemCall.parentProcessID() != tool {
                killEverythingBelow()
                return 128 + SignalNumber.terminate
            }
        }
    }

    /// Ends the launcher as the shell ended: the same exit status, or the
    /// same signal (raised at itself, without a core file).
    private static func endLike(_ status: Int32) -> Never {
        switch WaitStatus(status) {
        case .exited(let code):
            SystemCall.exit(code)
        case .signaled(let signal):
            SystemCall.disableCoreDumps()
            SystemCall.restoreDefaultAction(of: signal)
            SystemCall.unblockSignals([signal])
            SystemCall.raise(signal)
            SystemCall.exit(128 + signal)
        }
    }

    /// SIGKILL to every live process whose parent chain leads to the
    /// launcher (as a subreaper, the orphans of the app's tree are its
    /// children, `setsid` or not), reaping as they die, until none is left
    /// (at most 100 rounds of `/proc`).
    private static func killEverythingBelow() {
        let me = SystemCall.processID()
        for round in 0..<100 {
            let table = ProcessTable.snapshot()
            var parents: [Int32: Int32] = [:]
            for entry in table { parents[entry.pid] = entry.parent }
            var live = 0
            for entry in table where !entry.isZombie && AppProcess.ancestors(of: entry.pid, parents: parents).contains(me) {
                try? SystemCall.kill(entry.pid, SignalNumber.kill)
                live += 1
            }
            while SystemCall.reapAnyExited() != nil {}
            if live == 0 { return }
            if round > 0 { SystemCall.sleep(microseconds: 2_000) }
        }
    }

    private static func diagnose(_ text: String) {
        var bytes = Array(text.utf8)
        _ = try? SystemCall.write(2, from: &bytes, count: bytes.count)
    }
}

/// The one thread that starts every launcher. Linux sends the parent-death
/// signal when the *thread* that created the child exits, not the process:
/// apps are started by campaign workers and Dispatch threads, which come and
/// go, so a launcher they started directly would be told the tool died
/// while it runs. This thread lives as long as the process; callers hand it
/// their `Spawn` and wait for the pid or the error.
final class Spawner: Sendable {
    /// nil if the thread could not be started (apps are then started directly).
    static let shared: Spawner? = {
        let spawner = Spawner()
        do {
            try SystemCall.startThread { spawner.serve() }
        } catch {
            return nil
        }
        return spawner
    }()

    private final class Request: @unchecked Sendable {
        let spawn: Spawn
        /// Written by the spawner thread before `done.signal()`, read after `done.wait()`.
        var result: Result<Int32, Errno> = .failure(Errno(0))
        let done = Semaphore()
        init(_ spawn: Spawn) { self.spawn = spawn }
    }

    private let queue = Mutex<[Request]>([])
    private let pending = Semaphore()

    /// `spawn.run()` on the spawner thread.
    func run(_ spawn: Spawn) throws(Errno) -> Int32 {
        let request = Request(spawn)
        queue.withLock { $0.append(request) }
        pending.signal()
        request.done.wait()
        return try request.result.get()
    }

    private func serve() {
        while true {
            pending.wait()
            guard let request = queue.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { continue }
            do {
                request.result = .success(try request.spawn.run())
            } catch {
                request.result = .failure(error)
            }
            request.done.signal()
        }
    }
}
