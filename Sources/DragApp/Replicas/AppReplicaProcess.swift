import DragReader
import DragRecording
import DragSystem
import ReorderReplicas

/// One app process that plays replicas over protocol 2 (replicas-v1 8),
/// one case after another: started and greeted once, `reset` per case,
/// dropped after any failure (the next case starts a fresh one).
public final class AppReplicaProcess {
    public let command: String
    public let timeout: Double
    public let directory: String?
    /// The name the app gave in `hello`.
    public private(set) var appName = ""
    /// What it can play (`replica`, `server`) and whether its merge is its
    /// own (`merge-own`).
    public private(set) var supports: Set<String> = []
    var process: AppProcess?
    /// The run's deadline on the monotonic clock (`fuzz --replicas --time`),
    /// as `AppSubject.deadline`: past it the app gets no request (a timeout
    /// at once, naming `--time`), and no wait goes past it by more than
    /// `AppSubject.deadlineGrace`.
    public var deadline: Double?

    /// Starts the app and checks its `hello` for protocol 2 and `role`
    /// (`"replica"` or `"server"`) in `supports`.
    /// - Throws: `AppHostError` when it cannot start or its hello does not qualify.
    public init(
        command: String, role: String, timeout: Double = 10, directory: String? = nil, tool: String = "dragreplay",
        deadline: Double? = nil
    ) throws(AppHostError) {
        self.command = command
        self.timeout = timeout
        self.directory = directory
        self.deadline = deadline
        let p: AppProcess
        do { p = try AppProcess(command: command, directory: directory) } catch { throw .process(command: command, error) }
        do {
            try greet(p, role: role, tool: tool)
        } catch {
            p.terminate()
            throw error
        }
        process = p
    }

    deinit { process?.terminate() }

    /// Whether the app says its merge is its own (only the model-free checks apply).
    public var ownsMerge: Bool { supports.contains("merge-own") }
    /// Whether the process is still usable (no failure so far).
    public var isRunning: Bool { process != nil }

    private func greet(_ p: AppProcess, role: String, tool: String) throws(AppHostError) {
        let hello = AppMessages.object { w in
            w.key("op")
            w.string("hello")
            w.key("protocol")
            w.integer(2)
            w.key("tool")
            w.string(tool)
        }
        let answer: JSONValue
        do {
            answer = try parseJSON(try p.request(hello, timeout: limited(max(timeout, AppSubject.helloTimeout))))
        } catch let e as AppProcessError {
            throw .hello(command: command, reason: e.description + AppSubject.tail(p.stderrTail))
        } catch {
            throw .hello(command: command, reason: "the answer is not JSON: \(error)")
        }
        guard case .object(let o) = answer, o["ok"] == .bool(true) else {
            throw .hello(command: command, reason: "expected {\"ok\":true,\"protocol\":2,...}, got \(AppSubject.show(answer))")
        }
        guard o["protocol"]?.exactInteger == 2 else {
            throw .hello(
                command: command,
                reason:
                    "the app speaks protocol \(o["protocol"].map(AppSubject.show) ?? "(none)"); playing replicas needs protocol 2 (replicas-v1 8)"
            )
        }
        guard case .array(let list)? = o["supports"], list.allSatisfy({ if case .string = $0 { true } else { false } }) else {
            throw .hello(command: command, reason: "field \"supports\" must be an array of strings")
        }
        supports = Set(list.compactMap { if case .string(let s) = $0 { s } else { nil } })
        guard supports.contains(role) else {
            throw .hello(
                command: command,
                reason:
                    "\"supports\" must include \"\(role)\" for the app to play \(role == "server" ? "the server" : "a client replica"); it lists \(supports.sorted())"
            )
        }
        if case .string(let n)? = o["name"] { appName = n }
    }

    /// One request and its answer line; a failure of the process is a
    /// `SyncFailure` naming what happened, and the process is gone.
    func request(_ line: [UInt8]) throws(SyncFailure) -> [UInt8] {
        guard let process else { throw SyncFailure(.appCrash, "the app is not running") }
        try checkDeadline()
        if process.unreadCount > 0 {
            let count = process.unreadCount
            stop()
            throw SyncFailure(.appProtocol, "the app wrote an answer with no request outstanding (\(count) bytes nobody asked for)")
        }
        let limit = limited(timeout)
        do { return try process.request(line, timeout: limit) } catch { throw failure(error, limit: limit) }
    }

    /// `seconds`, or less: what is left until the deadline and its grace.
    func limited(_ seconds: Double) -> Double {
        guard let deadline else { return seconds }
        return min(seconds, max(0, deadline - MonotonicClock.now().seconds) + AppSubject.deadlineGrace)
    }

    /// Past the deadline the app gets no request: a timeout naming `--time`, and it is stopped.
    func checkDeadline() throws(SyncFailure) {
        guard MonotonicClock.isPast(deadline) else { return }
        stop()
        throw SyncFailure(.appTimeout, "the run's time ran out (--time) before this request")
    }

    /// Writes a request without waiting for its answer (`collect` reads
    /// it): what the pipe takes now, the rest while collecting.
    func submit(_ line: [UInt8]) throws(SyncFailure) {
        guard let process else { throw SyncFailure(.appCrash, "the app is not running") }
        try checkDeadline()
        if process.unreadCount > 0 {
            let count = process.unreadCount
            stop()
            throw SyncFailure(.appProtocol, "the app wrote an answer with no request outstanding (\(count) bytes nobody asked for)")
        }
        process.queue(line)
        do { try process.flushQueue() } catch { throw failure(error) }
    }

    /// The answer to the request `submit` wrote, within the timeout.
    func collect() throws(SyncFailure) -> [UInt8] {
        guard let process else { throw SyncFailure(.appCrash, "the app is not running") }
        while true {
            if let line = process.nextAnswer() { return line }
            let limit = limited(timeout)
            do { try process.pump(waiting: true, timeout: limit) } catch { throw failure(error, limit: limit) }
        }
    }

    /// A failed exchange as the check it is; the process is gone.
    private func failure(_ error: AppProcessError, limit: Double? = nil) -> SyncFailure {
        let text = "\(error)" + AppSubject.tail(process?.stderrTail ?? "")
        stop()
        if case .timeout = error, let limit, limit < timeout {
            // The deadline's doing, not the app's: said so.
            return SyncFailure(.appTimeout, "the run's time ran out (--time) while the app was answering")
        }
        switch error {
        case .timeout: return SyncFailure(.appTimeout, text)
        case .lineTooLong, .outputFlood: return SyncFailure(.appProtocol, text)
        default: return SyncFailure(.appCrash, text)
        }
    }

    /// Kills the process: after a failure its state is unknown.
    func stop() {
        process?.terminate()
        process = nil
    }

    /// Says `bye` and waits for the app to exit.
    public func close() {
        guard let process else { return }
        // What the app started, read while it still leads to the app: its
        // exit cuts the parent chain of its orphans (as `AppSubject.close`).
        let tree = process.hasExitedWithoutReaping() ? [] : process.descendants()
        _ = try? process.request(AppMessages.bye, timeout: min(timeout, 2))
        _ = process.close(timeout: 2, known: tree)
        self.process = nil
    }
}
