import DragRecording

/// Why an app could not be used at all: it could not start, or its `hello`
/// was not protocol 1 (app protocol 2.1). An input error: exit 2, no case runs.
public enum AppHostError: Error, Hashable, Sendable, CustomStringConvertible {
    case cannotStart(command: String, reason: String)
    case hello(command: String, reason: String)

    public var description: String {
        switch self {
        case .cannotStart(let command, let reason): "app \(Format.shellQuoted(command)): error: cannot start: \(reason)"
        case .hello(let command, let reason): "app \(Format.shellQuoted(command)): error: hello failed: \(reason)"
        }
    }
}
