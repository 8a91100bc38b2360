import ReorderCore
import ReorderSwipe

/// An `expect` line (spec 2.3, and `swipe-v1` 4 in version 2): regression
/// checks inside a recording.
///
/// `open` and `performed` are tri-state, because `null` is a value there
/// ("no row is open", "nothing performed so far"), not an absent field:
///
///     Expectation(open: nil)                                          // absent: not checked
///     Expectation(open: .some(nil))                                   // "open": null
///     Expectation(open: SwipeOpenRow(item: "b", edge: .trailing))     // "open": {"item":"b","edge":"trailing"}
public struct Expectation: Hashable, Sendable {
    /// The reorderable items of the single collection.
    public var order: [StringID]?
    /// The reorderable items of each listed collection.
    public var collections: [StringID: [StringID]]?
    /// The latest reported outcome (of `session`, when given).
    public var outcome: Outcome?
    public var session: Int?
    /// The last emitted difference.
    public var difference: ExpectedDifference?
    /// The last answered drop configuration's operation.
    public var operation: DropOperation?
    /// Version 2: the open row; `.some(nil)` is `null`, no row open.
    public var open: OpenExpectation?
    /// Version 2: the last performed action; `.some(nil)` is `null`, none so far.
    public var performed: PerformedExpectation?
    /// Version 2: every `onPresentationChanged` so far, in order.
    public var presentations: [PresentationReport<StringID>]?
    /// Version 2: the labels an edge would show for an item now.
    public var labels: ExpectedLabels?
    /// Version 3: the reorderable items of listed collections on listed
    /// replicas (the server included), by replica ID.
    public var replicas: [String: ExpectedReplicaData]?

    /// Every member of an `expect` line the format defines (the event's
    /// `type` and `t`, then the fields above). Any other member is the
    /// writer's own, which `bless` keeps when it rewrites the line.
    public static let lineFields: Set<String> = [
        "type", "t", "session", "order", "collections", "outcome", "difference", "operation", "open", "performed",
        "presentations", "labels", "replica", "replicas",
    ]

    public init(
        order: [StringID]? = nil, collections: [StringID: [StringID]]? = nil, outcome: Outcome? = nil, session: Int? = nil,
        difference: ExpectedDifference? = nil, operation: DropOperation? = nil, open: OpenExpectation? = nil,
        performed: PerformedExpectation? = nil, presentations: [PresentationReport<StringID>]? = nil, labels: ExpectedLabels? = nil,
        replicas: [String: ExpectedReplicaData]? = nil
    ) {
        self.order = order
        self.collections = collections
        self.outcome = outcome
        self.session = session
        self.difference = difference
        self.operation = operation
        self.open = open
        self.performed = performed
        self.presentations = presentations
        self.labels = labels
        self.replicas = replicas
    }

    public var isEmpty: Bool {
        order == nil && collections == nil && outcome == nil && difference == nil && operation == nil && !hasSwipeFields
            && replicas == nil
    }

    /// Whether it checks anything of `swipe-v1` 4 (`open`, `performed`,
    /// `presentations`, `labels`): only a version 2 file may.
    public var hasSwipeFields: Bool { open != nil || performed != nil || presentations != nil || labels != nil }
}

/// One replica's entry of `expect.replicas`: the single collection's
/// items (an array), or the items of each listed collection.
public enum ExpectedReplicaData: Hashable, Sendable {
    case order([StringID])
    case collections([StringID: [StringID]])
}

/// `expect.open` when present: the open row, or `nil` for `null` (no row
/// is open).
public typealias OpenExpectation = SwipeOpenRow<StringID>?

/// `expect.performed` when present: the last performed action, or `nil` for
/// `null` (none so far).
public typealias PerformedExpectation = PerformedAction<StringID>?

/// `{"sources": [...], "collection": ..., "before": ID or null}`.
public struct ExpectedDifference: Hashable, Sendable {
    public var sources: [StringID]
    /// Required with several collections, omitted with one.
    public var collection: StringID?
    /// `nil` for `.end`.
    public var before: StringID?

    public init(sources: [StringID], collection: StringID? = nil, before: StringID?) {
        self.sources = sources
        self.collection = collection
        self.before = before
    }
}

/// `{"item": ID, "edge": "leading"|"trailing", "labels": [...]}`: the labels
/// `edge` would show for `item` now (`[]` for an edge without actions or an
/// item that is not a present reorderable item).
public struct ExpectedLabels: Hashable, Sendable {
    public var item: StringID
    public var edge: SwipeEdge
    public var labels: [String]

    public init(item: StringID, edge: SwipeEdge, labels: [String]) {
        self.item = item
        self.edge = edge
        self.labels = labels
    }
}
