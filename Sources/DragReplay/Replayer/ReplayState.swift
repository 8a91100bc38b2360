import DragRecording
import ReorderCore

/// A session that ended, or a lift that was rejected, at a line.
public struct SessionEnd: Hashable, Sendable, CustomStringConvertible {
    public var session: Int
    public var outcome: Outcome
    public var line: Int
    public init(session: Int, outcome: Outcome, line: Int) {
        self.session = session
        self.outcome = outcome
        self.line = line
    }

    public var description: String { "session \(session) \(outcome.rawValue) at line \(line)" }
}

/// What a replay has seen so far besides the data: what an `expect` line
/// compares against (spec 2.3), with the data. The replayer keeps it up to
/// date; `bless` and `--trace` read it from each step instead of tracking
/// it again. (The data stays with the engine: a second reference to it would
/// make every change copy it.)
public struct ReplayState: Sendable {
    /// The most recently reported outcome, and the latest one per session.
    public var lastOutcome: SessionEnd?
    public var outcomeBySession: [Int: SessionEnd] = [:]
    /// The last emitted difference.
    public var lastDifference: ReorderDifference<StringID, StringID?>?
    /// The operation of the last answered drop configuration.
    public var lastOperation: DropOperation?
    /// The `t` of the last event read.
    public var lastT: Double = 0

    public init() {}

    /// Folds one engine step in.
    mutating func record(_ step: StepResult<StringID, StringID?>, session: Int, line: Int) {
        // The operation alone: binding the configuration copies its destination.
        if let operation = step.configuration?.operation { lastOperation = operation }
        if let d = step.emitted { lastDifference = d }
        if let outcome = step.outcome {
            let end = SessionEnd(session: session, outcome: outcome, line: line)
            lastOutcome = end
            outcomeBySession[session] = end
        }
    }
}
