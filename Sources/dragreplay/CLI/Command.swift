import DragApp
import DragCorpus
import DragRecording
import DragReplay
import KnownBugs
import ReorderCore
import ReorderReplicas

/// One subcommand: its options, its help, and what it does. Returns the exit code.
struct Command: Sendable {
    var name: String
    var usage: String
    var abstract: String
    var discussion: String
    var options: [OptionSpec]
    var run: @Sendable (ParsedArguments) throws -> Int32

    /// `dragreplay help NAME`.
    var help: String {
        var s = "OVERVIEW: \(abstract)\n\nUSAGE: \(usage)\n\n\(discussion)\n"
        if !options.isEmpty {
            s += "\nOPTIONS:\n"
            for o in options {
                let left = o.names.joined(separator: ", ") + (o.valueName.map { " \($0)" } ?? "")
                s += "  " + left + String(repeating: " ", count: max(2, 24 - left.count)) + o.help + "\n"
            }
        }
        return s
    }
}

/// The tool's version number: the one place it is written. `--version`
/// and the app protocol's `hello` say it; the docs quote it, and a test
/// checks every `dragreplay N.N.N` in them against `--version`.
let toolVersion = "0.4.0"
let version = "dragreplay \(toolVersion) (dragrec v1, v2 and v3, app protocol 1 and 2)"

let applierOption = OptionSpec(
    names: ["--applier"], valueName: "NAME", allowed: Applier<StringID, StringID?>.builtInNames,
    help: "the apply function under test: \(Applier<StringID, StringID?>.builtInNames.joined(separator: ", ")) (default: canonical)")

let handlerOption = OptionSpec(
    names: ["--handler"], valueName: "NAME", allowed: SwipeHandler<StringID>.builtInNames,
    help: "the swipe action handlers under test: \(SwipeHandler<StringID>.builtInNames.joined(separator: ", ")) (default: correct)")

let mergeBugOption = OptionSpec(
    names: ["--merge-bug"], valueName: "NAME", allowed: MergeBug.builtInNames,
    help: "version 3 recordings: a known-buggy merge in place of the recording's model: \(MergeBug.builtInNames.joined(separator: ", "))")

let appOption = OptionSpec(
    names: ["--app"], valueName: "COMMAND",
    help: "put an app under test: COMMAND runs with /bin/sh -c and speaks the app protocol (see 'dragreplay help app')")

let appServerOption = OptionSpec(
    names: ["--app-server"], valueName: "COMMAND",
    help: "replicas, the server model: an app (protocol 2) plays the server; the model or --app plays the clients")

let appReplicaOption = OptionSpec(
    names: ["--app-replica"], valueName: "ID=COMMAND",
    help: "replicas: an app (protocol 2) plays client ID only, in place of --app or the model (repeatable)", repeatable: true)

let appTimeoutOption = OptionSpec(names: ["--app-timeout"], valueName: "SECONDS", help: "how long the app may take to answer (default 10)")

/// The app of `--app`, started and past `hello`; `nil` without `--app`.
/// Ctrl-C and SIGTERM then stop it too: it runs in a process group of its
/// own, out of reach of the terminal's signals.
func startApp(_ args: ParsedArguments) throws -> AppSubject? {
    guard let command = args.value("--app") else { return nil }
    if args.value("--applier") != nil { throw UsageError("'--applier' and '--app' exclude each other: the app is the code under test.") }
    if args.value("--handler") != nil {
        throw UsageError("'--handler' and '--app' exclude each other: the app's own swipe handlers are under test.")
    }
    guard !command.isEmpty else { throw UsageError("Invalid value '' for '--app' (expected a command).") }
    var timeout = 10.0
    if let t = args.value("--app-timeout") {
        guard let v = Double(t), v > 0, v <= 86_400 else {
            throw UsageError("Invalid value \(quote(t)) for '--app-timeout' (expected seconds > 0).")
        }
        timeout = v
    }
    Signals.stopAppsOnExit()
    return try AppSubject(command: command, timeout: timeout, tool: "dragreplay \(toolVersion)")
}

/// The `--app-timeout` value, 10 s by default.
func appTimeout(_ args: ParsedArguments) throws(UsageError) -> Double {
    guard let t = args.value("--app-timeout") else { return 10 }
    guard let v = Double(t), v > 0, v <= 86_400 else {
        throw UsageError("Invalid value \(quote(t)) for '--app-timeout' (expected seconds > 0).")
    }
    return v
}

/// The apps that play replicas (`--app`, `--app-replica ID=COMMAND`,
/// `--app-server`), started and past a protocol 2 hello; `nil` when none
/// is given. `ids`: the client replicas a campaign generates (`nil`: any,
/// as in a replay).
func startReplicaApps(_ args: ParsedArguments, model: ReplicaModel?, ids: [String]?, deadline: Double? = nil) throws -> AppReplicaPool? {
    var perReplica: [String: String] = [:]
    for entry in args.all("--app-replica") {
        guard let eq = entry.firstIndex(of: "="), eq != entry.startIndex, entry.index(after: eq) != entry.endIndex else {
            throw UsageError("Invalid value \(quote(entry)) for '--app-replica' (expected ID=COMMAND, such as A=\"python3 app.py\").")
        }
        let id = String(entry[..<eq])
        if let ids, !ids.contains(id) {
            throw UsageError("'--app-replica \(id)=...' names no replica of the campaign (\(ids.joined(separator: ", "))).")
        }
        if perReplica.updateValue(String(entry[entry.index(after: eq)...]), forKey: id) != nil {
            throw UsageError("'--app-replica' gives replica \(quote(id)) twice.")
        }
    }
    let commands = AppReplicaPool.Commands(clients: args.value("--app"), perReplica: perReplica, server: args.value("--app-server"))
    if commands.clients == nil && perReplica.isEmpty && commands.server == nil { return nil }
    if commands.server != nil, model == .causal {
        throw UsageError("'--app-server' plays the server of '--merge server'; the causal model has none.")
    }
    for name in ["--applier", "--handler", "--merge-bug"] where args.value(name) != nil {
        throw UsageError("'\(name)' and the replica apps exclude each other: the apps are the code under test.")
    }
    Signals.stopAppsOnExit()
    let pool = try AppReplicaPool(commands: commands, timeout: try appTimeout(args), tool: "dragreplay \(toolVersion)", deadline: deadline)
    if let ids, let model, let reason = ownMergeRefusal(pool, model: model, ids: ids) {
        pool.close()
        throw UsageError(reason)
    }
    return pool
}

/// Why the apps cannot play a case of `model` with client replicas `ids`:
/// a merge of its own speaks its own wire format, which the model's
/// replicas cannot read; `nil` when they can.
func ownMergeRefusal(_ pool: AppReplicaPool, model: ReplicaModel, ids: [String]) -> String? {
    guard pool.ownMerge else { return nil }
    let c = pool.commands
    let modelPlays = (model == .server && c.server == nil) || ids.contains { c.command(for: $0) == nil }
    guard modelPlays else { return nil }
    return "an app with a merge of its own (\"merge-own\" in its hello) cannot sync with replicas the model plays: "
        + "give it every client (--app) and, in the server model, the server (--app-server)"
}

/// The code under test of `replay` and `render`: the app of `--app` for
/// recordings without replicas, and the apps that play replicas (protocol
/// 2: `--app`, `--app-replica`, `--app-server`) for version 3 recordings.
struct ReplayApps {
    var app: AppSubject?
    var pool: AppReplicaPool?
    /// Why a recording without replicas cannot replay (the app plays replicas only).
    var singleReplicaRefusal: String?

    /// Puts the apps into `options`.
    func configure(_ options: inout ReplayOptions) {
        if let pool { options.merge = replicaAppMerge(pool, imitates: nil) }
        options.singleReplicaRefusal = singleReplicaRefusal
    }

    func close() {
        app?.close()
        pool?.close()
    }
}

/// Starts the apps of `replay` and `render`. The app of `--app` gets
/// protocol 1's hello (an answer of protocol 2 is accepted); one that plays
/// replicas also gets the replica pool, and one that plays replicas only,
/// or refuses a protocol 1 hello but passes protocol 2's, is kept for
/// version 3 recordings alone.
func startReplayApps(_ args: ParsedArguments) throws -> ReplayApps {
    var apps = ReplayApps()
    let replicasOnly =
        "the app plays replicas only (its hello lists no \"apply\"): a recording without replicas has nothing of it to test"
    if let command = args.value("--app") {
        do {
            apps.app = try startApp(args)
        } catch let error as AppHostError {
            // An app of protocol 2 only may refuse protocol 1's hello.
            guard case .hello = error,
                let probe = try? AppReplicaPool(commands: .init(clients: command), timeout: try appTimeout(args), tool: "dragreplay")
            else { throw error }
            probe.close()
            apps.singleReplicaRefusal = replicasOnly
        }
    }
    if let app = apps.app, app.playsReplicasOnly {
        apps.singleReplicaRefusal = replicasOnly
        apps.app = nil
    }
    if apps.singleReplicaRefusal != nil || apps.app?.playsReplicas == true || args.value("--app-server") != nil
        || !args.all("--app-replica").isEmpty
    {
        apps.pool = try startReplicaApps(args, model: nil, ids: nil)
    }
    return apps
}

/// The merge under test the replica apps make, case by case.
func replicaAppMerge(_ pool: AppReplicaPool, imitates: ReplicaModel?) -> ReplicaMergeUnderTest {
    let c = pool.commands
    let name =
        [c.clients.map { "--app \(Format.shellQuoted($0))" }, c.server.map { "--app-server \(Format.shellQuoted($0))" }]
        .compactMap { $0 }.joined(separator: " ")
        + c.perReplica.sorted { $0.key < $1.key }.map { " --app-replica \($0.key)=\(Format.shellQuoted($0.value))" }.joined()
    return ReplicaMergeUnderTest(
        name: name.trimmingPrefix(" ").description, imitates: imitates, ownMerge: pool.ownMerge,
        refusal: { ownMergeRefusal(pool, model: $0.model, ids: $0.ids) }
    ) { start in
        pool.merge(ids: start.ids, data: start.data, model: start.model, options: start.options, layout: start.layout)
    }
}

func applier(_ args: ParsedArguments) -> Applier<StringID, StringID?> {
    Applier<StringID, StringID?>.named(args.value("--applier") ?? "canonical")!
}

func handler(_ args: ParsedArguments) -> SwipeHandlerKind {
    SwipeHandlerKind(rawValue: args.value("--handler") ?? "correct")!
}

/// The recordings named by `arguments`, or a usage error naming what is missing.
func recordingPaths(_ arguments: [String], command: String) throws -> [String] {
    guard !arguments.isEmpty else { throw UsageError("'\(command)' needs at least one PATH (a recording, or a directory of *.jsonl).") }
    return try RecordingPaths.expand(arguments)
}
