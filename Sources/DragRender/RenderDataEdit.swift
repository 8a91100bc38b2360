import ReorderCore

/// One run of a collection's entries (`fixed + items`) replaced by a step.
public struct RenderDataEdit: Hashable, Sendable {
    public var collection: Int
    /// Where the run starts among the collection's entries.
    public var start: Int
    /// How many entries the run held before.
    public var removed: Int
    /// The entries that take its place.
    public var inserted: [StringID]
    /// The collection's new number of fixed entries, when it changed.
    public var fixedCount: Int?

    public init(collection: Int, start: Int, removed: Int, inserted: [StringID], fixedCount: Int? = nil) {
        self.collection = collection
        self.start = start
        self.removed = removed
        self.inserted = inserted
        self.fixedCount = fixedCount
    }
}
