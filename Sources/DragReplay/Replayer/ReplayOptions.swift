import DragRecording
import ReorderCore

/// How a replay runs.
public struct ReplayOptions: Sendable {
    /// The function under test; `canonical` by default.
    public var applier: Applier<String, String?>
    /// Warnings fail the recording.
    public var strict: Bool

    public init(applier: Applier<String, String?> = .canonical, strict: Bool = false) {
        self.applier = applier
        self.strict = strict
    }
}
