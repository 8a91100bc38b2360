import DragRecording
import DragSystem
import ReorderCore
import ReorderSwipe

/// A message at a line of a recording.
public struct LineMessage: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }

    /// The message as a diagnostic of the recording at `path`, at column 1.
    public func diagnostic(in path: String, _ severity: Diagnostic.Severity) -> Diagnostic {
        Diagnostic(path: path, line: line, severity: severity, message: message)
    }
}

/// The end state of one collection.
public struct FinalCollection: Hashable, Sendable, CustomStringConvertible {
    public var id: StringID?
    public var items: [StringID]
    public init(id: StringID?, items: [StringID]) {
        self.id = id
        self.items = items
    }

    public var description: String { (id.map { "\(Format.quoted($0)): " } ?? "") + Format.ids(items) }
}

/// The result of replaying one recording. Outcomes are streamed to the
/// caller as they happen (see `Replayer.run`), so a long recording keeps
/// memory flat.
public struct ReplayResult: Hashable, Sendable, CustomStringConvertible {
    public enum Status: String, Sendable { case pass, fail, error }

    public var path: String
    public var status: Status
    public var final: [FinalCollection]
    public var failures: [LineMessage]
    public var warnings: [LineMessage]
    /// Present for `status == .error`: the first bad line.
    public var error: Diagnostic?
    public var eventCount: Int
    public var outcomeCount: Int
    /// The swipe state at the end (`nil` for a version 1 recording): what a
    /// final `expect` written by `bless` holds.
    public var swipe: SwipeModel<StringID>? = nil
    /// Version 3: per `quiesce`, per distinct data checked, the states the
    /// intent search visited (replicas-v1 6.4), in order: what the
    /// replicated fuzzer's summary reports (median and max).
    public var intentStates: [Int] = []
    /// Version 3: per `quiesce`, the anti-entropy rounds that re-sent
    /// something (rounds run less the last, which sent nothing): the
    /// repairs of what the channel lost.
    public var repairRounds: [Int] = []

    /// A recording that could not even be opened, or whose header is bad.
    public static func inputError(path: String, _ diagnostic: Diagnostic) -> ReplayResult {
        ReplayResult(path: path, status: .error, final: [], failures: [], warnings: [], error: diagnostic, eventCount: 0, outcomeCount: 0)
    }

    /// What a test prints when the recording did not pass: every failure
    /// at `path:line:1`, as the CLI prints it.
    public var description: String {
        var lines = ["\(status.rawValue.uppercased()) \(path)"]
        if let error { lines.append("  \(error)") }
        for f in failures { lines.append("  " + f.diagnostic(in: path, .error).text(path: path)) }
        for w in warnings { lines.append("  " + w.diagnostic(in: path, .warning).text(path: path)) }
        return lines.joined(separator: "\n")
    }
}
