import DragFuzz
import DragRecording
import DragSystem
import KnownBugs
import ReorderReplicas

/// The options only `fuzz --replicas` takes.
let replicaFuzzOptionSpecs: [OptionSpec] = [
    OptionSpec(
        names: ["--replicas"], valueName: "N",
        help: "fuzz replicated sessions of N replicas (2 to 8): version 3 cases, checked by replay (docs/replicas.md)"),
    OptionSpec(
        names: ["--merge"], valueName: "MODEL", allowed: ReplicaModel.allCases.map(\.rawValue),
        help: "with --replicas: the model, server or causal (default causal, or what --merge-bug imitates)"),
    OptionSpec(
        names: ["--nemesis"], valueName: "LIST",
        help: "with --replicas: what the channel does, of \(Nemesis.allCases.map(\.rawValue).joined(separator: ",")) (default: all)"),
    OptionSpec(
        names: ["--merge-bug"], valueName: "NAME", allowed: MergeBug.builtInNames,
        help: "with --replicas: a known-buggy merge in place of the model: \(MergeBug.builtInNames.joined(separator: ", "))"),
    OptionSpec(
        names: ["--deletes"], valueName: "MODE", allowed: ReplicaOptions.Deletes.allCases.map(\.rawValue),
        help: "with --replicas: the header's deletes, win (default) or either"),
    OptionSpec(
        names: ["--blocks"], valueName: "MODE", allowed: ReplicaOptions.Blocks.allCases.map(\.rawValue),
        help: "with --replicas: the header's blocks, whole (default) or per-item"),
    appServerOption, appReplicaOption,
]

/// Options of the single-replica fuzz that a replicated campaign does not take yet.
let notYetWithReplicas = [
    "--applier", "--handler", "--world", "--oracle", "--layout", "--mode", "--shard", "--summary", "--db",
    "--render", "--require-coverage", "--format",
]

/// `fuzz` without `--replicas`: a replica-only option is a usage error.
func refuseReplicaOptions(_ args: ParsedArguments) throws(UsageError) {
    for name in ["--merge", "--nemesis", "--merge-bug", "--deletes", "--blocks", "--app-server", "--app-replica"]
    where args.value(name) != nil {
        throw UsageError("'\(name)' is only for 'fuzz --replicas N'.")
    }
}

/// The options of `fuzz --replicas N`, or the usage error.
func replicaFuzzOptions(_ args: ParsedArguments) throws(UsageError) -> ReplicaFuzzOptions {
    for name in notYetWithReplicas where args.value(name) != nil || args.has(name) {
        throw UsageError("'\(name)' is not yet with --replicas.")
    }
    let replicas = try args.integer("--replicas", in: ReplicaFuzzOptions.replicaRange)!
    let bug = args.value("--merge-bug").flatMap(MergeBug.named)
    let asked = args.value("--merge").flatMap(ReplicaModel.init(rawValue:))
    if let bug, let asked, asked != bug.imitates {
        throw UsageError(
            "'--merge-bug \(bug.name)' imitates the \(bug.imitates.rawValue) model; it cannot run with '--merge \(asked.rawValue)'.")
    }
    var nemeses = Set(Nemesis.allCases)
    if let list = args.value("--nemesis") {
        switch Nemesis.parseList(list) {
        case .success(let set): nemeses = set
        case .failure:
            throw UsageError(
                "Invalid value \(quote(list)) for '--nemesis' (expected names from \(Nemesis.allCases.map(\.rawValue).joined(separator: ", ")), separated by commas)."
            )
        }
    }
    var seconds: Double?
    if let t = args.value("--time") {
        guard let v = Double(t), v > 0, v <= 1e9 else {
            throw UsageError("Invalid value \(quote(t)) for '--time' (expected a number of seconds > 0).")
        }
        seconds = v
    }
    let runs = try args.integer("--runs", in: 1...1_000_000_000_000) ?? (seconds == nil ? 10_000 : nil)
    let seed = try args.integer("--seed", in: 0...Int.max) ?? 1
    var jobs = try args.integer("--jobs", in: 1...256) ?? SystemCall.processorCount()
    if let runs { jobs = min(jobs, runs) }
    return ReplicaFuzzOptions(
        replicas: replicas, model: asked ?? bug?.imitates ?? .causal, bug: bug, nemeses: nemeses,
        deletes: args.value("--deletes").flatMap(ReplicaOptions.Deletes.init(rawValue:)) ?? .win,
        blocks: args.value("--blocks").flatMap(ReplicaOptions.Blocks.init(rawValue:)) ?? .whole, runs: runs, seconds: seconds,
        seed: UInt64(seed), jobs: max(1, jobs), outDirectory: try args.path("--out") ?? "corpora/found")
}

/// `fuzz --replicas N`: the replicated campaign; exit 1 when a finding was
/// written, 2 when one could not be.
func fuzzReplicas(_ args: ParsedArguments) throws -> Int32 {
    var options = try replicaFuzzOptions(args)
    let pool = try startReplicaApps(args, model: options.model, ids: options.ids)
    defer { pool?.close() }
    if let pool { options.code = replicaAppMerge(pool, imitates: options.model) }
    let out = options.outDirectory!
    FindingStore(directory: out).removeStaleTemporaries()
    do throws(SystemError) { try FileSystem.createDirectory(out) } catch {
        Output.diagnose(error.description)
        return 2
    }
    Signals.handleInterruptions()
    options.shouldStop = Signals.shouldStop
    let summary = ReplicaCampaign(options: options).run()
    // Timings go to stderr: stdout stays byte-identical for the same seed and --runs.
    let rate = perSecond(Double(summary.cases) / max(summary.elapsed, 1e-9))
    Output.diagnose(
        "fuzz --replicas: \(summary.cases) cases in \(seconds2(summary.elapsed))s (\(rate) cases/s), "
            + "shrinking \(seconds2(summary.shrinkSeconds))s\(summary.interrupted ? ", interrupted" : "")")
    for failure in summary.writeFailures { Output.diagnose(failure.description) }
    try Output.out(summary.text(options))
    if !summary.writeFailures.isEmpty { return 2 }
    return summary.findings.isEmpty ? 0 : 1
}
