/// Every event `type` a recording may use, in the order of the specs
/// (dragrec v1, then the swipe events of version 2): the one list of event
/// names. The reader builds its byte table from `allCases`, the writer
/// writes `rawValue`, messages list `allCases`.
public enum EventType: String, CaseIterable, Hashable, Sendable {
    case lift, move, drop, cancel, apply
    case insert, delete, relocate, update, reload, enable, disable, lock, unlock
    case expect
    /// Swipe-actions gestures (`swipe-v1` 3): version 2 only.
    case swipe, scroll, tap

    /// Drag events carry a `session`; mutations, expectations and swipe
    /// gestures do not.
    public var isDragEvent: Bool {
        switch self {
        case .lift, .move, .drop, .cancel, .apply: true
        default: false
        }
    }

    /// The first format version that has this event type.
    public var minimumVersion: Int {
        switch self {
        case .swipe, .scroll, .tap: 2
        default: 1
        }
    }

    /// `"lift", "move", ...`: for messages that list what was expected.
    public static var quotedList: String { allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") }
}
