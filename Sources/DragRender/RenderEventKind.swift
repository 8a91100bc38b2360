/// The `type` of the recording line an event came from (dragrec v1 and the
/// swipe extension).
public enum RenderEventKind: String, Hashable, Sendable, CaseIterable {
    case lift, move, drop, cancel, apply
    case insert, delete, relocate, update, reload, enable, disable, lock, unlock
    case expect
    case swipe, scroll, tap

    /// Data mutations from outside the drag (spec 2.2): the timeline marks them.
    public var isMutation: Bool {
        switch self {
        case .insert, .delete, .relocate, .update, .reload, .enable, .disable, .lock, .unlock: true
        default: false
        }
    }

    /// Events that move a finger: their locations make up a session's path.
    var isDragLocation: Bool {
        switch self {
        case .lift, .move, .drop: true
        default: false
        }
    }
}
