import DragCorpus
import DragRecording
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

let version = "dragreplay 0.2.0 (dragrec v1)"

let applierOption = OptionSpec(
    names: ["--applier"], valueName: "NAME", allowed: Applier<String, String?>.builtInNames,
    help: "the apply function under test: \(Applier<String, String?>.builtInNames.joined(separator: ", ")) (default: canonical)")

func applier(_ args: ParsedArguments) -> Applier<String, String?> {
    Applier<String, String?>.named(args.value("--applier") ?? "canonical")!
}

/// The recordings named by `arguments`, or a usage error naming what is missing.
func recordingPaths(_ arguments: [String], command: String) throws -> [String] {
    guard !arguments.isEmpty else { throw UsageError("'\(command)' needs at least one PATH (a recording, or a directory of *.jsonl).") }
    return try RecordingPaths.expand(arguments)
}
