/// Every event `type` a recording may use, in the order of the spec: the one
/// list of event names. The reader builds its byte table from `allCases`,
/// the writer writes `rawValue`, messages list `allCases`.
public enum EventType: String, CaseIterable, Hashable, Sendable {
    case lift, move, drop, cancel, apply
    case insert, delete, relocate, update, reload, enable, disable, lock, unlock
    case expect

    /// Drag events carry a `session`; mutations and expectations do not.
    public var isDragEvent: Bool {
        switch self {
        case .lift, .move, .drop, .cancel, .apply: true
        default: false
        }
    }

    /// `"lift", "move", ...`: for messages that list what was expected.
    public static var quotedList: String { allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") }
}
