import DragReader
import DragRecording
import DragSystem
import ReorderConformance
import ReorderCore

/// An app under test over the app protocol: a subprocess that keeps its own
/// data, is sent what the framework would send (`reset` per case, every
/// delivery and mutation, `configure` when it supports it) and answers with
/// its data. The model checks every answer (see `CheckedEngine`).
///
///     let app = try AppSubject(command: "python3 examples/apps/plain_lists.py")
///     var subject: (any ReorderSubject<StringID, StringID?>)? = app
///     let result = Replayer().run(&reader, subject: &subject)
///     app.close()
///
/// After a timeout, a crash or a protocol error the process is gone; the
/// next `reset` (the next case) starts a fresh one. The app's last 64 KiB of
/// stderr are kept and the end of them shown with any failure.
public final class AppSubject: ReorderSubject {
    public typealias ItemID = StringID
    public typealias CollectionID = StringID?

    public let command: String
    public let timeout: Double
    public let directory: String?
    /// The name the app gave in `hello`.
    public private(set) var appName: String = ""
    /// What it implements: `apply` (required), `configure`.
    public private(set) var supports: Set<String> = []
    /// The layout kinds the app draws, when its hello lists them
    /// (`"layouts": ["board"]`, an extension of protocol 1); `nil`: all.
    public private(set) var layouts: Set<LayoutKind>?
    /// The protocol its hello answered: 1, or 2 (it can also play replicas).
    public private(set) var protocolVersion = 1
    /// Protocol 2 and it plays replicas (`replica`, `server` in `supports`).
    public var playsReplicas: Bool { protocolVersion == 2 && !supports.isDisjoint(with: ["replica", "server"]) }
    /// It plays replicas and nothing else (no `apply`): its process is not kept.
    public var playsReplicasOnly: Bool { playsReplicas && !supports.contains("apply") }
    /// The tool's own name and version, sent in `hello`.
    public let tool: String
    /// The run's deadline on the monotonic clock (`MonotonicClock.now().seconds`):
    /// past it the app gets no request (a case then fails at once, as
    /// `timeout`, and the app is stopped), and no wait goes past it by more
    /// than `deadlineGrace`. `fuzz --time` sets it (issue 44 class 7).
    public var deadline: Double?
    /// How far a wait may run past `deadline`: enough that the caller,
    /// reading the same clock, sees the deadline passed.
    public static let deadlineGrace = 0.05

    var process: AppProcess?
    /// Processes started ahead, not yet greeted, oldest first: the next
    /// restart takes the oldest instead of starting one. Started once the
    /// app has needed a restart (an app that crashes once tends to crash
    /// again), `spareCount` of them, so each has had the time of a few
    /// cases to start and a crash costs no interpreter start-up while a case
    /// waits (issue 41 item 6).
    var spares: [AppProcess] = []
    /// Processes started so far, spares included.
    public private(set) var launches = 0
    /// How many spares restarts keep ready; 0 only to measure what they
    /// save (`dragreplay-bench app`).
    public var spareCount = 2
    /// Whether a crash in a fresh process is run again from its transcript
    /// (`Transcript`); off only to measure what that saves (`dragreplay-bench app`).
    public var usesTranscripts = true
    /// The collection ids of the current case, in order: answers must list them so.
    var collectionIDs: [StringID?] = []
    /// The case under way with its requests written ahead (`beginPipelinedCase`).
    var pipeline: Pipeline?
    /// The answers and the exit of a pipelined case the app crashed, for
    /// its run again (`Transcript`).
    var transcript: Transcript?
    /// Cases (resets) the current process has had.
    var resetsInProcess = 0

    /// Starts the app and says `hello`.
    /// - Throws: `AppHostError` when it cannot start or its `hello` is not protocol 1.
    public init(command: String, timeout: Double = 10, directory: String? = nil, tool: String = "dragreplay") throws(AppHostError) {
        self.command = command
        self.tool = tool
        self.timeout = timeout
        self.directory = directory
        try start()
    }

    deinit {
        process?.terminate()
        for p in spares { p.terminate() }
    }

    public var name: String { "app" }
    public var configures: Bool { supports.contains("configure") }
    /// The least time `hello` gets, whatever `--app-timeout` says.
    public static let helloTimeout = 10.0
    /// It listed `swipe` in its hello: it gets `open`, `close`, `perform` and `labels`.
    public var swipes: Bool { supports.contains("swipe") }

    /// What the app wrote to stderr last (at most 64 KiB).
    public var stderrTail: String { process?.stderrTail ?? "" }

    func start() throws(AppHostError) {
        let restarting = launches > 0
        // A spare that died while it waited (an app that cannot run twice
        // at once) is replaced, with those behind it, by a process started now.
        if let ready = spares.first, ready.exitStatus == nil, !ready.hasExitedWithoutReaping() {
            try greet(spares.removeFirst())
        } else {
            for dead in spares { dead.terminate() }
            spares = []
            try greet(try launchOrThrow())
        }
        // The next restarts' processes start now, while this one works.
        while restarting, spares.count < spareCount, process != nil, !pastDeadline, let next = try? launch() { spares.append(next) }
    }

    /// A new process of the app, counted, or why it could not start.
    func launchOrThrow() throws(AppHostError) -> AppProcess {
        do { return try launch() } catch { throw .process(command: command, error) }
    }

    /// A new process of the app, counted.
    func launch() throws(AppProcessError) -> AppProcess {
        let p = try AppProcess(command: command, directory: directory)
        launches += 1
        return p
    }

    /// Whether the run's deadline has passed.
    var pastDeadline: Bool { MonotonicClock.isPast(deadline) }

    /// Says `hello` to a started process and keeps it (`process`) when it
    /// answers protocol 1 or 2 with `apply`; else it is stopped.
    func greet(_ p: AppProcess) throws(AppHostError) {
        let answer: JSONValue
        do {
            // A cold start (an interpreter behind a shim, a JVM) is not a hang:
            // hello gets at least `helloTimeout`, every later answer `timeout`.
            // A restart's hello, too, ends at the deadline.
            answer = try parseJSON(try p.request(AppMessages.hello(tool: tool), timeout: limited(max(timeout, Self.helloTimeout))))
        } catch let e as AppProcessError {
            let tail = Self.tail(p.stderrTail)
            p.terminate()
            throw .hello(command: command, reason: e.description + tail)
        } catch {
            p.terminate()
            throw .hello(command: command, reason: "the answer is not JSON: \(error)")
        }
        guard case .object(let o) = answer, o["ok"] == .bool(true) else {
            p.terminate()
            throw .hello(command: command, reason: "expected {\"ok\":true,\"protocol\":1,...}, got \(Self.show(answer))")
        }
        // Protocol 2 (replicas-v1 8) extends 1: such an app plays a single
        // replica as a protocol 1 app does when `reset` names no replica.
        guard let version = o["protocol"]?.exactInteger, version == 1 || version == 2 else {
            p.terminate()
            throw .hello(
                command: command, reason: "the app speaks protocol \(o["protocol"].map(Self.show) ?? "(none)"); this tool speaks 1 and 2")
        }
        guard case .array(let list)? = o["supports"], list.allSatisfy({ if case .string = $0 { true } else { false } }) else {
            p.terminate()
            throw .hello(command: command, reason: "field \"supports\" must be an array of strings")
        }
        let supports = Set(list.compactMap { if case .string(let s) = $0 { s } else { nil } })
        if !supports.contains("apply"), version == 2, !supports.isDisjoint(with: ["replica", "server"]) {
            // It plays replicas only: nothing here for it to do; the caller
            // hosts it as replicas (`playsReplicasOnly`).
            self.supports = supports
            protocolVersion = 2
            p.terminate()
            return
        }
        guard supports.contains("apply") else {
            p.terminate()
            throw .hello(command: command, reason: "\"supports\" must include \"apply\"")
        }
        var layouts: Set<LayoutKind>?
        if let value = o["layouts"] {
            let names: [String]? = {
                guard case .array(let list) = value else { return nil }
                let names = list.compactMap { if case .string(let s) = $0 { s } else { nil } }
                return names.count == list.count ? names : nil
            }()
            guard let names, !names.isEmpty else {
                p.terminate()
                throw .hello(command: command, reason: "field \"layouts\" must be a non-empty array of layout kinds")
            }
            var kinds = Set<LayoutKind>()
            for name in names {
                guard let kind = LayoutKind(rawValue: name) else {
                    p.terminate()
                    throw .hello(
                        command: command,
                        reason:
                            "unknown layout kind \(Format.quoted(name)) in \"layouts\"; expected \(LayoutKind.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                }
                kinds.insert(kind)
            }
            layouts = kinds
        }
        self.supports = supports
        self.layouts = layouts
        if case .string(let n)? = o["name"] { appName = n }
        protocolVersion = Int(version)
        process = p
        resetsInProcess = 0
    }

    public func handle(_ request: SubjectRequest<StringID, StringID?>) throws(SubjectFailure) -> SubjectAnswer<StringID, StringID?> {
        if MonotonicClock.isPast(deadline) {
            if pipeline != nil {
                pipeline?.diverged = true
                return .none
            }
            fail()
            throw .timeout("the run's time ran out (--time) before this request")
        }
        if transcript != nil, let answer = try replayTranscript(request) { return answer }
        if case .reset(let container, _, _) = request {
            collectionIDs = container.collections.map(\.id)
            if process == nil {
                do { try start() } catch {
                    if pipeline != nil {
                        pipeline?.diverged = true
                    } else {
                        throw .crash("the app could not be restarted: \(error)")
                    }
                }
            }
            if pipeline?.outstanding.isEmpty == true { pipeline?.fresh = resetsInProcess == 0 }
            resetsInProcess += 1
        }
        if case .configure = request, !configures { return .none }
        if request.isSwipe && !swipes { return .none }
        guard let line = AppMessages.line(for: request) else { return .none }
        if pipeline != nil { return predict(request, line: line) }
        guard let process else { throw .crash("the app is not running") }
        // With one request outstanding at a time, anything already read is
        // an answer nobody asked for: it must not pass for this one's.
        if process.unreadCount > 0 { throw unsolicited(process) }
        let answerBytes: [UInt8]
        let limit = waitLimit
        do { answerBytes = try process.request(line, timeout: limit) } catch {
            if case .timeout = error, limit < timeout {
                // The deadline's doing, not the app's: said so.
                _ = failure(error, process)
                throw .timeout("the run's time ran out (--time) while the app was answering")
            }
            throw failure(error, process)
        }
        return try answer(to: request, answerBytes)
    }

    /// How long the next wait may take: `timeout`, cut at the deadline.
    var waitLimit: Double { limited(timeout) }

    /// `seconds`, or less: what is left until the deadline and its grace.
    func limited(_ seconds: Double) -> Double {
        guard let deadline else { return seconds }
        return min(seconds, max(0, deadline - MonotonicClock.now().seconds) + Self.deadlineGrace)
    }

    /// The failure a process error is reported as; the process is gone.
    func failure(_ error: AppProcessError, _ process: AppProcess) -> SubjectFailure {
        let tail = Self.tail(process.stderrTail)
        self.process = nil
        process.terminate()
        switch error {
        case .timeout: return .timeout("\(error)\(tail)")
        case .lineTooLong, .outputFlood: return .protocolViolation("\(error)\(tail)")
        default: return .crash("\(error)\(tail)")
        }
    }

    /// An answer with no request outstanding: a protocol error (the app is stopped).
    func unsolicited(_ process: AppProcess) -> SubjectFailure {
        let count = process.unreadCount
        let excerpt = process.nextAnswer().map(Self.excerpt) ?? "an unfinished line"
        fail()
        return .protocolViolation(
            "the app wrote an answer with no request outstanding (\(count) bytes on stdout nobody asked for, beginning with \(excerpt))")
    }

    /// The app's answer line to `request`, parsed and checked for its shape.
    func answer(to request: SubjectRequest<StringID, StringID?>, _ answerBytes: [UInt8]) throws(SubjectFailure) -> SubjectAnswer<
        StringID, StringID?
    > {
        let answer: JSONValue
        do { answer = try parseJSON(answerBytes) } catch {
            fail()
            throw .protocolViolation("the answer is not one JSON object: \(error.message); it was \(Self.excerpt(answerBytes))")
        }
        guard case .object(let o) = answer, case .bool(let ok)? = o["ok"] else {
            fail()
            throw .protocolViolation("expected an object with \"ok\", got \(Self.show(answer))")
        }
        if !ok {
            if case .string(let m)? = o["error"] { throw .error("the app refused: \(Format.quoted(m))") }
            throw .error("the app refused (no \"error\" given)")
        }
        if let targets = o["targets"] { try observe(targets) }
        switch request {
        case .configure: return .configuration(try configuration(o))
        case .open, .close: return .none
        case .perform: return .swipeData(try data(o), flags: try flags(o))
        case .labels: return .labels(try labels(o))
        default: return .data(try data(o))
        }
    }

    /// `targets` (optional, in any answer): `{LABEL: number}`, numbers
    /// about the app's own state the fuzzer steers toward making larger
    /// (`FuzzTarget`). Anything else is a protocol error: an app that meant
    /// to steer and cannot must hear it.
    func observe(_ targets: JSONValue) throws(SubjectFailure) {
        guard case .object(let map) = targets else {
            fail()
            throw .protocolViolation("\"targets\" must be an object of finite numbers by label, got \(Self.show(targets))")
        }
        for (label, value) in map.sorted(by: { $0.key < $1.key }) {
            guard let n = value.double, n.isFinite else {
                fail()
                throw .protocolViolation("the target \(Format.quoted(label)) must be a finite number, got \(Self.show(value))")
            }
            guard FuzzTarget.isLabel(label) else {
                fail()
                throw .protocolViolation(
                    "a label of \"targets\" must have 1 to \(FuzzTarget.maxLabelBytes) bytes; \(Format.quoted(label)) has \(label.utf8.count)"
                )
            }
            FuzzTarget.observe(n, label: label)
        }
    }

    /// `collections`: every collection in header order, with its items.
    func data(_ o: [String: JSONValue]) throws(SubjectFailure) -> [[StringID]] {
        guard case .array(let list)? = o["collections"] else {
            fail()
            throw .protocolViolation("the answer has no \"collections\" array")
        }
        guard list.count == collectionIDs.count else {
            fail()
            throw .protocolViolation("the answer lists \(list.count) collections; the case has \(collectionIDs.count)")
        }
        var result: [[StringID]] = []
        for (i, entry) in list.enumerated() {
            guard case .object(let c) = entry else {
                fail()
                throw .protocolViolation("collections[\(i)] is not an object")
            }
            let id: StringID?
            switch c["id"] {
            case .string(let s)?: id = StringID(s)
            case .null?, nil: id = nil
            default:
                fail()
                throw .protocolViolation("collections[\(i)].id must be a string or null")
            }
            guard id == collectionIDs[i] else {
                fail()
                throw .protocolViolation(
                    "collections[\(i)] is \(id.map(Format.quoted) ?? "null"); expected \(collectionIDs[i].map(Format.quoted) ?? "null") (header order)"
                )
            }
            guard case .array(let items)? = c["items"] else {
                fail()
                throw .protocolViolation("collections[\(i)].items must be an array of IDs")
            }
            var ids: [StringID] = []
            ids.reserveCapacity(items.count)
            for item in items {
                guard case .string(let s) = item else {
                    fail()
                    throw .protocolViolation("collections[\(i)].items holds \(Self.show(item)), not an ID string")
                }
                ids.append(StringID(s))
            }
            result.append(ids)
        }
        return result
    }

    /// `flags` after a `perform`: `{FLAG: [IDs]}` (an empty list is no flag).
    func flags(_ o: [String: JSONValue]) throws(SubjectFailure) -> [String: Set<StringID>] {
        guard case .object(let map)? = o["flags"] else {
            fail()
            throw .protocolViolation("the answer to perform has no \"flags\" object")
        }
        var flags: [String: Set<StringID>] = [:]
        for (flag, value) in map {
            guard case .array(let list) = value else {
                fail()
                throw .protocolViolation("the flag \(Format.quoted(flag)) must be an array of IDs")
            }
            var items = Set<StringID>()
            for entry in list {
                guard case .string(let id) = entry else {
                    fail()
                    throw .protocolViolation("the flag \(Format.quoted(flag)) holds \(Self.show(entry)), not an ID string")
                }
                items.insert(StringID(id))
            }
            if !items.isEmpty { flags[flag] = items }
        }
        return flags
    }

    /// `labels`: an array of strings.
    func labels(_ o: [String: JSONValue]) throws(SubjectFailure) -> [String] {
        guard case .array(let list)? = o["labels"] else {
            fail()
            throw .protocolViolation("the answer to labels has no \"labels\" array")
        }
        var labels: [String] = []
        for entry in list {
            guard case .string(let s) = entry else {
                fail()
                throw .protocolViolation("labels holds \(Self.show(entry)), not a string")
            }
            labels.append(s)
        }
        return labels
    }

    /// `operation`, and optionally `collection` and `before`.
    func configuration(_ o: [String: JSONValue]) throws(SubjectFailure) -> SubjectConfiguration<StringID, StringID?> {
        guard case .string(let op)? = o["operation"], let operation = DropOperation(rawValue: op) else {
            fail()
            throw .protocolViolation("\"operation\" must be \"move\", \"copy\" or \"forbidden\"")
        }
        var answer = SubjectConfiguration<StringID, StringID?>(operation: operation)
        switch o["collection"] {
        case nil: break
        case .null?: answer.collection = .some(nil)
        case .string(let s)?: answer.collection = .some(StringID(s))
        default:
            fail()
            throw .protocolViolation("\"collection\" must be a string or null")
        }
        switch o["before"] {
        case nil: break
        case .null?: answer.before = .some(nil)
        case .string(let s)?: answer.before = .some(StringID(s))
        default:
            fail()
            throw .protocolViolation("\"before\" must be an ID or null")
        }
        return answer
    }

    /// A protocol error: the next case needs a fresh process.
    func fail() {
        process?.terminate()
        process = nil
    }

    /// A fresh process for the next case: this one is closed, and the next
    /// `reset` starts another (a spare, when one is ready).
    public func restart() {
        transcript = nil
        closeProcess()
    }

    /// Says `bye`, closes the app's stdin and waits for it to exit; the
    /// spares (never greeted) get end of input and are waited for too.
    public func close() {
        transcript = nil
        closeProcess()
        let idle = spares
        spares = []
        for p in idle { _ = p.close(timeout: 2) }
    }

    func closeProcess() {
        guard let process else { return }
        // What the app started, read while it still leads to the app: `bye`
        // ends it, and its exit cuts the parent chain of its orphans.
        let tree = process.hasExitedWithoutReaping() ? [] : process.descendants()
        _ = try? process.request(AppMessages.bye, timeout: min(timeout, 2))
        _ = process.close(timeout: 2, known: tree)
        self.process = nil
    }

    static func tail(_ stderr: String) -> String {
        let lines = stderr.split(separator: "\n", omittingEmptySubsequences: true).suffix(12)
        if lines.isEmpty { return "" }
        let text = lines.joined(separator: "\n")
        let clipped = text.utf8.count > 2000 ? String(decoding: Array(text.utf8.suffix(2000)), as: UTF8.self) : text
        return "; the app's stderr ends with: " + Format.quoted(clipped)
    }

    static func excerpt(_ bytes: [UInt8]) -> String {
        Format.quoted(String(decoding: bytes.prefix(200), as: UTF8.self)) + (bytes.count > 200 ? "..." : "")
    }

    static func show(_ v: JSONValue) -> String {
        var w = _JSONBuffer()
        w.value(v)
        let bytes = w.bytes
        return String(decoding: bytes.prefix(200), as: UTF8.self) + (bytes.count > 200 ? "..." : "")
    }
}
