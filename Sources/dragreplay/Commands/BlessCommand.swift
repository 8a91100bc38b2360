import DragCorpus
import DragFuzz
import DragRecording
import DragReplay
import DragSystem
import KnownBugs
import ReorderCore

let blessCommand = Command(
    name: "bless", usage: "dragreplay bless [--applier NAME] [--handler NAME] PATH...",
    abstract: "Rewrite expect lines to what the replay produces now.",
    discussion: """
        Each expect line keeps its fields with today's values; a final expect is added when the recording does not end with one. \
        Every other byte is kept, and so are the file's mode, owner and symbolic link; the file is replaced atomically, and left \
        alone (exit 2) if it changes meanwhile. How a fixed bug report becomes a regression test.
        """,
    options: [applierOption, handlerOption]
) { args in
    var code: Int32 = 0
    for path in try recordingPaths(args.positional, command: "bless") {
        do {
            var options = ReplayOptions(applier: applier(args), handler: SwipeHandler<StringID>(handler(args)))
            options.rules = World.judgement(header:)  // a recording in a world is blessed by the world's rules, as it replays
            let r = try blessRecording(path: path, options: options)
            let shown = r.rewritten.prefix(10).map(String.init).joined(separator: ", ")
            let what =
                r.rewrittenCount == 0
                ? "no expect line changed"
                : r.rewrittenCount <= 10
                    ? "rewrote expect line\(r.rewrittenCount == 1 ? "" : "s") \(shown)"
                    : "rewrote \(r.rewrittenCount) expect lines (\(shown), ...)"
            try Output.out(
                "\(SafeText.path(path)): \(what)\(r.appendedFinal ? "; added a final expect" : "")\(r.droppedTruncatedTail ? "; removed a truncated tail" : "")\n"
            )
        } catch let error as CorpusError {
            Output.diagnose(error.description)
            code = 2
        }
    }
    return code
}
