import DragReader
import DragRecording
import DragReplay
import Foundation
import ReorderCore

/// One subcommand: its options, its help, and what it does. Returns the exit code.
struct Command: Sendable {
    var name: String
    var usage: String
    var abstract: String
    var discussion: String
    var options: [OptionSpec]
    var run: @Sendable (ParsedArguments) throws -> Int32
}

let version = "dragreplay 0.1.0 (dragrec v1)"

let applierOption = OptionSpec(names: ["--applier"], valueName: "NAME", allowed: Applier<String, String?>.builtInNames,
                               help: "the apply function under test: \(Applier<String, String?>.builtInNames.joined(separator: ", ")) (default: canonical)")

func applier(_ args: ParsedArguments) -> Applier<String, String?> {
    Applier<String, String?>.named(args.value("--applier") ?? "canonical")!
}

let checkCommand = Command(
    name: "check", usage: "dragreplay check PATH...",
    abstract: "Validate recordings against dragrec v1 without replaying them.",
    discussion: "PATH is a file, or a directory searched recursively for *.jsonl. Diagnostics go to stderr as path:line:column: error: message. Exit 0 when every file is valid, 2 otherwise.",
    options: []
) { args in
    guard !args.positional.isEmpty else { throw UsageError("'check' needs at least one PATH (a recording, or a directory of *.jsonl).") }
    let paths = try recordingPaths(args.positional)
    var bad = 0
    for path in paths {
        do {
            let reader = try RecordingReader(path: path)
            _ = try reader.readAll()
            for w in reader.warnings { diagnose(w.description) }
            for s in reader.validator.openSessions { diagnose("\(path): warning: session \(s) is still active at the end of the file") }
        } catch {
            bad += 1
            diagnose("\(error)")
        }
    }
    diagnose("checked \(paths.count) recording\(paths.count == 1 ? "" : "s"): \(paths.count - bad) valid, \(bad) invalid")
    return bad == 0 ? 0 : 2
}

let replayCommand = Command(
    name: "replay", usage: "dragreplay replay [--applier NAME] [--strict] [--trace] [--format text|json|junit] [-o FILE] PATH...",
    abstract: "Replay recordings through the core and check their expect lines.",
    discussion: "PATH is a file, or a directory searched recursively for *.jsonl. Exit 0 when every recording passes, 1 when an expectation fails, 2 when a file has an input error (the others are still replayed and reported).",
    options: [
        applierOption,
        OptionSpec(names: ["--strict"], help: "warnings fail the recording"),
        OptionSpec(names: ["--trace"], help: "per event: the event, the answered operation and destination, the outcome, the data after it"),
        OptionSpec(names: ["--format"], valueName: "FORMAT", allowed: ReportFormat.allCases.map(\.rawValue), help: "text (default), json or junit"),
        OptionSpec(names: ["-o", "--output"], valueName: "FILE", help: "write the report to FILE instead of standard output"),
    ]
) { args in
    guard !args.positional.isEmpty else { throw UsageError("'replay' needs at least one PATH (a recording, or a directory of *.jsonl).") }
    let paths = try recordingPaths(args.positional)
    let trace = args.has("--trace")
    let options = ReplayOptions(applier: applier(args), strict: args.has("--strict"), trace: trace)
    let out = try ReportOutput(path: args.value("--output"))
    defer { out.close() }
    let writer: ReportWriter
    switch ReportFormat(rawValue: args.value("--format") ?? "text")! {
    case .text: writer = TextReport(out, trace: trace)
    case .json: writer = JSONReport(out)
    case .junit: writer = JUnitReport(out)
    }
    return replayAll(paths, options: options, writer: writer)
}

let blessCommand = Command(
    name: "bless", usage: "dragreplay bless [--applier NAME] PATH...",
    abstract: "Rewrite expect lines to what the replay produces now.",
    discussion: "Each expect line keeps its fields with today's values; a final expect is added when the recording does not end with one. No other line is touched. How a fixed bug report becomes a regression test.",
    options: [applierOption]
) { args in
    guard !args.positional.isEmpty else { throw UsageError("'bless' needs at least one PATH.") }
    var code: Int32 = 0
    for path in try recordingPaths(args.positional) {
        do {
            let r = try bless(path: path, options: ReplayOptions(applier: applier(args)))
            let what = r.rewritten.isEmpty ? "no expect line changed" : "rewrote expect line\(r.rewritten.count == 1 ? "" : "s") \(r.rewritten.map(String.init).joined(separator: ", "))"
            print("\(path): \(what)\(r.appendedFinal ? "; added a final expect" : "")")
        } catch {
            diagnose("\(error)")
            code = 2
        }
    }
    return code
}
