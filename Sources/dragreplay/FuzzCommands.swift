import DragFuzz
import DragReader
import DragRecording
import Foundation
import ReorderCore
import Synchronization

let extraCommands: [Command] = [fuzzCommand, exploreCommand, corpusMergeCommand]

/// Set by SIGINT: workers stop between cases, findings are kept.
let interrupted = Atomic<Bool>(false)

func fuzzApplier(_ args: ParsedArguments) -> (String, Applier<Int, Int>) {
    let name = args.value("--applier") ?? "canonical"
    return (name, Applier<Int, Int>.named(name)!)
}

let fuzzCommand = Command(
    name: "fuzz",
    usage: "dragreplay fuzz [--applier NAME] [--mode sessions|differences] [--runs N] [--time SECONDS] [--seed N] [--jobs N] [--shard I/N] [--out DIR] [--format text|json]",
    abstract: "Generate random interleavings, check the ordering invariants, shrink every failure to a minimal recording.",
    discussion: """
    Without --mode, cases alternate between both modes. Without --runs or --time, runs 10000 cases. A seed fully determines a run: \
    the same --seed and --runs give byte-identical findings and summaries. Findings are written to --out (default corpora/found) \
    named by invariant and content hash, with the command that replays them. Exit 1 when a violation was found, 0 when none.
    """,
    options: [
        applierOption,
        OptionSpec(names: ["--mode"], valueName: "MODE", allowed: FuzzMode.allCases.map(\.rawValue), help: "sessions (end to end) or differences (straight into the applier); default: both"),
        OptionSpec(names: ["--runs"], valueName: "N", help: "number of cases (per shard)"),
        OptionSpec(names: ["--time"], valueName: "SECONDS", help: "stop after this long"),
        OptionSpec(names: ["--seed"], valueName: "N", help: "the campaign's seed (default 1)"),
        OptionSpec(names: ["--jobs"], valueName: "N", help: "parallel workers (default: all cores)"),
        OptionSpec(names: ["--shard"], valueName: "I/N", help: "run shard I of N (disjoint cases, for a CI matrix or many machines)"),
        OptionSpec(names: ["--out"], valueName: "DIR", help: "where findings go (default corpora/found)"),
        OptionSpec(names: ["--format"], valueName: "FORMAT", allowed: ["text", "json"], help: "summary format: text (default) or json"),
    ]
) { args in
    let (name, applier) = fuzzApplier(args)
    var shard = (index: 0, count: 1)
    if let s = args.value("--shard") {
        let parts = s.split(separator: "/").compactMap { Int($0) }
        guard parts.count == 2, parts[1] >= 1, parts[0] >= 0, parts[0] < parts[1] else {
            throw UsageError("Invalid value '\(s)' for '--shard' (expected I/N with 0 <= I < N, such as 0/4).")
        }
        shard = (parts[0], parts[1])
    }
    var seconds: Double?
    if let t = args.value("--time") {
        guard let v = Double(t), v > 0, v.isFinite else { throw UsageError("Invalid value '\(t)' for '--time' (expected a number of seconds > 0).") }
        seconds = v
    }
    let runs = try args.integer("--runs", min: 1) ?? (seconds == nil ? 10_000 : nil)
    let seed = try args.integer("--seed", min: 0) ?? 1
    let jobs = try args.integer("--jobs", min: 1) ?? ProcessInfo.processInfo.activeProcessorCount
    var options = CampaignOptions(applierName: name, applier: applier, mode: args.value("--mode").flatMap(FuzzMode.init(rawValue:)),
                                  runs: runs, seconds: seconds, seed: UInt64(seed), jobs: jobs, shard: shard,
                                  outDirectory: args.value("--out") ?? "corpora/found")
    signal(SIGINT) { _ in interrupted.store(true, ordering: .relaxed) }
    options.shouldStop = { interrupted.load(ordering: .relaxed) }
    let terminal = isatty(2) != 0
    if terminal {
        options.progress = { p in
            let rate = p.elapsed > 0 ? Double(p.sessions) / p.elapsed : 0
            FileHandle.standardError.write(Data("\r\u{1B}[K\(p.runs) runs  \(Int(rate)) sessions/s  \(p.failingCases) failing  \(String(format: "%.1f", p.elapsed))s".utf8))
        }
    }
    let summary = runCampaign(options)
    if terminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    // Timings go to stderr: stdout stays byte-identical for the same seed and --runs.
    diagnose("fuzz: \(summary.runs) cases, \(summary.sessions) sessions in \(String(format: "%.2f", summary.elapsed))s (\(Int(Double(summary.sessions) / max(summary.elapsed, 1e-9))) sessions/s), shrinking \(String(format: "%.2f", summary.shrinkSeconds))s\(summary.interrupted ? ", interrupted" : "")")
    if args.value("--format") == "json" {
        var w = "{\"applier\":\(CanonicalWriter.quoted(name)),\"seed\":\(seed),\"runs\":\(summary.runs),\"sessions\":\(summary.sessions),\"failingCases\":\(summary.failingCases),\"findings\":["
        w += summary.findings.map { f in
            "{\"path\":\(CanonicalWriter.quoted(f.path)),\"invariant\":\"\(f.invariant.rawValue)\",\"mode\":\"\(f.mode.rawValue)\",\"case\":\(f.caseIndex),\"eventLines\":\(f.eventLines),\"message\":\(CanonicalWriter.quoted(f.message)),\"command\":\(CanonicalWriter.quoted(f.command))}"
        }.joined(separator: ",")
        print(w + "]}")
    } else {
        print("\(summary.runs) cases, \(summary.sessions) sessions, \(summary.failingCases) failing, \(summary.findings.count) finding\(summary.findings.count == 1 ? "" : "s") (applier \(name), seed \(seed))")
        for f in summary.findings {
            print("\(f.invariant.rawValue) [\(f.mode.rawValue), case \(f.caseIndex), \(f.eventLines) event lines]: \(f.message)")
            print("  \(f.command)")
        }
    }
    return summary.findings.isEmpty && summary.failingCases == 0 ? 0 : 1
}

let exploreCommand = Command(
    name: "explore",
    usage: "dragreplay explore [--applier NAME] [--items N] [--mutations N] [--out DIR]",
    abstract: "Bounded exhaustive search: every interleaving of small drag scripts with small mutation scripts.",
    discussion: """
    Drag scripts: lift one item or an ordered pair, drop on the leading half of every entry or past the end, at once or deferred \
    with an apply. Mutation scripts: every sequence up to --mutations long of insert first/last, delete, outside move to the \
    front/end, disable, enable. Identical states are merged. Every step is checked against the invariants; one finding per \
    invariant (the shortest path) is written to --out (default corpora/found). Exit 1 when a violation was found.
    """,
    options: [
        applierOption,
        OptionSpec(names: ["--items"], valueName: "N", help: "items in the container, 1 to 8 (default 4)"),
        OptionSpec(names: ["--mutations"], valueName: "N", help: "longest mutation script, 0 to 3 (default 1)"),
        OptionSpec(names: ["--out"], valueName: "DIR", help: "where findings go (default corpora/found)"),
    ]
) { args in
    let (name, applier) = fuzzApplier(args)
    let items = try args.integer("--items", min: 1) ?? 4
    let mutations = try args.integer("--mutations", min: 0) ?? 1
    guard items <= 8 else { throw UsageError("Invalid value '\(items)' for '--items' (expected 1 to 8: the search grows fast).") }
    guard mutations <= 3 else { throw UsageError("Invalid value '\(mutations)' for '--mutations' (expected 0 to 3: the search grows fast).") }
    let start = Date()
    let summary = Explorer(applier: applier, items: items, mutations: mutations).run()
    diagnose("explore: \(String(format: "%.2f", Date().timeIntervalSince(start)))s")
    print("\(summary.dragScripts) drag scripts x \(summary.mutationScripts) mutation scripts: \(summary.interleavings) interleavings, \(summary.states) distinct states, \(summary.steps) steps, \(summary.violatingSteps) violating steps, shortest of each invariant kept: \(summary.violations.count) (applier \(name))")
    let out = args.value("--out") ?? "corpora/found"
    try? FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    for (fuzzCase, v) in summary.violations {
        var shown = fuzzCase
        shown.steps = Array(fuzzCase.steps[...v.step])
        if v.invariant == .idempotence, let d = v.difference { shown.steps.append(.deliver(d)) }
        let meta = JSONValue.object(["title": .string("\(v.invariant.rawValue) broken by --applier \(name)"), "description": .string(v.message),
                                     "applier": .string(name), "invariant": .string(v.invariant.rawValue), "mode": .string("explore"),
                                     "generator": .string("dragreplay explore --items \(items) --mutations \(mutations)")])
        let (header, events) = shown.recording(meta: meta)
        let text = CanonicalWriter.text(header: header, events: events)
        let path = out + "/\(v.invariant.rawValue)-\(contentHash(text)).jsonl"
        try writeFileAtomically(text, to: path)
        print("\(v.invariant.rawValue): \(v.message)")
        print("  dragreplay replay --applier \(name) \(path)")
    }
    return summary.violations.isEmpty ? 0 : 1
}

let corpusMergeCommand = Command(
    name: "corpus merge",
    usage: "dragreplay corpus merge DIR... -o DIR",
    abstract: "Merge finding directories (shards of a campaign), one recording per invariant and shape.",
    discussion: "Reads every *.jsonl under the DIRs, keeps the first recording of each invariant (meta.invariant) and event shape, in sorted path order, and copies it to -o. Invalid recordings are reported and skipped (exit 2).",
    options: [OptionSpec(names: ["-o", "--output"], valueName: "DIR", help: "the merged corpus (created if missing)")]
) { args in
    guard let out = args.value("--output") else { throw UsageError("'corpus merge' needs -o DIR for the merged corpus.") }
    guard !args.positional.isEmpty else { throw UsageError("'corpus merge' needs at least one DIR to merge.") }
    let paths = try recordingPaths(args.positional).sorted()
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    var shapes = Set<String>(), kept = 0, duplicates = 0, invalid = 0
    for path in paths {
        do {
            let reader = try RecordingReader(path: path)
            let events = try reader.readAll().map(\.value)
            let shape = recordingShape(header: reader.header, events: events)
            if !shapes.insert(shape).inserted { duplicates += 1; continue }
            let text = CanonicalWriter.text(header: reader.header, events: events)
            try writeFileAtomically(text, to: out + "/" + (path as NSString).lastPathComponent)
            kept += 1
        } catch {
            diagnose("\(error)")
            invalid += 1
        }
    }
    print("merged \(paths.count) recordings: \(kept) kept, \(duplicates) duplicates, \(invalid) invalid -> \(out)")
    return invalid > 0 ? 2 : 0
}
