import DragRecording
import ReorderCore

/// How a replay runs.
public struct ReplayOptions: Sendable {
    /// The function under test; `canonical` by default.
    public var applier: Applier<String, String?>
    /// Warnings fail the recording.
    public var strict: Bool
    /// At most this many failures and this many warnings are kept in the
    /// result (the status still counts every one). `bless` keeps one: it
    /// reads the steps, and a long recording whose every `expect` fails
    /// must not pile up its messages in memory.
    public var maxMessages: Int

    public init(applier: Applier<String, String?> = .canonical, strict: Bool = false, maxMessages: Int = .max) {
        self.applier = applier
        self.strict = strict
        self.maxMessages = max(1, maxMessages)
    }
}
