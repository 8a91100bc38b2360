import DragApp
import DragFuzz
import DragRecording
import DragSystem
import KnownBugs
import ReorderConformance
import ReorderCore

/// The most drag-script x mutation-script pairs `explore` takes on (about
/// two minutes here); past it the scope is refused with its size.
let exploreScopeLimit = 2_000_000

let exploreCommand = Command(
    name: "explore",
    usage:
        "dragreplay explore [--applier NAME] [--handler NAME] [--app COMMAND [--app-timeout SECONDS]] [--items N] [--mutations N] [--world FILE] [--oracle ORACLE] [--time SECONDS] [--out DIR] [--render]",
    abstract: "Bounded exhaustive search: every interleaving of small drag scripts with small mutation scripts.",
    discussion: """
        Drag scripts: lift one item or an ordered pair, drop on the leading half of every entry or past the end, at once or deferred \
        with an apply. Mutation scripts: every sequence up to --mutations long of insert first/last, delete, outside move to the \
        front/end, disable, enable. Identical states are merged. Every step is checked against the invariants; one finding per \
        invariant (the shortest path) is written to --out (default corpora/found). A scope over \(exploreScopeLimit) script pairs \
        is refused. With --app nothing is merged (an app may hold state the model cannot see, and a process cannot be copied at \
        a branch): every interleaving runs from its own reset, so keep the scope small. Ctrl-C stops early and still writes what \
        was found; so does --time SECONDS, a deadline the app's waits obey too (the pair it cuts short is dropped, and the \
        summary says how many script pairs were explored). With --world FILE, the scripts run in the header of FILE (its collections, items, layout and rules, as for \
        'fuzz --world'): lift each item as its collection's lift offers, drop on every entry of every collection or past the end \
        of each; insert a new item first or last in each collection, delete an item, move one to the next collection, disable, \
        enable (--items is then unused). With --render, each finding also gets its page (NAME.html beside it, as 'dragreplay render' draws it). Exit 1 \
        when a violation was found, 2 when a finding or its page could not be written.
        """,
    options: [
        applierOption, handlerOption, appOption, appTimeoutOption, worldOption, oracleOption,
        OptionSpec(names: ["--items"], valueName: "N", help: "items in the container, 1 to 8 (default 4)"),
        OptionSpec(names: ["--mutations"], valueName: "N", help: "longest mutation script, 0 to 3 (default 1)"),
        OptionSpec(names: ["--time"], valueName: "SECONDS", help: "stop after this long (the pair under way is dropped)"),
        OptionSpec(names: ["--out"], valueName: "DIR", help: "where findings go (default corpora/found)"),
        OptionSpec(names: ["--render"], help: "write each finding's page beside it (NAME.html, see 'dragreplay help render')"),
    ]
) { args in
    let (name, applier) = fuzzApplier(args)
    let items = try args.integer("--items", in: 1...8) ?? 4
    let mutations = try args.integer("--mutations", in: 0...3) ?? 1
    let seconds = try parseTime(args)
    var explorer = Explorer(applier: applier, items: items, mutations: mutations)
    // `--time` counts from here: starting the app is part of the run.
    explorer.deadline = seconds.map { MonotonicClock.now().seconds + $0 }
    let app = try startApp(args)
    defer { app?.close() }
    app?.deadline = explorer.deadline
    if let app { explorer.code = .app(app) }
    if let h = args.value("--handler") { explorer.handler = SwipeHandlerKind(rawValue: h) }
    explorer.world = try loadWorld(args)
    explorer.oracle = oracle(args)
    if explorer.world != nil && explorer.handler != nil {
        throw UsageError("'--handler' and '--world' exclude each other: a world's exploration has drags only.")
    }
    let scope = explorer.scope
    guard scope <= exploreScopeLimit else {
        let limit = "\(scope) script pairs, over the limit of \(exploreScopeLimit) (about two minutes)"
        guard let world = explorer.world, let path = args.value("--world") else {
            throw UsageError("--items \(items) --mutations \(mutations) is \(limit); lower --items or --mutations.")
        }
        throw UsageError(
            "The world of '--world' \(Format.shellQuoted(path)) (\(world.collections.reduce(0) { $0 + $1.items.count }) items) with --mutations \(mutations) is \(limit); "
                + "lower --mutations or give a world with fewer items (--items is unused with a world).")
    }
    let store = FindingStore(directory: try args.path("--out") ?? "corpora/found")
    store.removeStaleTemporaries()
    Signals.handleInterruptions()
    let terminal = FileDescriptor.standardError.isTerminal
    let start = MonotonicClock.now()
    let context = FindingContext(
        generator: "dragreplay explore --items \(items) --mutations \(mutations)"
            + (explorer.handler.map { " --handler \($0.rawValue)" } ?? ""),
        applierName: name, mode: "explore", app: app?.command, handler: explorer.handler?.rawValue, world: explorer.world,
        oracle: explorer.oracle)
    explorer.shouldHurry = Signals.shouldHurry
    // Each invariant's shortest case so far is on disk, replaced when a
    // shorter one is found: a run killed with SIGKILL keeps what it found.
    // A failed write here is reported by the final write below.
    var onDisk: [Invariant: String] = [:]
    let summary = explorer.run(
        shouldStop: Signals.shouldStop,
        progress: { done, total in
            if terminal {
                Output.raw("\r\u{1B}[Kexplore: \(done)/\(total) script pairs  \(seconds1(MonotonicClock.now().seconds(since: start)))s")
            }
        },
        found: { fuzzCase, v in
            guard let path = try? store.write(fuzzCase.finding(v, context: context, caseIndex: nil)) else { return }
            if let old = onDisk.updateValue(path, forKey: v.invariant), old != path { store.remove(old) }
        })
    AppInterruption.resume()  // the findings' pages replay against the app
    if terminal { Output.raw("\r\u{1B}[K") }
    Output.diagnose("explore: \(seconds2(MonotonicClock.now().seconds(since: start)))s\(summary.interrupted ? ", interrupted" : "")")
    let deadlineNote = summary.stoppedAtDeadline ? ", stopped at the deadline (--time) after \(summary.pairs) of \(scope) script pairs" : ""
    try Output.out(
        "\(summary.dragScripts) drag scripts x \(summary.mutationScripts) mutation scripts: \(summary.interleavings) interleavings, "
            + "\(summary.states) distinct states, \(summary.steps) steps, \(summary.violatingSteps) violating steps, "
            + "shortest of each invariant kept: \(summary.violations.count) "
            + "(\(app.map { "app \(Format.shellQuoted($0.command))" } ?? "applier \(name)"))\(summary.interrupted ? ", interrupted" : "")"
            + deadlineNote + "\n" + summary.coverage.text
    )
    var failed = false
    var written: [String] = []
    for (fuzzCase, v) in summary.violations {
        let finding = fuzzCase.finding(v, context: context, caseIndex: nil)
        do {
            let path = try store.write(finding)
            written.append(path)
            try Output.out("\(v.invariant.rawValue): \(v.message)\n  \(finding.replayCommand(path: path))\n")
        } catch let error as SystemError {
            Output.diagnose(error.description)
            failed = true
        }
    }
    if args.has("--render") && !renderFindings(written, applierName: name, handler: explorer.handler ?? .correct, app: app, tool: "explore")
    {
        failed = true
    }
    if failed { return 2 }
    return summary.violations.isEmpty ? 0 : 1
}
