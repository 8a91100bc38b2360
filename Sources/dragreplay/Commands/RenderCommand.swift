import DragApp
import DragCorpus
import DragFuzz
import DragRecording
import DragRender
import DragReplay
import DragSystem
import KnownBugs
import ReorderConformance
import ReorderCore

let renderCommand = Command(
    name: "render",
    usage:
        "dragreplay render [--applier NAME] [--handler NAME] [--merge-bug NAME] [--app COMMAND] [--app-server COMMAND] [--app-replica ID=COMMAND] [--app-timeout SECONDS] [--format html|svg] [--step N] [-o FILE] PATH",
    abstract: "Draw a recording step by step: one self-contained HTML page, or one SVG of a step.",
    discussion: """
        PATH is one recording. It is replayed as 'replay' does (--applier and --handler, or an app started with --app, as the code under test) \
        and every step is drawn from what the replay computed: the layout, each session's finger path, the hit target and the \
        placeholder slot, the answered operation (forbidden in red), the difference, the data before and after, expectations \
        (failed ones with expected and actual side by side) and, with --app, the app's data beside the model's. A version 3 \
        recording (replicas; --merge-bug replays it on a known-buggy merge) also draws each replica's data side by side and a \
        space-time diagram: a lane per replica, an arrow per message (lost ones crossed out), partitions shaded, the failed \
        check's operations highlighted. The page is one \
        file with nothing to fetch: open it in any browser, offline; the slider, the buttons and the keys step through it (arrows, Home, End; n and p: next and previous failure), \
        #step=N in the URL opens step N (steps count from 1), and it opens at the first failure. Consecutive moves of one session are one step; a \
        drag longer than 2000 points is drawn with every k-th point (the page says so). With --format svg, one static SVG of \
        step N (--step; default the first failing step, else the last). The file goes beside the recording (NAME.html or \
        NAME.svg) unless -o names another; -o - writes to standard output. A recording with an input error is drawn up to the \
        line before it. Exit 0 when the file was written, whether the recording passes or fails (the first line of output \
        says which); 2 when the recording has an input error (the page is still written when there is anything to draw), \
        the app cannot start, the page would be larger than 64 times the recording plus 32 MiB (nothing is written), or the \
        file cannot be written.
        """,
    options: [
        applierOption, handlerOption, mergeBugOption, appOption, appServerOption, appReplicaOption, appTimeoutOption,
        OptionSpec(names: ["--format"], valueName: "FORMAT", allowed: ["html", "svg"], help: "html (default) or svg"),
        OptionSpec(
            names: ["--step"], valueName: "N",
            help: "with --format svg: the step to draw, as in #step=N (default: first failure, else last)"),
        OptionSpec(names: ["-o", "--output"], valueName: "FILE", help: "write to FILE (atomically; - for standard output)"),
    ]
) { args in
    guard args.positional.count == 1 else {
        throw UsageError(
            args.positional.isEmpty
                ? "'render' needs a PATH (a recording)." : "'render' draws one recording; got \(args.positional.count) paths.")
    }
    let path = args.positional[0]
    guard try RecordingPaths.expand([path]) == [path] else {
        throw UsageError("'render' draws one recording file; \(quote(path)) is a directory.")
    }
    let svg = args.value("--format") == "svg"
    let step = try args.integer("--step", in: 1...Int.max)
    if step != nil && !svg {
        throw UsageError("'--step' chooses the step of --format svg; a page opens at a step with #step=N in its URL.")
    }
    let output = try args.path("--output") ?? RenderedPage.path(forRecording: path, extension: svg ? "svg" : "html")
    // A page written to a file streams its steps through a temporary file,
    // made before anything is replayed: a missing or unwritable $TMPDIR
    // fails here, with nothing written.
    var spool: RenderStepSpool?
    if !svg && output != "-" {
        do throws(SystemError) { spool = try RenderStepSpool() } catch {
            Output.diagnose(
                "\(error.description) (the page's temporary file, in \(RenderStepSpool.temporaryDirectory): "
                    + "set TMPDIR to a writable directory)")
            return 2
        }
    }
    let apps = try startReplayApps(args)
    defer { apps.close() }
    let drawn = render(
        path, applierName: args.value("--applier") ?? "canonical", handler: handler(args), mergeBug: args.value("--merge-bug"),
        app: apps.app, replicaApps: apps, spool: spool)
    guard let document = drawn.document else {
        Output.diagnose(drawn.result.error?.description ?? Diagnostic(path: path, line: 0, message: "nothing to draw").description)
        return 2
    }
    if let tooLarge = document.tooLarge {
        Output.diagnose(tooLarge.description)
        return 2
    }
    if let step, step > document.stepCount {
        throw UsageError(
            "Invalid value '\(step)' for '--step' (\(path) has \(document.stepCount) step\(document.stepCount == 1 ? "" : "s")"
                + (document.stepCount == 0 ? ")." : ": 1 to \(document.stepCount))."))
    }
    if document.spool != nil {
        try HTMLRenderer.write(document, toFile: output, preservingAttributes: true)
    } else {
        // People count steps from 1 (as the page does); the document indexes them from 0.
        let text = svg ? SVGRenderer.svg(document, step: step.map { $0 - 1 }) : HTMLRenderer.page(document)
        if output == "-" {
            try Output.out(text)
        } else {
            try AtomicFile.write(text, to: output, preservingAttributes: true)
        }
    }
    if let e = drawn.result.error { Output.diagnose(e.description) }
    let line = summary(drawn.result, document, output: output == "-" ? "standard output" : output)
    if output == "-" { Output.diagnose(line) } else { try Output.out(line + "\n") }
    return drawn.result.status == .error ? 2 : 0
}

/// Replays `path` with the code under test (the app when there is one) and
/// draws it.
func render(
    _ path: String, applierName: String, handler: SwipeHandlerKind = .correct, mergeBug: String? = nil, app: AppSubject?,
    replicaApps: ReplayApps? = nil, spool: RenderStepSpool? = nil
) -> (result: ReplayResult, document: RenderDocument?) {
    var subject: (any ReorderSubject<StringID, StringID?>)? = app
    var options = ReplayOptions(
        applier: Applier<StringID, StringID?>.named(applierName) ?? .canonical, handler: SwipeHandler<StringID>(handler))
    options.rules = World.judgement(header:)  // a finding made in a world is judged by its rules
    // As 'replay --merge-bug': a version 3 recording on a known-buggy merge.
    if let bug = mergeBug.flatMap(MergeBug.named) {
        options.merge = ReplicaMergeUnderTest(name: bug.name, imitates: bug.imitates) { bug.merge(ids: $0, data: $1) }
    }
    replicaApps?.configure(&options)
    let replayer = Replayer(options: options)
    let name =
        (options.merge.map { $0.name.hasPrefix("--app") ? "apps: \($0.name)" : nil } ?? nil) ?? app.map { "app: \($0.command)" }
        ?? "applier \(applierName)" + (handler == .correct ? "" : ", handler \(handler.rawValue)")
        + (mergeBug.map { ", merge-bug \($0)" } ?? "")
    return replayer.render(path: path, subject: &subject, subjectName: name, spool: spool)
}

/// `FAIL path: 7 events, 7 steps, 1 failing -> path.html`.
func summary(_ result: ReplayResult, _ document: RenderDocument, output: String) -> String {
    RecordingPage(path: output, result: result, document: document).description
}

/// `fuzz --render` and `explore --render`: the page of each finding, beside
/// it, replayed with the code under test that found it, so the page shows
/// the failure. Diagnostics name what could not be written; returns whether
/// every page was written.
func renderFindings(
    _ paths: [String], applierName: String, handler: SwipeHandlerKind = .correct, app: AppSubject?, tool: String
) -> Bool {
    var ok = true
    for path in paths {
        do {
            let page = try RecordingPage.write(
                render(path, applierName: applierName, handler: handler, app: app), to: RenderedPage.path(forRecording: path))
            Output.diagnose("\(tool): page \(SafeText.path(page.path)) (\(page.result.status.rawValue), \(page.stepCount) steps)")
        } catch {
            Output.diagnose(error.description)
            ok = false
        }
    }
    return ok
}
