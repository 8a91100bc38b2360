import DragApp
import DragCorpus
import DragRecording
import KnownBugs
import ReorderCore

/// One subcommand: its options, its help, and what it does. Returns the exit code.
struct Command: Sendable {
    var name: String
    var usage: String
    var abstract: String
    var discussion: String
    var options: [OptionSpec]
    var run: @Sendable (ParsedArguments) throws -> Int32

    /// `dragreplay help NAME`.
    var help: String {
        var s = "OVERVIEW: \(abstract)\n\nUSAGE: \(usage)\n\n\(discussion)\n"
        if !options.isEmpty {
            s += "\nOPTIONS:\n"
            for o in options {
                let left = o.names.joined(separator: ", ") + (o.valueName.map { " \($0)" } ?? "")
                s += "  " + left + String(repeating: " ", count: max(2, 24 - left.count)) + o.help + "\n"
            }
        }
        return s
    }
}

/// The tool's version number: the one place it is written. `--version`
/// and the app protocol's `hello` say it; the docs quote it, and a test
/// checks every `dragreplay N.N.N` in them against `--version`.
let toolVersion = "0.4.0"
let version = "dragreplay \(toolVersion) (dragrec v1 and v2, app protocol 1)"

let applierOption = OptionSpec(
    names: ["--applier"], valueName: "NAME", allowed: Applier<String, String?>.builtInNames,
    help: "the apply function under test: \(Applier<String, String?>.builtInNames.joined(separator: ", ")) (default: canonical)")

let handlerOption = OptionSpec(
    names: ["--handler"], valueName: "NAME", allowed: SwipeHandler<String>.builtInNames,
    help: "the swipe action handlers under test: \(SwipeHandler<String>.builtInNames.joined(separator: ", ")) (default: correct)")

let mergeBugOption = OptionSpec(
    names: ["--merge-bug"], valueName: "NAME", allowed: MergeBug.builtInNames,
    help: "version 3 recordings: a known-buggy merge in place of the recording's model: \(MergeBug.builtInNames.joined(separator: ", "))")

let appOption = OptionSpec(
    names: ["--app"], valueName: "COMMAND",
    help: "put an app under test: COMMAND runs with /bin/sh -c and speaks the app protocol (see 'dragreplay help app')")

let appTimeoutOption = OptionSpec(names: ["--app-timeout"], valueName: "SECONDS", help: "how long the app may take to answer (default 10)")

/// The app of `--app`, started and past `hello`; `nil` without `--app`.
/// Ctrl-C and SIGTERM then stop it too: it runs in a process group of its
/// own, out of reach of the terminal's signals.
func startApp(_ args: ParsedArguments) throws -> AppSubject? {
    guard let command = args.value("--app") else { return nil }
    if args.value("--applier") != nil { throw UsageError("'--applier' and '--app' exclude each other: the app is the code under test.") }
    if args.value("--handler") != nil {
        throw UsageError("'--handler' and '--app' exclude each other: the app's own swipe handlers are under test.")
    }
    guard !command.isEmpty else { throw UsageError("Invalid value '' for '--app' (expected a command).") }
    var timeout = 10.0
    if let t = args.value("--app-timeout") {
        guard let v = Double(t), v > 0, v <= 86_400 else {
            throw UsageError("Invalid value \(quote(t)) for '--app-timeout' (expected seconds > 0).")
        }
        timeout = v
    }
    Signals.stopAppsOnExit()
    return try AppSubject(command: command, timeout: timeout, tool: "dragreplay \(toolVersion)")
}

func applier(_ args: ParsedArguments) -> Applier<String, String?> {
    Applier<String, String?>.named(args.value("--applier") ?? "canonical")!
}

func handler(_ args: ParsedArguments) -> SwipeHandlerKind {
    SwipeHandlerKind(rawValue: args.value("--handler") ?? "correct")!
}

/// The recordings named by `arguments`, or a usage error naming what is missing.
func recordingPaths(_ arguments: [String], command: String) throws -> [String] {
    guard !arguments.isEmpty else { throw UsageError("'\(command)' needs at least one PATH (a recording, or a directory of *.jsonl).") }
    return try RecordingPaths.expand(arguments)
}
