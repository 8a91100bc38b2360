import ReorderCore

/// The code under test: an app's `move` closure and `dropConfiguration`
/// closure (and the data they work on), in process or over the app protocol.
/// It keeps its own data, receives the deliveries and mutations the model
/// makes, and answers each with its data; `CheckedEngine` compares.
///
///     var engine = CheckedEngine(container: c, layout: l, subject: InProcessSubject(applier: .insertBeforeRemove))
///     engine.start()
///     let step = engine.handle(.drop(session: 0, at: p, deferred: false))
///     step.violation  // placement: the block should stand right before ...
public protocol ReorderSubject<ItemID, CollectionID> {
    associatedtype ItemID: Hashable & Sendable
    associatedtype CollectionID: Hashable & Sendable

    /// What it is, in reports: `applier insert-before-remove`, `app python3 board.py`.
    var name: String { get }
    /// Whether it answers `configure` (a `dropConfiguration` closure of its own).
    var configures: Bool { get }
    /// Whether it takes part in swipes (`open`, `close`, `perform`, `labels`).
    var swipes: Bool { get }

    mutating func handle(_ request: SubjectRequest<ItemID, CollectionID>) throws(SubjectFailure) -> SubjectAnswer<ItemID, CollectionID>

    /// The data it would hold after `request` a second time, without
    /// changing anything: the idempotence check. `nil` when it cannot be
    /// asked twice (a process keeps its state).
    func repeating(_ request: SubjectRequest<ItemID, CollectionID>) -> [[ItemID]]?

    /// What it holds beyond the data the model sees, for an exhaustive
    /// search that merges identical states: two states merge only when
    /// this is equal too. `nil` when it cannot say (a process may keep
    /// position keys or caches of its own): such a subject's states are
    /// never merged.
    var stateKey: AnyHashable? { get }

    /// Forgets everything earlier cases left behind: a process is stopped,
    /// and the next `reset` starts a new one. A fuzz finding is confirmed
    /// this way, so it cannot depend on cases that are not in it. A value
    /// is fresh in every copy: nothing to do.
    mutating func restart()
}

extension ReorderSubject {
    public func repeating(_ request: SubjectRequest<ItemID, CollectionID>) -> [[ItemID]]? { nil }
    public var stateKey: AnyHashable? { nil }
    public var swipes: Bool { false }
    public mutating func restart() {}
}
