import DragApp
import DragCorpus
import DragRecording
import DragSystem

// A thin CLI over the libraries: parse, dispatch, map errors to exit codes
// (0 success, 1 a check failed, 2 bad input or usage, or output that could
// not be written).

// The app launcher (a child of this tool that ends its app when the tool
// dies, even by SIGKILL) is this program run again: handled before anything.
AppLauncher.runIfRequested(CommandLine.arguments)
AppLauncher.enable(executable: "/proc/self/exe")

let commands: [Command] = [checkCommand, replayCommand, renderCommand, blessCommand, fuzzCommand, exploreCommand, corpusMergeCommand]

let overview = """
    OVERVIEW: Record, replay and fuzz drag sessions against a model of a reorder and drop-configuration core.

    USAGE: dragreplay COMMAND [OPTIONS] [ARGUMENTS]

    COMMANDS:
    \(commands.map { "  " + $0.name + String(repeating: " ", count: max(2, 16 - $0.name.count)) + $0.abstract }.joined(separator: "\n"))

      help COMMAND    Show help for a command.

    TOPICS (dragreplay help TOPIC):
    \(helpTopics.map { "  " + $0.name + String(repeating: " ", count: max(2, 16 - $0.name.count)) + $0.abstract }.joined(separator: "\n"))

    OPTIONS:
      --help          Show this help.
      --version       Show the version.

    Exit codes: 0 success, 1 a check failed, 2 bad input or usage.

    """

func main() -> Int32 {
    Output.occupyClosedStandardStreams()
    Signals.ignoreBrokenPipes()
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard let first = arguments.first else {
        Output.raw(overview)
        return 2
    }
    arguments.removeFirst()
    if let bytes = undecodableArgument() {
        return usageError(
            "the argument '\(CorpusError.escaped(bytes))' is not valid UTF-8 (shown with \\x escapes); "
                + "dragreplay reads its arguments as UTF-8 (a file or directory with such a name must be renamed to be read)")
    }
    do {
        switch first {
        case "--help", "-h":
            try Output.out(overview)
            return 0
        case "--version":
            try Output.out(version + "\n")
            return 0
        case "help":
            guard let name = arguments.first else {
                try Output.out(overview)
                return 0
            }
            if let topic = helpTopics.first(where: { $0.name == name }) {
                try Output.out(topic.text)
                return 0
            }
            let key = arguments.count > 1 && name == "corpus" ? "corpus \(arguments[1])" : name
            guard let command = commands.first(where: { $0.name == key || $0.name.hasPrefix(key + " ") }) else {
                let known = commands.map(\.name) + helpTopics.map(\.name)
                return usageError("Unknown command or topic \(quote(name)).\(suggestion(name, known)) See 'dragreplay --help'.")
            }
            try Output.out(command.help)
            return 0
        default:
            var name = first
            if first == "corpus" {
                guard let sub = arguments.first else { return usageError("'corpus' needs a subcommand: merge.") }
                name = "corpus \(sub)"
                arguments.removeFirst()
            }
            guard let command = commands.first(where: { $0.name == name }) else {
                if first.hasPrefix("-") {
                    return usageError(
                        "Unknown option \(quote(first)).\(suggestion(first, ["--help", "--version"])) See 'dragreplay --help'.")
                }
                return usageError("Unknown command \(quote(name)).\(suggestion(name)) See 'dragreplay --help'.")
            }
            do {
                let parsed = try parse(arguments, options: command.options, command: command.name)
                return try command.run(parsed)
            } catch is HelpRequested {
                try Output.out(command.help)
                return 0
            }
        }
    } catch let e as UsageError {
        return usageError(e.description)
    } catch {
        Output.diagnose("\(error)")
        return 2
    }
}

/// The first argument whose bytes are not valid UTF-8, read from `argv`
/// itself: `CommandLine.arguments` repairs such bytes (U+FFFD), which turns
/// a file named on the command line into a name that does not exist ("no
/// such file"), so the error names the bytes instead.
func undecodableArgument() -> [UInt8]? {
    for index in 1..<Int(CommandLine.argc) {
        guard var cursor = CommandLine.unsafeArgv[index] else { continue }
        var bytes: [UInt8] = []
        while cursor.pointee != 0 {
            bytes.append(UInt8(bitPattern: cursor.pointee))
            cursor += 1
        }
        if String(validating: bytes, as: UTF8.self) == nil { return bytes }
    }
    return nil
}

func suggestion(_ word: String, _ candidates: [String]? = nil) -> String {
    closestMatch(to: word, in: candidates ?? commands.map(\.name)).map { " Did you mean '\($0)'?" } ?? ""
}

func usageError(_ message: String) -> Int32 {
    Output.diagnose("error: \(message)")
    return 2
}

var code = main()
// Nothing an app started outlives the run: whatever is left of any app
// (a daemon that called setsid, an app a job did not close) is killed and
// reaped here. Cheap when the command ran no app: one look at /proc.
AppProcess.killLeftovers()
// A diagnostic that could not be written leaves the exit code as the only
// way to say something went wrong: failed output is exit 2, as it is for
// standard output, whatever the command found.
if Output.standardErrorFailed.load(ordering: .relaxed) { code = 2 }
SystemCall.exit(code)
