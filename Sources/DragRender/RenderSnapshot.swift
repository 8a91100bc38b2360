import ReorderCore

/// The data after an event, laid out by the core's `Layout`: what the SVG
/// draws (the page lays the data out in its script, by the same rule).
public struct RenderSnapshot: Hashable, Sendable {
    public var collections: [RenderCollection]
    /// The container's `isEnabled`.
    public var enabled: Bool

    public init(collections: [RenderCollection], enabled: Bool = true) {
        self.collections = collections
        self.enabled = enabled
    }

    /// `data` laid out: each entry's frame from `Layout.frames(in:)`, each
    /// collection's area from `Layout.sections(frames:)`.
    /// - Complexity: O(n).
    public init(_ data: RenderData, _ layout: Layout<StringID>) {
        let frames = layout.frames(in: data)
        let sections = layout.sections(frames: frames)
        collections = data.collections.enumerated().map { i, c in
            let ids = c.fixed + Array(c.items)
            let entries = ids.indices.map { k in
                RenderEntry(id: ids[k], frame: frames[i][k], fixed: k < c.fixed.count, locked: data.locked.contains(ids[k]))
            }
            return RenderCollection(id: c.id, capacity: c.capacity, area: sections[i].area, entries: entries)
        }
        enabled = data.isEnabled
    }
}
