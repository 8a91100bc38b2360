import ReorderCore

/// One spelling per ID (docs/decisions.md): every item ID and collection id
/// a recording names, in the header and in its events, goes through
/// `IDSpellings`, which refuses one that is the same text as an ID named
/// before in other bytes.
extension RecordingValidator {
    /// The header's IDs: entries and locks, the layout's sized items and
    /// the swipe section's flagged ones. `checkCollections` has refused a
    /// second spelling among the entries already, with the same message.
    mutating func spellHeader(_ header: RecordingHeader) throws(FieldError) {
        for c in header.collections {
            if let id = c.id { try collectionSpellings.check(id, "collection id", field: "id") }
            try itemSpellings.check(c.fixed, "item ID", field: "fixed")
            try itemSpellings.check(c.items, "item ID", field: "items")
            try itemSpellings.check(c.locked, "item ID", field: "locked")
        }
        var sized: [String] = []
        _ = header.layout.mapIDs { id in
            sized.append(id)
            return id
        }
        // Sorted: a dictionary's order changes from run to run.
        try itemSpellings.check(sized.sorted(), "item ID", field: "container.layout")
        for (_, items) in (header.swipe?.flags ?? [:]).sorted(by: { $0.key < $1.key }) {
            try itemSpellings.check(items, "item ID", field: "container.swipe")
        }
    }

    /// The IDs of an event line.
    mutating func spell(_ kind: RecordedEvent.Kind) throws(FieldError) {
        switch kind {
        case .lift(let items, _, _, _, _):
            try itemSpellings.check(items, "item ID", field: "items")
        case .move, .drop, .cancel, .apply, .scroll, .tap, .channel:
            break
        case .mutation(let m):
            try spell(m)
        case .viaApplier(let d):
            try itemSpellings.check(d.sources, "item ID", field: "items")
            if let c = d.destination.collectionID { try collectionSpellings.check(c, "collection id", field: "collection") }
            if let before = d.destination.position.anchor { try itemSpellings.check(before, "item ID", field: "before") }
        case .expect(let e):
            try spell(e)
        case .swipe(let item, _):
            try itemSpellings.check(item, "item ID", field: "item")
        }
    }

    private mutating func spell(_ m: RecordedMutation) throws(FieldError) {
        switch m {
        case .insert(let items, let collection, _):
            try itemSpellings.check(items, "item ID", field: "items")
            if let collection { try collectionSpellings.check(collection, "collection id", field: "collection") }
        case .delete(let items), .lock(let items), .unlock(let items):
            try itemSpellings.check(items, "item ID", field: "items")
        case .relocate(let items, let collection, let before):
            try itemSpellings.check(items, "item ID", field: "items")
            if let collection { try collectionSpellings.check(collection, "collection id", field: "collection") }
            if let before { try itemSpellings.check(before, "item ID", field: "before") }
        case .update(let item):
            try itemSpellings.check(item, "item ID", field: "item")
        case .reload(let collections, let locked):
            for c in collections {
                if let id = c.id { try collectionSpellings.check(id, "collection id", field: "collections") }
                try itemSpellings.check(c.fixed, "item ID", field: "collections")
                try itemSpellings.check(Array(c.items), "item ID", field: "collections")
            }
            try itemSpellings.check(locked, "item ID", field: "locked")
        case .setEnabled:
            break
        }
    }

    private mutating func spell(_ e: Expectation) throws(FieldError) {
        if let order = e.order { try itemSpellings.check(order, "item ID", field: "order") }
        for (id, items) in (e.collections ?? [:]).sorted(by: { $0.key < $1.key }) {
            try collectionSpellings.check(id, "collection id", field: "collections")
            try itemSpellings.check(items, "item ID", field: "collections")
        }
        if let d = e.difference {
            try itemSpellings.check(d.sources, "item ID", field: "sources")
            if let c = d.collection { try collectionSpellings.check(c, "collection id", field: "difference") }
            if let before = d.before { try itemSpellings.check(before, "item ID", field: "difference") }
        }
        if let row = e.open ?? nil { try itemSpellings.check(row.item, "item ID", field: "open") }
        if let p = e.performed ?? nil { try itemSpellings.check(p.item, "item ID", field: "performed") }
        for report in e.presentations ?? [] { try itemSpellings.check(report.item, "item ID", field: "presentations") }
        if let l = e.labels { try itemSpellings.check(l.item, "item ID", field: "labels") }
        for (_, data) in (e.replicas ?? [:]).sorted(by: { $0.key < $1.key }) {
            switch data {
            case .order(let items):
                try itemSpellings.check(items, "item ID", field: "replicas")
            case .collections(let cs):
                for (c, items) in cs.sorted(by: { $0.key < $1.key }) {
                    try collectionSpellings.check(c, "collection id", field: "replicas")
                    try itemSpellings.check(items, "item ID", field: "replicas")
                }
            }
        }
    }
}
