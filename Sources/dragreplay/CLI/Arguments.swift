import DragRecording
import DragSystem

/// A usage error: exit code 2, message on stderr.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

struct HelpRequested: Error {}

/// One option a command accepts.
struct OptionSpec: Sendable {
    var names: [String]  // ["--applier"] or ["-o", "--output"]
    var valueName: String?  // nil for a flag
    var allowed: [String]? = nil
    var help: String
    /// It may be given more than once (`--app-replica A=CMD`); `all(_:)` reads every value.
    var repeatable = false
}

/// Parsed command line of one command.
struct ParsedArguments {
    var values: [String: String] = [:]  // keyed by the option's last name
    var flags: Set<String> = []
    var positional: [String] = []
    /// Every value of a repeatable option, in the order given.
    var repeated: [String: [String]] = [:]

    func value(_ name: String) -> String? { values[name] }
    func all(_ name: String) -> [String] { repeated[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// An integer option in `range`; what was wrong and what was expected otherwise.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let v = values[name] else { return nil }
        guard let i = Int(v), range.contains(i) else {
            throw UsageError(
                "Invalid value \(quote(v)) for '\(name)' (expected an integer from \(range.lowerBound) to \(range.upperBound)).")
        }
        return i
    }

    /// A non-empty path option.
    func path(_ name: String) throws(UsageError) -> String? {
        guard let v = values[name] else { return nil }
        guard !v.isEmpty else { throw UsageError("Invalid value '' for '\(name)' (expected a path).") }
        return v
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
        if arg == "--" {
            onlyPositional = true
            continue
        }
        var name = arg
        var inline: String?
        if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
            name = String(arg[..<eq])
            inline = String(arg[arg.index(after: eq)...])
        }
        guard let spec = options.first(where: { $0.names.contains(name) }) else {
            if name == "--help" || name == "-h" { throw HelpRequested() }
            let all = options.flatMap(\.names) + ["--help"]
            let suggestion = closestMatch(to: name, in: all).map { " Did you mean '\($0)'?" } ?? ""
            throw UsageError("Unknown option \(quote(name)) for '\(command)'.\(suggestion) See 'dragreplay help \(command)'.")
        }
        let key = spec.names.last!
        if let valueName = spec.valueName {
            let value: String
            if let inline {
                value = inline
            } else {
                guard i < arguments.count else {
                    throw UsageError(
                        "Missing value for '\(name)' (expected \(spec.allowed.map { "one of \($0.joined(separator: ", "))" } ?? valueName))."
                    )
                }
                value = arguments[i]
                i += 1
            }
            if let allowed = spec.allowed, !allowed.contains(value) {
                let suggestion = closestMatch(to: value, in: allowed).map { " Did you mean '\($0)'?" } ?? ""
                throw UsageError(
                    "Invalid value \(quote(value)) for '\(name)'.\(suggestion) (expected one of \(allowed.joined(separator: ", "))).")
            }
            if spec.repeatable { result.repeated[key, default: []].append(value) }
            if result.values[key] != nil && !spec.repeatable { throw UsageError("Option '\(name)' is given twice.") }
            result.values[key] = value
        } else {
            if inline != nil { throw UsageError("Option '\(name)' takes no value.") }
            result.flags.insert(key)
        }
    }
    return result
}

/// A user's word in a message: quoted, escaped if it holds a character a
/// terminal could act on (`SafeText.isUnsafe`) or a quote.
func quote(_ s: String) -> String {
    s.unicodeScalars.allSatisfy({ !SafeText.isUnsafe($0) && $0 != "'" }) ? "'\(s)'" : Format.quoted(s)
}
