import DragCorpus
import DragReader
import DragRecording

let checkCommand = Command(
    name: "check", usage: "dragreplay check PATH...",
    abstract: "Validate recordings against dragrec v1 or v2 without replaying them.",
    discussion: """
        Each file is checked against the version its header names: dragrec v1 (drag sessions), or v2 (v1 plus the swipe section \
        and its gesture, open, performed and labels lines). PATH is a file, or a directory searched recursively for *.jsonl. Diagnostics go to stderr as path:line:column: error: message. \
        Memory stays flat however long a recording is. Exit 0 when every file is valid, 2 otherwise.
        """,
    options: []
) { args in
    let paths = try recordingPaths(args.positional, command: "check")
    var bad = 0
    for path in paths {
        do throws(RecordingError) {
            let result = try checkRecording(path: path)
            for w in result.warnings { Output.diagnose(w.description) }
        } catch {
            bad += 1
            Output.diagnose(error.description)
        }
    }
    Output.diagnose("checked \(paths.count) recording\(paths.count == 1 ? "" : "s"): \(paths.count - bad) valid, \(bad) invalid")
    return bad == 0 ? 0 : 2
}
