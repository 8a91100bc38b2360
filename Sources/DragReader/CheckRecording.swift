import DragRecording
import DragSystem

/// What `check` found in one valid recording.
public struct CheckResult: Sendable {
    public var path: String
    public var events: Int
    /// A truncated tail, sessions still active at the end.
    public var warnings: [Diagnostic]
}

/// Validates one recording without replaying it, streaming: memory is
/// bounded by the longest line, never by the number of events.
public func checkRecording(path: String) throws(RecordingError) -> CheckResult {
    let reader = try RecordingReader(path: path)
    var events = 0
    while try reader.next() != nil { events += 1 }
    var warnings = reader.warnings
    for s in reader.validator.openSessions {
        warnings.append(Diagnostic(path: path, line: 0, severity: .warning, message: "session \(s) is still active at the end of the file"))
    }
    return CheckResult(path: path, events: events, warnings: warnings)
}
