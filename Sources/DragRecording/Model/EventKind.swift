/// Every kind of event a recording may hold, in the order of the specs
/// (dragrec v1, then the swipe events of version 2): the one list of event
/// names, and what each layer must know of a kind without its fields. The
/// reader builds its byte table from `allCases`, the writer writes
/// `rawValue`, the page marks the kinds `isMutation` says, the help and the
/// messages list `allCases`. Every property is an exhaustive switch: a new
/// kind is flagged here, once, for all of them (see docs/decisions.md,
/// "Adding an event type").
public enum EventKind: String, CaseIterable, Hashable, Sendable {
    case lift, move, drop, cancel, apply
    case insert, delete, relocate, update, reload, enable, disable, lock, unlock
    case expect
    /// Swipe-actions gestures (`swipe-v1` 3): version 2 only.
    case swipe, scroll, tap

    /// Drag events carry a `session`; mutations, expectations and swipe
    /// gestures do not.
    @inlinable public var isDragEvent: Bool {
        switch self {
        case .lift, .move, .drop, .cancel, .apply: true
        case .insert, .delete, .relocate, .update, .reload, .enable, .disable, .lock, .unlock: false
        case .expect, .swipe, .scroll, .tap: false
        }
    }

    /// Data mutations from outside the drag (spec 2.2): the code under test
    /// is sent each one, and the page's timeline marks them.
    @inlinable public var isMutation: Bool {
        switch self {
        case .insert, .delete, .relocate, .update, .reload, .enable, .disable, .lock, .unlock: true
        case .lift, .move, .drop, .cancel, .apply, .expect, .swipe, .scroll, .tap: false
        }
    }

    /// A `swipe`, `scroll` or `tap`: the swipe model's gestures
    /// (`ReorderSwipe`), beside the core's drag events and mutations.
    @inlinable public var isSwipeGesture: Bool {
        switch self {
        case .swipe, .scroll, .tap: true
        case .lift, .move, .drop, .cancel, .apply, .expect: false
        case .insert, .delete, .relocate, .update, .reload, .enable, .disable, .lock, .unlock: false
        }
    }

    /// Events that move a finger: their locations make up a session's path.
    @inlinable public var isDragLocation: Bool {
        switch self {
        case .lift, .move, .drop: true
        case .cancel, .apply, .expect, .swipe, .scroll, .tap: false
        case .insert, .delete, .relocate, .update, .reload, .enable, .disable, .lock, .unlock: false
        }
    }

    /// The first format version that has this event type.
    @inlinable public var minimumVersion: Int {
        switch self {
        case .swipe, .scroll, .tap: 2
        case .lift, .move, .drop, .cancel, .apply, .expect: 1
        case .insert, .delete, .relocate, .update, .reload, .enable, .disable, .lock, .unlock: 1
        }
    }

    /// Whether the event may change the data: `false` for those that never
    /// do, so a renderer keeps the snapshot it has (the common case, moves,
    /// costs nothing). A `drop` changes it only when it applies.
    @inlinable public var mayChangeData: Bool {
        switch self {
        case .lift, .move, .cancel, .expect: false
        case .drop, .apply, .swipe, .scroll, .tap: true
        case .insert, .delete, .relocate, .update, .reload, .enable, .disable, .lock, .unlock: true
        }
    }
}
