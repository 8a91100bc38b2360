import ReorderCore

/// The data as plain arrays while a document's changes are applied one
/// after another (what the page does in its script): a run replaced in an
/// array, then one container built for the step drawn.
struct RenderDataState {
    struct Collection {
        var id: StringID?
        var capacity: Int?
        var fixedCount: Int
        var entries: [StringID]
    }

    var collections: [Collection]
    var locked: Set<StringID>
    var enabled: Bool

    /// - Complexity: O(n).
    init(_ data: RenderData) {
        collections = data.collections.map {
            Collection(id: $0.id, capacity: $0.capacity, fixedCount: $0.fixed.count, entries: $0.fixed + Array($0.items))
        }
        locked = data.locked
        enabled = data.isEnabled
    }

    /// - Complexity: O(k) for the entries the change moves, plus the
    ///   arrays' shifts.
    mutating func apply(_ change: RenderDataChange?) {
        guard let change else { return }
        if let r = change.replacement {
            self = RenderDataState(r)
            return
        }
        for e in change.edits {
            collections[e.collection].entries.replaceSubrange(e.start..<(e.start + e.removed), with: e.inserted)
            if let f = e.fixedCount { collections[e.collection].fixedCount = f }
        }
        if let l = change.locked { locked = Set(l) }
        if let en = change.enabled { enabled = en }
    }

    /// - Complexity: O(n).
    var data: RenderData {
        RenderData(
            collections: collections.map {
                ReorderCollection(
                    id: $0.id, items: Array($0.entries[$0.fixedCount...]), fixed: Array($0.entries[..<$0.fixedCount]),
                    capacity: $0.capacity)
            }, locked: locked, isEnabled: enabled)
    }
}
