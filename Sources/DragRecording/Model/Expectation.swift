import ReorderCore

/// An `expect` line (spec 2.3): regression checks inside a recording.
public struct Expectation: Hashable, Sendable {
    /// The reorderable items of the single collection.
    public var order: [String]?
    /// The reorderable items of each listed collection.
    public var collections: [String: [String]]?
    /// The latest reported outcome (of `session`, when given).
    public var outcome: Outcome?
    public var session: Int?
    /// The last emitted difference.
    public var difference: ExpectedDifference?
    /// The last answered drop configuration's operation.
    public var operation: DropOperation?

    public init(
        order: [String]? = nil, collections: [String: [String]]? = nil, outcome: Outcome? = nil, session: Int? = nil,
        difference: ExpectedDifference? = nil, operation: DropOperation? = nil
    ) {
        self.order = order
        self.collections = collections
        self.outcome = outcome
        self.session = session
        self.difference = difference
        self.operation = operation
    }

    public var isEmpty: Bool { order == nil && collections == nil && outcome == nil && difference == nil && operation == nil }
}

/// `{"sources": [...], "collection": ..., "before": ID or null}`.
public struct ExpectedDifference: Hashable, Sendable {
    public var sources: [String]
    /// Required with several collections, omitted with one.
    public var collection: String?
    /// `nil` for `.end`.
    public var before: String?

    public init(sources: [String], collection: String? = nil, before: String?) {
        self.sources = sources
        self.collection = collection
        self.before = before
    }
}
