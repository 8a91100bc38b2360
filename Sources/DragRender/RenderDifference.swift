/// A `ReorderDifference` in identifiers, as the page shows it.
///
/// Its own type because it adds what the core's difference does not carry:
/// whether the drop deferred it (`deferred`), which the page marks.
public struct RenderDifference: Hashable, Sendable {
    public var sources: [String]
    /// The destination collection; `nil` for the single unnamed collection.
    public var collection: String?
    /// `.before(id)`; `nil` means `.end`.
    public var before: String?
    /// `true` when the drop deferred it (`apply: "deferred"`): emitted here,
    /// applied by a later `apply` step. `false`: applied at this step.
    public var deferred: Bool

    public init(sources: [String], collection: String? = nil, before: String?, deferred: Bool = false) {
        self.sources = sources
        self.collection = collection
        self.before = before
        self.deferred = deferred
    }
}
