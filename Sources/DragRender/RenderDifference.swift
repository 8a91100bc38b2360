import ReorderCore

/// A `ReorderDifference` in identifiers, as the page shows it.
///
/// Its own type because it adds what the core's difference does not carry:
/// whether the drop deferred it (`deferred`), which the page marks.
public struct RenderDifference: Hashable, Sendable {
    public var sources: [StringID]
    /// The destination collection; `nil` for the single unnamed collection.
    public var collection: StringID?
    /// `.before(id)`; `nil` means `.end`.
    public var before: StringID?
    /// `true` when the drop deferred it (`apply: "deferred"`): emitted here,
    /// applied by a later `apply` step. `false`: applied at this step.
    public var deferred: Bool

    public init(sources: [StringID], collection: StringID? = nil, before: StringID?, deferred: Bool = false) {
        self.sources = sources
        self.collection = collection
        self.before = before
        self.deferred = deferred
    }
}
