import DragCorpus
import DragFuzz
import DragReader
import DragRecording
import DragReplay
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
    "--oracle", "--layout", "--mode", "--summary", "--render", "--require-coverage", "--format",
]

/// Options of the single-replica fuzz that mean nothing for replicas: the
/// code under test of a replicated campaign is a merge (`--merge-bug`, or
/// apps over protocol 2), not an applier or a swipe handler.
let notForReplicas = ["--applier", "--handler"]

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
    for name in notForReplicas where args.value(name) != nil {
        throw UsageError(
            "'\(name)' does not apply to --replicas: a replicated campaign tests a merge ('--merge-bug NAME', or apps with '--app', '--app-replica', '--app-server')."
        )
    }
    let replicas = try args.integer("--replicas", in: ReplicaFuzzOptions.replicaRange)!
    let world = try loadReplicaWorld(args)
    let bug = args.value("--merge-bug").flatMap(MergeBug.named)
    let asked = args.value("--merge").flatMap(ReplicaModel.init(rawValue:)) ?? (bug == nil ? world?.replicas?.merge : nil)
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
    let seconds = try parseTime(args)
    let runs = try args.integer("--runs", in: 1...1_000_000_000_000) ?? (seconds == nil ? 10_000 : nil)
    let seed = try args.integer("--seed", in: 0...Int.max) ?? 1
    var jobs = try args.integer("--jobs", in: 1...256) ?? SystemCall.processorCount()
    if let runs { jobs = min(jobs, runs) }
    var options = ReplicaFuzzOptions(
        replicas: replicas, model: asked ?? bug?.imitates ?? .causal, bug: bug, nemeses: nemeses,
        deletes: args.value("--deletes").flatMap(ReplicaOptions.Deletes.init(rawValue:)) ?? world?.replicas?.options.deletes ?? .win,
        blocks: args.value("--blocks").flatMap(ReplicaOptions.Blocks.init(rawValue:)) ?? world?.replicas?.options.blocks ?? .whole,
        runs: runs, seconds: seconds, seed: UInt64(seed), jobs: max(1, jobs), outDirectory: try args.path("--out") ?? "corpora/found")
    if let text = args.value("--shard") {
        let shard = try parseShard(text)
        options.shard = Shard(index: shard.index, count: shard.count)!
    }
    options.world = world
    return options
}

/// `--world FILE` for replicas: the header every case starts from. Its
/// data, layout and rules are read as `fuzz --world` reads them (the same
/// checks and limits); a version 3 header's `merge`, `deletes` and
/// `blocks` are the defaults of `--merge`, `--deletes` and `--blocks`.
func loadReplicaWorld(_ args: ParsedArguments) throws(UsageError) -> RecordingHeader? {
    guard let path = try args.path("--world") else { return nil }
    _ = try loadWorld(args)  // the checks of a world: its limits, its rules
    do { return try RecordingReader(path: path).header } catch {
        throw UsageError("'--world' \(Format.shellQuoted(path)): \(error.diagnostic.message)")
    }
}

/// `fuzz --replicas N`: the replicated campaign; exit 1 when a finding was
/// written, 2 when one could not be.
func fuzzReplicas(_ args: ParsedArguments) throws -> Int32 {
    var options = try replicaFuzzOptions(args)
    // `--time` counts from here: starting the apps is part of the run, and
    // every app's waits end at the campaign's own deadline.
    let started = MonotonicClock.now().seconds
    options.started = started
    let pool = try startReplicaApps(args, model: options.model, ids: options.ids, deadline: options.deadline(from: started))
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
    let dbPath = try args.path("--db")
    // The database first: a regression an earlier campaign found is found again before anything new.
    var db = try dbPath.map { path throws(CorpusError) in try replayReplicaDatabase(path, options: options) }
    if let dbPath, let db { printDatabaseReplay(dbPath, db) }
    let summary = ReplicaCampaign(options: options).run()
    // Timings go to stderr: stdout stays byte-identical for the same seed and --runs.
    let rate = perSecond(Double(summary.cases) / max(summary.elapsed, 1e-9))
    Output.diagnose(
        "fuzz --replicas: \(summary.cases) cases in \(seconds2(summary.elapsed))s (\(rate) cases/s), "
            + "shrinking \(seconds2(summary.shrinkSeconds))s\(summary.interrupted ? ", interrupted" : "")")
    if summary.cases == 0 {
        Output.diagnose(notExercised("fuzz --replicas", interrupted: summary.interrupted, timed: options.seconds != nil))
    }
    if let shallow = summary.shallowness(inWorld: options.world != nil) { Output.diagnose("fuzz --replicas: warning: " + shallow) }
    for failure in summary.writeFailures { Output.diagnose(failure.description) }
    if let dbPath, var report = db {
        addToDatabase(dbPath, files: summary.findings.map { ($0.fileName, $0.text) }, report: &report)
        Output.diagnose("db: \(SafeText.path(dbPath)): \(report.added.count) new finding\(report.added.count == 1 ? "" : "s") added")
        for e in report.addFailures { Output.diagnose(e.description) }
        db = report
    }
    try Output.out(summary.text(options))
    if !summary.writeFailures.isEmpty || !(db?.addFailures.isEmpty ?? true) { return 2 }
    // A database recording that still fails, or no longer reads, fails the campaign as a new finding does.
    let dbFails = !(db?.stillFailing.isEmpty ?? true) || !(db?.unreadable.isEmpty ?? true)
    return summary.findings.isEmpty && !dbFails ? 0 : 1
}

/// Replays the version 3 recordings in `directory` (missing: an empty
/// database) with the campaign's merge under test: a finding that still
/// fails is a regression found again, first. Recordings of one replica in
/// the same folder are left to `fuzz --db` without `--replicas` (counted
/// on stderr, not replayed).
func replayReplicaDatabase(_ directory: String, options: ReplicaFuzzOptions) throws(CorpusError) -> DatabaseSummary {
    var report = DatabaseSummary(directory: directory)
    guard FileSystem.exists(directory) else { return report }
    let replayer = Replayer(options: options.replayOptions)
    var skipped = 0
    // Past `--time` the rest is not replayed; apps' waits end at the
    // deadline, so their result reached past it is the deadline's.
    let deadline = options.deadline(from: options.started ?? MonotonicClock.now().seconds)
    func pastDeadline() -> Bool { MonotonicClock.isPast(deadline) }
    for path in try RecordingPaths.expand([directory]) {
        if let header = try? RecordingReader(path: path).header, header.replicas == nil {
            skipped += 1
            continue
        }
        if pastDeadline() {
            report.notReplayed.append(path)
            continue
        }
        let result = replayer.run(path: path)
        if options.code != nil, pastDeadline() {
            report.notReplayed.append(path)
            continue
        }
        report.record(result, of: path)
    }
    if skipped > 0 {
        Output.diagnose(
            "db: \(SafeText.path(directory)): \(skipped) recording\(skipped == 1 ? "" : "s") of one replica not replayed (they replay with 'fuzz --db' without --replicas)"
        )
    }
    return report
}
