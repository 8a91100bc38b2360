import ReorderCore
import ReorderSwipe

/// One collection as a header or a `reload` writes it (spec 1.1).
public struct CollectionSpec: Hashable, Sendable {
    /// `nil` only in a single-collection container.
    public var id: StringID?
    public var items: [StringID]
    public var fixed: [StringID]
    public var locked: [StringID]
    public var capacity: Int?

    public init(id: StringID? = nil, items: [StringID], fixed: [StringID] = [], locked: [StringID] = [], capacity: Int? = nil) {
        self.id = id
        self.items = items
        self.fixed = fixed
        self.locked = locked
        self.capacity = capacity
    }

    /// The core's collection (locks live on the container).
    public var collection: ReorderCollection<StringID, StringID?> {
        ReorderCollection(id: id, items: items, fixed: fixed, capacity: capacity)
    }
}

/// The first non-blank line of a recording.
public struct RecordingHeader: Hashable, Sendable {
    /// The format version: 1 (dragrec v1), 2 (v1 plus swipe actions,
    /// `swipe-v1`) or 3 (v2 plus replicas, replicas-v1). Only a version 2 or
    /// later file may have `swipe`, swipe events and the swipe fields of
    /// `expect`; only a version 3 file has `replicas` and channel events.
    public var version: Int
    public var layout: Layout<StringID>
    public var enabled: Bool
    public var collections: [CollectionSpec]
    /// The container's swipe actions (`container.swipe`, version 2 only);
    /// `nil` when the header has none: no row has actions.
    public var swipe: SwipeConfiguration<StringID>?
    /// Version 3: the replicas and their sync channel (replicas-v1 1);
    /// `nil` before.
    public var replicas: ReplicasSpec?
    /// Free-form; replay ignores it. Findings put seed, applier and invariant here.
    public var meta: JSONValue?
    /// The fuzzer's world rules (`world`, an extension field that replay
    /// ignores; see `World(header:)` in DragFuzz). `nil`: none.
    public var world: JSONValue?

    /// `version` defaults to 3 when `replicas` is given, 2 when `swipe`
    /// is, and 1 otherwise.
    public init(
        version: Int? = nil, layout: Layout<StringID>, enabled: Bool = true, collections: [CollectionSpec],
        swipe: SwipeConfiguration<StringID>? = nil, replicas: ReplicasSpec? = nil, meta: JSONValue? = nil, world: JSONValue? = nil
    ) {
        self.version = version ?? (replicas != nil ? 3 : swipe == nil ? 1 : 2)
        self.replicas = replicas
        self.layout = layout
        self.enabled = enabled
        self.collections = collections
        self.swipe = swipe
        self.meta = meta
        self.world = world
    }

    /// The versions this package reads and writes.
    public static let supportedVersions = 1...3

    /// The container the recording starts from.
    public var container: ReorderContainer<StringID, StringID?> {
        ReorderContainer(collections: collections.map(\.collection), locked: Set(collections.flatMap(\.locked)), isEnabled: enabled)
    }

    /// The swipe actions the engine runs with: the header's section; an
    /// empty one for a version 2 header without it (its gestures are still
    /// events, no row has actions); `nil` for version 1 (no swipe at all).
    public var engineSwipe: SwipeConfiguration<StringID>? {
        swipe ?? (version >= 2 ? SwipeConfiguration() : nil)
    }
}
