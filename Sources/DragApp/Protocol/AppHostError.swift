import DragRecording

/// Why an app could not be used at all: its process could not start, or its
/// `hello` was not protocol 1 (app protocol 2.1). An input error: exit 2, no case runs.
public enum AppHostError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Starting the process failed: the process layer's error
    /// (`AppProcessError.cannotStart`, the one `AppProcess.init` throws), not a copy of it.
    case process(command: String, AppProcessError)
    case hello(command: String, reason: String)

    public var description: String {
        switch self {
        case .process(let command, let error): "app \(Format.shellQuoted(command)): error: cannot start: \(error)"
        case .hello(let command, let reason): "app \(Format.shellQuoted(command)): error: hello failed: \(reason)"
        }
    }
}
