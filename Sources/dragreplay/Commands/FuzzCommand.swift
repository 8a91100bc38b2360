import DragApp
import DragFuzz
import DragRecording
import DragSystem
import ReorderCore

func fuzzApplier(_ args: ParsedArguments) -> (String, Applier<Int, Int>) {
    let name = args.value("--applier") ?? "canonical"
    return (name, Applier<Int, Int>.named(name)!)
}

/// `I/N`, as `Shard` bounds it (`0 <= I < N <= 1_000_000`).
func parseShard(_ s: String) throws(UsageError) -> (index: Int, count: Int) {
    guard let shard = Shard(parsing: s) else {
        throw UsageError("Invalid value \(quote(s)) for '--shard' (expected \(Shard.expected)).")
    }
    return (shard.index, shard.count)
}

/// Why no case can be generated for an app: the option that chose the
/// layouts, named as given (`--world`'s layout, `--layout`'s list), or the
/// app's hello when neither was given.
func noDrawnLayout(_ args: ParsedArguments, world: World?, drawn: Set<LayoutKind>) -> UsageError {
    let lists = "its hello lists \(drawn.isEmpty ? "none" : drawn.map(\.rawValue).sorted().joined(separator: ", "))"
    if let world, let path = args.value("--world") {
        return UsageError(
            "The world's layout \(quote(world.layout.kindName.rawValue)) ('--world' \(Format.shellQuoted(path))) is not one the app draws "
                + "(\(lists)); give a world in a layout it draws, or an app that draws \(world.layout.kindName.rawValue).")
    }
    if let layouts = args.value("--layout") {
        return UsageError("'--layout' \(quote(layouts)) leaves no layout the app draws (\(lists)).")
    }
    return UsageError("The app draws no layout fuzz generates (\(lists)).")
}

let fuzzCommand = Command(
    name: "fuzz",
    usage: """
        dragreplay fuzz [--applier NAME] [--handler NAME] [--app COMMAND [--app-timeout SECONDS]] [--mode sessions|differences] [--layout KIND,...] \
        [--world FILE] [--oracle model|geometry|rules] [--runs N] [--time SECONDS] [--seed N] [--jobs N] [--shard I/N] [--out DIR] [--summary FILE] [--db DIR] [--render] \
        [--require-coverage] [--format text|json]
        dragreplay fuzz --replicas N [--merge server|causal] [--merge-bug NAME] [--app COMMAND] [--app-replica ID=COMMAND] [--app-server COMMAND] \
        [--app-timeout SECONDS] [--nemesis delay,reorder,duplicate,loss,partition,flap] [--deletes win|either] [--blocks whole|per-item] \
        [--world FILE] [--runs N] [--time SECONDS] [--seed N] [--jobs N] [--shard I/N] [--out DIR] [--db DIR]
        """,
    abstract: "Generate random interleavings, check the ordering invariants, shrink every failure to a minimal recording.",
    discussion: """
        Without --mode, cases alternate between both modes. Without --runs or --time, runs 10000 cases. --runs counts the whole campaign's \
        cases: with --shard I/N this run takes its share (pairs of cases dealt round robin, so every shard gets both modes) and N \
        shards together run exactly the cases, and add up to the counts, of the unsharded run. --time bounds the whole run, \
        shrinking included: past it the shrinker stops and the smallest failing case so far is written. With --db DIR, every \
        recording in DIR is replayed first (which still fail, which now pass, on stderr) and new findings are added to DIR by \
        content name (atomic, safe for many writers). The summary counts what the code under test was exercised with \
        (coverage: drops a drag delivered per destination collection, differences handed over directly apart, operations answered \
        at drops, drags with a mutation, multi-item drags, deferred applies, drops into a full or locked collection, swipe actions \
        per edge) and its depth (the longest case, the most drags into one gap, the most mutations during one drag); \
        --require-coverage fails the run (exit 1) naming each collection (of the --world, else of the cases) that never received a \
        drop from a drag (direct differences do not count) and each operation offered that was never answered. A seed fully determines a \
        run: the same --seed and --runs give byte-identical findings and summaries, whatever --jobs is. Each finding is shrunk and \
        written to --out (default corpora/found) as soon as every earlier case is done, named by invariant and content hash, with \
        the command that replays it. Ctrl-C stops generating and keeps every finding; SIGTERM, SIGHUP or a second Ctrl-C also \
        cut shrinking short. With --app, each job runs one app process (restarted after a timeout, crash or protocol error), every \
        case starts with reset, and shrinking re-runs candidates against the app. With --render, each finding also gets its page \
        (NAME.html beside NAME.jsonl, as 'dragreplay render' draws it, replayed with the same applier or app). With --world FILE, \
        every case starts from the header of FILE (the app's own collections, items, capacities, locks and layout; its "world" \
        field states what a lift from each collection offers and what a drop into each allows, see docs/world.md); --layout is \
        then unused. --oracle geometry checks where the finger is and the framework's guarantees, not which operation the app \
        chooses; --oracle rules (the default with a world that states rules) also checks the choice against the rules. Exit 1 when a violation was found, 0 when none, \
        2 when a finding (or its page) could not be written or the app cannot start or fails hello.

        With --replicas N, each case is a version 3 recording: N replicas of a small list (or a two-column board), local \
        changes and drags on random replicas, the channel events of the nemeses chosen (delay, reorder, duplicate, loss, \
        partition, flap), then quiesce; replay checks conservation, convergence, no-quiescence and intent (docs/replicas.md). \
        --merge-bug NAME replays a known-buggy merge in place of the model (its model is the default --merge; another is a \
        usage error). Apps that speak protocol 2 play replicas instead (docs/app-protocol.md): --app every client (one \
        process each), --app-replica ID=COMMAND one client, --app-server the server; the model plays the rest, and an app \
        whose hello says merge-own gets the model-free checks only. The first case failing each check is shrunk and written \
        to --out as CHECK-HASH.jsonl, which 'dragreplay replay [--merge-bug NAME | the same app options] FILE' replays \
        failing the same check. --shard I/N takes the cases whose index is I modulo N (N shards run exactly the unsharded \
        cases, each shrinking its own first failures); --db DIR replays the version 3 recordings in DIR first with the same merge \
        and adds the new findings to it; --world FILE starts every case from FILE's data, layout and rules (a version 3 header's \
        merge, deletes and blocks are the defaults), with drags aimed at its frames. --applier and --handler do not apply to \
        replicas; the other options of the single-replica fuzz not listed in that usage are not yet with --replicas (a usage error).
        """,
    options: [
        applierOption, handlerOption, appOption, appTimeoutOption, worldOption, oracleOption,
        OptionSpec(
            names: ["--layout"], valueName: "KIND,...",
            help: "only these layout kinds: \(LayoutKind.allCases.map(\.rawValue).joined(separator: ", ")) (default: all)"),
        OptionSpec(
            names: ["--mode"], valueName: "MODE", allowed: FuzzMode.allCases.map(\.rawValue),
            help: "sessions (end to end) or differences (straight into the applier); default: both"),
        OptionSpec(names: ["--runs"], valueName: "N", help: "number of cases of the whole campaign (a shard runs its share)"),
        OptionSpec(names: ["--time"], valueName: "SECONDS", help: "stop after this long, shrinking included"),
        OptionSpec(names: ["--seed"], valueName: "N", help: "the campaign's seed (default 1)"),
        OptionSpec(names: ["--jobs"], valueName: "N", help: "parallel workers, 1 to 256 (default: all cores)"),
        OptionSpec(names: ["--shard"], valueName: "I/N", help: "run shard I of N (disjoint cases, for a CI matrix or many machines)"),
        OptionSpec(names: ["--out"], valueName: "DIR", help: "where findings go (default corpora/found; created even if none)"),
        OptionSpec(
            names: ["--summary"], valueName: "FILE",
            help: "also write the json summary with shard and timings (for 'corpus merge --summary')"),
        OptionSpec(names: ["--db"], valueName: "DIR", help: "replay the recordings in DIR first, then add new findings to it"),
        OptionSpec(names: ["--render"], help: "write each finding's page beside it (NAME.html, see 'dragreplay help render')"),
        OptionSpec(
            names: ["--require-coverage"],
            help:
                "exit 1 unless each collection (of the --world, or the cases) got a drag's drop and every operation offered was answered"),
        OptionSpec(names: ["--format"], valueName: "FORMAT", allowed: ["text", "json"], help: "summary format: text (default) or json"),
    ] + replicaFuzzOptionSpecs
) { args in
    if args.value("--replicas") != nil { return try fuzzReplicas(args) }
    try refuseReplicaOptions(args)
    let (name, applier) = fuzzApplier(args)
    let shard = try args.value("--shard").map(parseShard) ?? (0, 1)
    let seconds = try parseTime(args)
    // Case indices stay far from overflow: runs * shards fits easily in 64 bits.
    let runs = try args.integer("--runs", in: 1...1_000_000_000_000) ?? (seconds == nil ? 10_000 : nil)
    let seed = try args.integer("--seed", in: 0...Int.max) ?? 1
    var jobs = try args.integer("--jobs", in: 1...256) ?? SystemCall.processorCount()
    if let runs { jobs = min(jobs, runs) }
    // `--time` counts from here: starting the apps and the `--db` replay are part of the run.
    let started = MonotonicClock.now().seconds
    var options = CampaignOptions(
        applierName: name, applier: applier, mode: args.value("--mode").flatMap(FuzzMode.init(rawValue:)),
        runs: runs, seconds: seconds, seed: UInt64(seed), jobs: max(1, jobs), shard: shard,
        outDirectory: try args.path("--out") ?? "corpora/found")
    options.started = started
    options.layouts = try parseLayouts(args.value("--layout"))
    options.handler = handler(args)
    options.world = try loadWorld(args)
    options.oracle = oracle(args)
    if let world = options.world { options.layouts = [world.layout.kindName] }
    FindingStore(directory: options.outDirectory).removeStaleTemporaries()
    // The folder exists even when nothing is found: a merge of every shard's folder never misses one.
    do throws(SystemError) { try FileSystem.createDirectory(options.outDirectory) } catch {
        Output.diagnose(error.description)
        return 2
    }
    let summaryPath = try args.path("--summary")
    let dbPath = try args.path("--db")
    // One app per job, each started and past hello before any case runs.
    var apps: [AppSubject] = []
    if args.value("--app") != nil {
        for _ in 0..<max(1, jobs) { if let app = try startApp(args) { apps.append(app) } }
        for app in apps { app.deadline = options.deadline(from: started) }
        let pool = AppPool(apps)
        options.code = { worker in .app(pool.apps[worker]) }
        options.appCommand = args.value("--app")
        options.applierName = "app"
        // An app that draws only some layouts (its hello lists them) gets only those.
        if let drawn = apps.first?.layouts {
            let wanted = options.layouts ?? Set(LayoutKind.allCases)
            let both = wanted.intersection(drawn)
            guard !both.isEmpty else { throw noDrawnLayout(args, world: options.world, drawn: drawn) }
            options.layouts = both
        }
    }
    defer { for app in apps { app.close() } }
    Signals.handleInterruptions()
    options.shouldStop = Signals.shouldStop
    options.shouldHurry = Signals.shouldHurry
    if !apps.isEmpty { options.resumeAfterStop = { AppInterruption.resume() } }
    let terminal = FileDescriptor.standardError.isTerminal
    if terminal {
        options.progress = { p in
            let rate = p.elapsed > 0 ? Double(p.sessions) / p.elapsed : 0
            Output.raw(
                "\r\u{1B}[K\(p.runs) runs  \(perSecond(rate)) sessions/s  \(p.failingCases) failing  \(p.findings) findings  \(seconds1(p.elapsed))s"
            )
        }
    }
    // The database first: a regression an earlier campaign found is found again before anything new.
    var db: DatabaseSummary?
    if let dbPath {
        let report = try replayDatabase(
            dbPath, applierName: name, handler: options.handler, app: apps.first, deadline: options.deadline(from: started))
        printDatabaseReplay(dbPath, report)
        db = report
    }
    var summary = runCampaign(options)
    if terminal { Output.raw("\r\u{1B}[K") }
    // Timings go to stderr: stdout stays byte-identical for the same seed and --runs.
    let rate = perSecond(Double(summary.sessions) / max(summary.elapsed, 1e-9))
    Output.diagnose(
        "fuzz: \(summary.runs) cases, \(summary.sessions) sessions in \(seconds2(summary.elapsed))s (\(rate) sessions/s), "
            + "shrinking \(seconds2(summary.shrinkSeconds))s\(summary.interrupted ? ", interrupted" : "")" + appCosts(summary, apps))
    for failure in summary.writeFailures { Output.diagnose(failure.description) }
    if let dbPath, var report = db {
        addToDatabase(dbPath, files: summary.findings.map { ($0.finding.fileName, $0.finding.text) }, report: &report)
        Output.diagnose("db: \(SafeText.path(dbPath)): \(report.added.count) new finding\(report.added.count == 1 ? "" : "s") added")
        for e in report.addFailures { Output.diagnose(e.description) }
        summary.database = report
    }
    // With --world, the world's collections and its rules' operations; else what the generated worlds offered.
    if args.has("--require-coverage") {
        let required = options.world.map(CoverageRequirement.init(world:)) ?? summary.offered
        summary.unmetCoverage = required.unmet(by: summary.coverage)
        summary.unreachableCoverage = required.unreachable
        // No case offered anything, so nothing was required of it: a requirement no case met.
        if summary.runs == 0 { summary.unmetCoverage.append("coverage: no case completed, so nothing was covered") }
    }
    return try finishFuzz(
        summary, args, name: name, seed: UInt64(seed), options: options, apps: apps, shard: shard, summaryPath: summaryPath)
}

/// Prints the summary, renders the findings' pages and writes the
/// `--summary` file; the exit status.
func finishFuzz(
    _ summary: CampaignSummary, _ args: ParsedArguments, name: String, seed: UInt64, options: CampaignOptions, apps: [AppSubject],
    shard: (index: Int, count: Int), summaryPath: String?
) throws -> Int32 {
    if args.value("--format") == "json" {
        try Output.out(summary.json(applierName: name, seed: seed, app: options.appCommand))
        // The text summary names them itself; beside json they go to stderr too, for a person.
        for u in summary.unmetCoverage + summary.unreachableCoverage { Output.diagnose(u) }
    } else {
        try Output.out(summary.text(applierName: name, seed: seed, app: options.appCommand))
    }
    if summary.runs == 0 { Output.diagnose(notExercised("fuzz", interrupted: summary.interrupted, timed: options.seconds != nil)) }
    // Pages after the campaign, from the kept findings: the same code under test replays each.
    let rendered =
        !args.has("--render")
        || renderFindings(
            summary.findings.map(\.path), applierName: name, handler: options.handler, app: apps.first, tool: "fuzz")
    var written = summary.database?.addFailures.isEmpty ?? true
    if let summaryPath {
        let text = summary.json(
            applierName: name, seed: seed, app: options.appCommand, shard: shard, campaign: (options.runs, toolVersion))
        do throws(SystemError) { try AtomicFile.write(text, to: summaryPath) } catch {
            Output.diagnose(error.description)
            written = false
        }
    }
    if !summary.writeFailures.isEmpty || !rendered || !written { return 2 }
    // A database recording that no longer reads counts as a failure: it is a regression no longer tested.
    let failed =
        summary.failingCases > 0 || !(summary.database?.stillFailing.isEmpty ?? true) || !(summary.database?.unreadable.isEmpty ?? true)
        || !summary.unmetCoverage.isEmpty
    return failed ? 1 : 0
}

/// A campaign that completed no case says so: its exit 0 (nothing failed)
/// must not read as the code under test having passed.
func notExercised(_ command: String, interrupted: Bool, timed: Bool) -> String {
    let why =
        interrupted
        ? "the run was interrupted first"
        : timed
            ? "the time ran out first: give --time more, or see why the code under test answers slowly"
            : "this shard's share of --runs is none"
    return "\(command): warning: no case completed, so the code under test was not exercised (\(why))"
}

/// What an app cost a campaign, for the timing line: its processes and
/// the shrink candidates run against it and found already run; "" without one.
func appCosts(_ summary: CampaignSummary, _ apps: [AppSubject]) -> String {
    guard !apps.isEmpty else { return "" }
    let launches = apps.reduce(0) { $0 + $1.launches }
    let c = summary.shrinkCandidates
    return "; app: \(launches) process\(launches == 1 ? "" : "es") started, \(c.run) shrink candidates run, \(c.known) known already"
}

/// `--time SECONDS` (`fuzz`, `fuzz --replicas`, `explore`): a number of
/// seconds > 0 and at most 10^9; `nil` when not given.
func parseTime(_ args: ParsedArguments) throws(UsageError) -> Double? {
    guard let t = args.value("--time") else { return nil }
    guard let v = Double(t), v > 0, v <= 1e9 else {
        throw UsageError("Invalid value \(quote(t)) for '--time' (expected a number of seconds > 0).")
    }
    return v
}

/// `--layout list,board`: the kinds a campaign may generate.
func parseLayouts(_ value: String?) throws(UsageError) -> Set<LayoutKind>? {
    guard let value else { return nil }
    var kinds = Set<LayoutKind>()
    for part in value.split(separator: ",", omittingEmptySubsequences: false) {
        guard let kind = LayoutKind(rawValue: String(part)) else {
            throw UsageError(
                "Invalid value \(quote(value)) for '--layout' (expected kinds from \(LayoutKind.allCases.map(\.rawValue).joined(separator: ", ")), "
                    + "separated by commas).")
        }
        kinds.insert(kind)
    }
    return kinds
}

/// `1.5` with one decimal, `12.34` with two: timings for people (no Foundation).
func seconds1(_ v: Double) -> String { fixed(v, 1) }
/// A rate: whole numbers from 100 up, one decimal below (a slow app's 0.6/s is not 0).
func perSecond(_ v: Double) -> String { v >= 100 ? "\(Int(v))" : fixed(v, 1) }
func seconds2(_ v: Double) -> String { fixed(v, 2) }
func fixed(_ v: Double, _ digits: Int) -> String {
    guard v.isFinite else { return "\(v)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int64((abs(v) * scale).rounded())
    let whole = scaled / Int64(scale)
    let frac = scaled % Int64(scale)
    let fracText = String(frac)
    return (v < 0 ? "-" : "") + "\(whole)" + (digits > 0 ? "." + String(repeating: "0", count: digits - fracText.count) + fracText : "")
}
