import DragCorpus
import DragRecording

let corpusMergeCommand = Command(
    name: "corpus merge",
    usage: "dragreplay corpus merge DIR... -o DIR",
    abstract: "Merge finding directories (shards of a campaign), one recording per finding key.",
    discussion: """
        Reads every *.jsonl under the DIRs in sorted path order and writes each to -o in canonical form, named by its content: one \
        per finding key (meta.invariant, meta.mode, meta.applier or meta.app, meta.handler and the kinds of its events: the key \
        fuzz uses), and, for recordings that are not findings, one per distinct content. Streaming: memory stays flat. Invalid recordings are reported and skipped; exit 2 when \
        there were any, or when an output could not be written.
        """,
    options: [OptionSpec(names: ["-o", "--output"], valueName: "DIR", help: "the merged corpus (created if missing)")]
) { args in
    guard let out = try args.path("--output") else { throw UsageError("'corpus merge' needs -o DIR for the merged corpus.") }
    guard !args.positional.isEmpty else { throw UsageError("'corpus merge' needs at least one DIR to merge.") }
    let summary = try mergeCorpora(args.positional, into: out)
    for e in summary.invalid { Output.diagnose(e.description) }
    for e in summary.writeFailures { Output.diagnose(e.description) }
    try Output.out(
        "merged \(summary.read) recordings: \(summary.kept.count) kept, \(summary.duplicates) duplicates, \(summary.invalid.count) invalid, "
            + "\(summary.writeFailures.count) not written -> \(Format.path(out))\n")
    return summary.exitCode
}
