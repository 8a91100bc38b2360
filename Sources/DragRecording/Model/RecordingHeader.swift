import ReorderCore

/// One collection as a header or a `reload` writes it (spec 1.1).
public struct CollectionSpec: Hashable, Sendable {
    /// `nil` only in a single-collection container.
    public var id: String?
    public var items: [String]
    public var fixed: [String]
    public var locked: [String]
    public var capacity: Int?

    public init(id: String? = nil, items: [String], fixed: [String] = [], locked: [String] = [], capacity: Int? = nil) {
        self.id = id
        self.items = items
        self.fixed = fixed
        self.locked = locked
        self.capacity = capacity
    }

    /// The core's collection (locks live on the container).
    public var collection: ReorderCollection<String, String?> {
        ReorderCollection(id: id, items: items, fixed: fixed, capacity: capacity)
    }
}

/// The first non-blank line of a recording.
public struct RecordingHeader: Hashable, Sendable {
    public var layout: Layout<String>
    public var enabled: Bool
    public var collections: [CollectionSpec]
    /// Free-form; replay ignores it. Findings put seed, applier and invariant here.
    public var meta: JSONValue?

    public init(layout: Layout<String>, enabled: Bool = true, collections: [CollectionSpec], meta: JSONValue? = nil) {
        self.layout = layout
        self.enabled = enabled
        self.collections = collections
        self.meta = meta
    }

    /// The container the recording starts from.
    public var container: ReorderContainer<String, String?> {
        ReorderContainer(collections: collections.map(\.collection), locked: Set(collections.flatMap(\.locked)), isEnabled: enabled)
    }
}
