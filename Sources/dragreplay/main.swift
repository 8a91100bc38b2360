import DragRecording
import Foundation

// A thin CLI over the libraries: parse, dispatch, map errors to exit codes
// (0 success, 1 a check failed, 2 bad input or usage).

let commands: [Command] = [checkCommand, replayCommand, blessCommand] + extraCommands

@MainActor func help(for command: Command) -> String {
    var s = "OVERVIEW: \(command.abstract)\n\nUSAGE: \(command.usage)\n\n\(command.discussion)\n"
    if !command.options.isEmpty {
        s += "\nOPTIONS:\n"
        for o in command.options {
            let left = o.names.joined(separator: ", ") + (o.valueName.map { " \($0)" } ?? "")
            s += "  " + left.padding(toLength: max(24, left.count + 2), withPad: " ", startingAt: 0) + o.help + "\n"
        }
    }
    return s
}

let overview = """
OVERVIEW: Record, replay and fuzz drag sessions against a model of a reorder and drop-configuration core.

USAGE: dragreplay COMMAND [OPTIONS] [ARGUMENTS]

COMMANDS:
\(commands.map { "  " + $0.name.padding(toLength: 16, withPad: " ", startingAt: 0) + $0.abstract }.joined(separator: "\n"))

  help COMMAND    Show help for a command.

OPTIONS:
  --help          Show this help.
  --version       Show the version.

Exit codes: 0 success, 1 a check failed, 2 bad input or usage.

"""

@MainActor func main() -> Int32 {
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard let first = arguments.first else {
        FileHandle.standardError.write(Data(overview.utf8))
        return 2
    }
    arguments.removeFirst()
    switch first {
    case "--help", "-h":
        print(overview, terminator: "")
        return 0
    case "--version":
        print(version)
        return 0
    case "help":
        guard let name = arguments.first else { print(overview, terminator: ""); return 0 }
        let key = arguments.count > 1 && name == "corpus" ? "corpus \(arguments[1])" : name
        guard let command = commands.first(where: { $0.name == key || $0.name.hasPrefix(key + " ") }) else {
            return usageError("Unknown command '\(name)'.\(suggestion(name)) See 'dragreplay --help'.")
        }
        print(help(for: command), terminator: "")
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
                return usageError("Unknown option '\(first)'.\(suggestion(first, ["--help", "--version"])) See 'dragreplay --help'.")
            }
            return usageError("Unknown command '\(name)'.\(suggestion(name)) See 'dragreplay --help'.")
        }
        do {
            let parsed = try parse(arguments, options: command.options, command: command.name)
            return try command.run(parsed)
        } catch let h as HelpRequested {
            _ = h
            print(help(for: command), terminator: "")
            return 0
        } catch let e as UsageError {
            return usageError(e.description)
        } catch {
            diagnose("\(error)")
            return 2
        }
    }
}

@MainActor func suggestion(_ word: String, _ candidates: [String]? = nil) -> String {
    let candidates = candidates ?? commands.map(\.name)
    return closestMatch(to: word, in: candidates).map { " Did you mean '\($0)'?" } ?? ""
}

@MainActor func usageError(_ message: String) -> Int32 {
    diagnose("error: \(message)")
    return 2
}

exit(main())
