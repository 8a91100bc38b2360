import DragRecording
import Foundation

/// A usage error: exit code 2, message on stderr.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// One option a command accepts.
struct OptionSpec: Sendable {
    var names: [String]          // ["--applier"] or ["-o", "--output"]
    var valueName: String?       // nil for a flag
    var allowed: [String]? = nil
    var help: String
}

/// Parsed command line of one command.
struct ParsedArguments {
    var values: [String: String] = [:]   // keyed by the option's first long name
    var flags: Set<String> = []
    var positional: [String] = []

    func value(_ name: String) -> String? { values[name] }
    func has(_ name: String) -> Bool { flags.contains(name) }

    func integer(_ name: String, min: Int = 0) throws -> Int? {
        guard let v = values[name] else { return nil }
        guard let i = Int(v), i >= min else { throw UsageError("Invalid value '\(v)' for '\(name)' (expected an integer >= \(min)).") }
        return i
    }
}

/// Parses `arguments` against `options`: unknown options get a suggestion,
/// values are checked against their allowed list.
func parse(_ arguments: [String], options: [OptionSpec], command: String) throws -> ParsedArguments {
    var result = ParsedArguments()
    var i = 0
    var onlyPositional = false
    while i < arguments.count {
        let arg = arguments[i]
        i += 1
        if onlyPositional || !arg.hasPrefix("-") || arg == "-" {
            result.positional.append(arg)
            continue
        }
        if arg == "--" { onlyPositional = true; continue }
        var name = arg
        var inline: String?
        if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
            name = String(arg[..<eq])
            inline = String(arg[arg.index(after: eq)...])
        }
        guard let spec = options.first(where: { $0.names.contains(name) }) else {
            let all = options.flatMap(\.names) + ["--help"]
            if name == "--help" || name == "-h" { throw HelpRequested(command: command) }
            let suggestion = closestMatch(to: name, in: all).map { " Did you mean '\($0)'?" } ?? ""
            throw UsageError("Unknown option '\(name)' for '\(command)'.\(suggestion) See 'dragreplay help \(command)'.")
        }
        let key = spec.names.last!
        if let valueName = spec.valueName {
            let value: String
            if let inline { value = inline } else {
                guard i < arguments.count else { throw UsageError("Missing value for '\(name)' (expected \(expectation(spec, valueName))).") }
                value = arguments[i]
                i += 1
            }
            if let allowed = spec.allowed, !allowed.contains(value) {
                let suggestion = closestMatch(to: value, in: allowed).map { " Did you mean '\($0)'?" } ?? ""
                throw UsageError("Invalid value '\(value)' for '\(name)'.\(suggestion) (expected one of \(allowed.joined(separator: ", "))).")
            }
            result.values[key] = value
        } else {
            if inline != nil { throw UsageError("Option '\(name)' takes no value.") }
            result.flags.insert(key)
        }
    }
    return result
}

private func expectation(_ spec: OptionSpec, _ valueName: String) -> String {
    spec.allowed.map { "one of \($0.joined(separator: ", "))" } ?? valueName
}

struct HelpRequested: Error { var command: String }

/// Files named on the command line, with directories searched recursively
/// for `*.jsonl`, sorted so runs are repeatable.
func recordingPaths(_ arguments: [String]) throws -> [String] {
    var paths: [String] = []
    let fm = FileManager.default
    for argument in arguments {
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: argument, isDirectory: &isDirectory) else {
            throw UsageError("\(argument): error: no such file or directory")
        }
        if isDirectory.boolValue {
            let base = argument.hasSuffix("/") ? String(argument.dropLast()) : argument
            var found: [String] = []
            if let e = fm.enumerator(atPath: argument) {
                for case let relative as String in e where relative.hasSuffix(".jsonl") { found.append(base + "/" + relative) }
            }
            paths += found.sorted()
        } else {
            paths.append(argument)
        }
    }
    return paths
}

/// Colour only on a terminal, and never with NO_COLOR set.
func useColor(_ fd: Int32) -> Bool {
    isatty(fd) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
}

/// Writes to standard error, colouring the severity on a terminal.
func diagnose(_ line: String) {
    var text = line
    if useColor(2) {
        text = text.replacingOccurrences(of: ": error: ", with: ": \u{1B}[1;31merror:\u{1B}[0m ")
            .replacingOccurrences(of: ": warning: ", with: ": \u{1B}[1;33mwarning:\u{1B}[0m ")
    }
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
