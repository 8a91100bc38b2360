import ReorderCore

/// What one step changed in the data, and nothing else: per collection
/// touched the run of entries it replaced, the locked IDs and `isEnabled`
/// when they changed, or the whole data when the collections themselves
/// changed (their number, IDs or capacities). The page rebuilds any step
/// from the initial data (or a checkpoint) by applying these in order.
public struct RenderDataChange: Hashable, Sendable {
    public var edits: [RenderDataEdit] = []
    /// The locked IDs, sorted, when they changed.
    public var locked: [StringID]?
    public var enabled: Bool?
    /// The whole data, when the collections changed; then nothing else is set.
    public var replacement: RenderData? {
        get { _replacement.first }
        set { _replacement = newValue.map { [$0] } ?? [] }
    }
    /// Boxed: a container is several words, and every step holds two changes.
    private var _replacement: [RenderData] = []

    public init(edits: [RenderDataEdit] = [], locked: [StringID]? = nil, enabled: Bool? = nil, replacement: RenderData? = nil) {
        self.edits = edits
        self.locked = locked
        self.enabled = enabled
        _replacement = replacement.map { [$0] } ?? []
    }

    /// The change from `old` to `new`, `nil` when they are equal. Each
    /// collection's run is the core's `ChunkedList.edit(from:)`: exact by
    /// construction (common prefix and suffix kept), so applying it to `old`
    /// gives `new`; a long run where a few entries moved is stored as what
    /// moved (`moves`), so a drop costs the same at any distance.
    /// - Complexity: O((c + k) log c) per collection for c chunks and the
    ///   k entries compared around the change (O(n) when the two share no
    ///   storage).
    static func between(_ old: RenderDataVersion, _ new: RenderData) -> RenderDataChange? {
        let a = old.collections
        let b = new.collections
        guard a.count == b.count, zip(a, b).allSatisfy({ $0.id == $1.id && $0.capacity == $1.capacity }) else {
            return RenderDataChange(replacement: new)
        }
        var change = RenderDataChange()
        for i in b.indices {
            if a[i].fixed != b[i].fixed {
                change.edits.append(
                    RenderDataEdit(
                        collection: i, start: 0, removed: a[i].entryCount, inserted: b[i].fixed + Array(b[i].items),
                        fixedCount: b[i].fixed.count))
            } else if let e = b[i].items.edit(from: a[i].items) {
                if let moved = moves(a[i].items, b[i].items, e, offset: b[i].fixed.count, collection: i) {
                    change.edits += moved
                    continue
                }
                let inserted = (e.start..<(e.start + e.inserted)).map { b[i].items[$0] }
                change.edits.append(
                    RenderDataEdit(collection: i, start: b[i].fixed.count + e.start, removed: e.removed, inserted: inserted))
            }
        }
        if old.locked != new.locked { change.locked = new.locked.sorted() }
        if old.enabled != new.isEnabled { change.enabled = new.isEnabled }
        return change == RenderDataChange() ? nil : change
    }

    /// About the bytes the change takes as the page's JSON.
    var byteEstimate: Int {
        if let r = replacement { return r.collections.reduce(16) { $0 + 3 * $1.entryCount + 8 } + Self.idBytes(r.entries) }
        return edits.reduce(8) { $0 + 24 + Self.idBytes($1.inserted) } + Self.idBytes(locked ?? [])
    }

    private static func idBytes(_ ids: [StringID]) -> Int { ids.reduce(0) { $0 + $1.string.utf8.count + 3 } }
}
