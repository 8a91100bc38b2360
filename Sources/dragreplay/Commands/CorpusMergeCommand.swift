import DragCorpus
import DragRecording
import DragSystem

let corpusMergeCommand = Command(
    name: "corpus merge",
    usage: "dragreplay corpus merge DIR... -o DIR [--summary FILE]",
    abstract: "Merge finding directories (shards of a campaign), one recording per finding key.",
    discussion: """
        Reads every *.jsonl under the DIRs in sorted path order and writes each to -o in canonical form, named by its content: one \
        per finding key (meta.invariant, meta.mode, meta.applier or meta.app, meta.handler and the kinds of its events: the key \
        fuzz uses), and, for recordings that are not findings, one per distinct content. Streaming: memory stays flat. A DIR that is \
        missing or empty (a shard that found nothing, or never ran) is named on stderr and merged as nothing. With --summary FILE, \
        each DIR's summary.json (what 'fuzz --summary DIR/summary.json' wrote; a DIR ending in .json is such a file) is added up \
        into the campaign's summary in FILE: totals, a line per shard, and every shard failed or unreadable named, and the missing \
        counted (the first 20 named). The summaries must be one campaign's (one seed, --runs, subject, version and shard count, each \
        shard once, each field as fuzz writes it): otherwise nothing is merged and the files are named (exit 2). Invalid recordings are reported and skipped; \
        exit 2 when there were any, or when an output could not be written.
        """,
    options: [
        OptionSpec(names: ["-o", "--output"], valueName: "DIR", help: "the merged corpus (created if missing)"),
        OptionSpec(names: ["--summary"], valueName: "FILE", help: "combine the shards' summary.json files into the campaign's"),
    ]
) { args in
    guard let out = try args.path("--output") else { throw UsageError("'corpus merge' needs -o DIR for the merged corpus.") }
    guard !args.positional.isEmpty else { throw UsageError("'corpus merge' needs at least one DIR to merge.") }
    let summaryPath = try args.path("--summary")
    // The summaries are checked before anything is merged: shards of
    // different campaigns, or a file that is not a summary, write nothing.
    var shards: CampaignSummaries?
    if summaryPath != nil {
        let read = CampaignSummaries(inputs: args.positional)
        guard read.errors.isEmpty else {
            for e in read.errors { Output.diagnose(e.description) }
            Output.diagnose(
                "corpus merge: error: \(read.errors.count) summar\(read.errors.count == 1 ? "y" : "ies") refused; nothing merged")
            return 2
        }
        shards = read
    }
    // A shard that found nothing (or never ran) is part of the campaign, not an
    // error. With --summary, a FILE.json names a summary, not recordings.
    var inputs: [String] = []
    for input in args.positional where !(summaryPath != nil && input.hasSuffix(".json")) {
        if !FileSystem.exists(input) {
            Output.diagnose("\(SafeText.path(input)): note: no such folder; merged as an empty shard")
        } else if (try? RecordingPaths.expand([input]))?.isEmpty == true {
            Output.diagnose("\(SafeText.path(input)): note: no recordings; merged as an empty shard")
        } else {
            inputs.append(input)
        }
    }
    let summary = try mergeCorpora(inputs, into: out)
    for e in summary.invalid { Output.diagnose(e.description) }
    for e in summary.writeFailures { Output.diagnose(e.description) }
    try Output.out(
        "merged \(summary.read) recordings: \(summary.kept.count) kept, \(summary.duplicates) duplicates, \(summary.invalid.count) invalid, "
            + "\(summary.writeFailures.count) not written -> \(SafeText.path(out))\n")
    if let summaryPath, let shards {
        let findings = summary.kept.count
        for u in shards.unreadable { Output.diagnose(u) }
        try Output.out(shards.text(findings: findings))
        do throws(SystemError) { try AtomicFile.write(shards.json(findings: findings), to: summaryPath) } catch {
            Output.diagnose(error.description)
            return 2
        }
    }
    return summary.exitCode
}
