import ReorderCore

/// Every kind of event a recording may hold, in the order of the specs
/// (dragrec v1, then the swipe events of version 2): the one list of event
/// names, and what each layer must know of a kind without its fields. The
/// reader builds its byte table from `allCases`, the writer writes
/// `rawValue`, the page marks the kinds `isMutation` says, the help and the
/// messages list `allCases`. The data mutations are one case, named by the
/// core's `MutationKind`: a new mutation is defined there and needs nothing
/// here. Every property is an exhaustive switch: a new kind is flagged here,
/// once, for all of them (see docs/contributing.md, "Add a data mutation").
public enum EventKind: Hashable, Sendable, CaseIterable, RawRepresentable {
    case lift, move, drop, cancel, apply
    /// A data mutation (spec 2.2): `insert`, `delete`, `relocate`, ...
    case mutation(MutationKind)
    case expect
    /// Swipe-actions gestures (`swipe-v1` 3): version 2 and later.
    case swipe, scroll, tap
    /// The sync channel between replicas (replicas-v1 5): version 3 only.
    case channel(ChannelKind)

    /// In the order of the specs: drag events, mutations, `expect`,
    /// gestures, channel events.
    public static let allCases: [EventKind] =
        [.lift, .move, .drop, .cancel, .apply] + MutationKind.allCases.map(EventKind.mutation) + [.expect, .swipe, .scroll, .tap]
        + ChannelKind.allCases.map(EventKind.channel)

    /// The `type` a file writes.
    @inlinable public var rawValue: String {
        switch self {
        case .lift: "lift"
        case .move: "move"
        case .drop: "drop"
        case .cancel: "cancel"
        case .apply: "apply"
        case .mutation(let m): m.rawValue
        case .expect: "expect"
        case .swipe: "swipe"
        case .scroll: "scroll"
        case .tap: "tap"
        case .channel(let c): c.rawValue
        }
    }

    public init?(rawValue: String) {
        guard let kind = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = kind
    }

    /// Drag events carry a `session`; mutations, expectations, swipe
    /// gestures and channel events do not.
    @inlinable public var isDragEvent: Bool {
        switch self {
        case .lift, .move, .drop, .cancel, .apply: true
        case .mutation, .expect, .swipe, .scroll, .tap, .channel: false
        }
    }

    /// Data mutations from outside the drag (spec 2.2): the code under test
    /// is sent each one, and the page's timeline marks them.
    @inlinable public var isMutation: Bool {
        if case .mutation = self { true } else { false }
    }

    /// A `swipe`, `scroll` or `tap`: the swipe model's gestures
    /// (`ReorderSwipe`), beside the core's drag events and mutations.
    @inlinable public var isSwipeGesture: Bool {
        switch self {
        case .swipe, .scroll, .tap: true
        case .lift, .move, .drop, .cancel, .apply, .mutation, .expect, .channel: false
        }
    }

    /// Events that move a finger: their locations make up a session's path.
    @inlinable public var isDragLocation: Bool {
        switch self {
        case .lift, .move, .drop: true
        case .cancel, .apply, .mutation, .expect, .swipe, .scroll, .tap, .channel: false
        }
    }

    /// The first format version that has this event type.
    @inlinable public var minimumVersion: Int {
        switch self {
        case .channel: 3
        case .swipe, .scroll, .tap: 2
        case .lift, .move, .drop, .cancel, .apply, .mutation, .expect: 1
        }
    }

    /// Whether the event may change the data: `false` for those that never
    /// do, so a renderer keeps the snapshot it has (the common case, moves,
    /// costs nothing). A `drop` changes it only when it applies.
    @inlinable public var mayChangeData: Bool {
        switch self {
        case .lift, .move, .cancel, .expect: false
        case .drop, .apply, .mutation, .swipe, .scroll, .tap: true
        case .channel(let c): c.mayChangeData
        }
    }
}

extension EventKind {
    /// Whether a line of this kind happens on one replica (replicas-v1 2):
    /// in a version 3 file it requires `replica`; a channel event has none,
    /// and an `expect` may name one (default: the first).
    @inlinable public var takesReplica: Bool {
        switch self {
        case .lift, .move, .drop, .cancel, .apply, .mutation, .swipe, .scroll, .tap: true
        case .expect, .channel: false
        }
    }
}
