import DragApp
import DragCorpus
import DragFuzz
import DragRecording
import DragReplay
import DragSystem
import KnownBugs
import ReorderCore

let replayCommand = Command(
    name: "replay",
    usage:
        "dragreplay replay [--applier NAME] [--handler NAME] [--merge-bug NAME] [--app COMMAND] [--app-server COMMAND] [--app-replica ID=COMMAND] [--app-timeout SECONDS] [--strict] [--trace] [--format text|json|junit] [-o FILE] PATH...",
    abstract: "Replay recordings through the core and check their expect lines.",
    discussion: """
        PATH is a file, or a directory searched recursively for *.jsonl. The code under test (--applier, and --handler for the swipe \
        actions of version 2 recordings; or an app started with --app, which excludes both) gets every delivery, mutation and swipe \
        message; each answer is checked against the model, and a broken invariant is a failure at its line, as a failed expect line is. Exit 0 when every recording passes, 1 when something failed, 2 when a file has an \
        input error (the others are still replayed and reported), the app cannot start or fails hello, or the report cannot be written. \
        Version 3 recordings (replicas) replay against apps that speak protocol 2 (docs/app-protocol.md): --app plays every client \
        replica (one process each), --app-replica ID=COMMAND one client, --app-server the server; the model plays the rest.
        """,
    options: [
        applierOption, handlerOption, mergeBugOption, appOption, appServerOption, appReplicaOption, appTimeoutOption,
        OptionSpec(names: ["--strict"], help: "warnings fail the recording"),
        OptionSpec(
            names: ["--trace"], help: "per event: the event, the answered operation and destination, the outcome, the data after it"),
        OptionSpec(
            names: ["--format"], valueName: "FORMAT", allowed: ReportFormat.allCases.map(\.rawValue), help: "text (default), json or junit"),
        OptionSpec(names: ["-o", "--output"], valueName: "FILE", help: "write the report to FILE (atomically) instead of standard output"),
    ]
) { args in
    let paths = try recordingPaths(args.positional, command: "replay")
    var options = ReplayOptions(applier: applier(args), handler: SwipeHandler<StringID>(handler(args)), strict: args.has("--strict"))
    // A recording that states a world (a finding of 'fuzz --world') is judged by its rules.
    options.rules = World.judgement(header:)
    if let name = args.value("--merge-bug"), let bug = MergeBug.named(name) {
        options.merge = ReplicaMergeUnderTest(name: bug.name, imitates: bug.imitates) { bug.merge(ids: $0, data: $1) }
    }
    let output = try args.path("--output")
    // A report over one of its own recordings would replace the recording.
    if let output, let target = try? FileSystem.status(of: output), target.isRegularFile {
        for path in paths {
            if let input = try? FileSystem.status(of: path), input.device == target.device, input.inode == target.inode {
                throw UsageError("-o \(quote(output)) is also a recording to replay (\(quote(path))); write the report elsewhere.")
            }
        }
    }
    // Version 3 recordings (replicas) need apps that speak protocol 2; a
    // protocol 1 app replays the others only.
    let apps = try startReplayApps(args)
    defer { apps.close() }
    apps.configure(&options)
    let out = try ReportOutput(path: output)
    // JUnit links a recording's page when `render` wrote one beside it.
    let writer = makeReportWriter(ReportFormat(rawValue: args.value("--format") ?? "text")!, out, trace: args.has("--trace")) {
        let page = RenderedPage.path(forRecording: $0)
        return FileSystem.exists(page) ? page : nil
    }
    let totals = Replayer(options: options).run(paths: paths, subject: apps.app, writer: writer)
    try out.close()
    return totals.exitCode
}
