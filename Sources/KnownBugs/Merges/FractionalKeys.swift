import ReorderCore
import ReorderReplicas

/// Fractional position keys (7.3, 7.4): every reorderable item has a key
/// (collection, number); header items get 1, 2, ... per collection. A
/// collection shows its items by key; equal keys in the order this replica
/// wrote them, or, with `tieByID`, by item ID.
struct FractionalKeys<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Sendable {
    typealias Op = ReplicaOp<ItemID, CollectionID>

    /// What an op writes at commit: a key per source or item.
    struct Writes: Sendable {
        var collection: Int
        var keys: [(item: ItemID, number: Double)]
    }

    let header: ReorderContainer<ItemID, CollectionID>
    let tieByID: Bool
    var keys: [ItemID: (collection: Int, number: Double, written: Int)] = [:]
    var fixed: [[ItemID]]
    var writes = 0

    init(header: ReorderContainer<ItemID, CollectionID>, tieByID: Bool) {
        self.header = header
        self.tieByID = tieByID
        fixed = header.collections.map(\.fixed)
        for (c, collection) in header.collections.enumerated() {
            for (i, id) in collection.items.enumerated() { keys[id] = (c, Double(i + 1), 0) }
        }
    }

    /// The data the keys show.
    var data: ReorderContainer<ItemID, CollectionID> {
        var data = header
        var orders: [[(ItemID, Double, Int)]] = Array(repeating: [], count: header.collections.count)
        for (id, key) in keys { orders[key.collection].append((id, key.number, key.written)) }
        data.replaceCollections(
            header.collections.indices.map { c in
                let sorted = orders[c].sorted { a, b in
                    if a.1 != b.1 { return a.1 < b.1 }
                    return tieByID ? String(describing: a.0) < String(describing: b.0) : a.2 < b.2
                }
                let h = header.collections[c]
                return ReorderCollection(id: h.id, items: sorted.map(\.0), fixed: fixed[c], capacity: h.capacity)
            })
        return data
    }

    /// The keys an op writes, from this (its origin's) state: with rest =
    /// T's items without the block, j = the anchor's index in rest, lo and
    /// hi the keys around it, the i-th of n gets lo + (hi - lo) * i / (n + 1).
    func writes(for op: Op) -> Writes? {
        guard let c = op.kind.collection else { return nil }
        let data = data
        guard let t = data.collectionIndex(of: c) else { return nil }
        let block = op.kind.moved + op.kind.inserted
        let inBlock = Set(block)
        let rest = data.collections[t].items.filter { !inBlock.contains($0) }
        let anchor = op.kind.difference.map { data.resolvedAnchor(of: $0) } ?? op.kind.anchor
        let j = anchor.flatMap { rest.firstIndex(of: $0) } ?? rest.count
        let lo = j == 0 ? 0 : keys[rest[j - 1]]!.number
        let n = Double(block.count)
        let hi = j == rest.count ? lo + n + 1 : keys[rest[j]]!.number
        return Writes(collection: t, keys: block.enumerated().map { ($1, lo + (hi - lo) * Double($0 + 1) / (n + 1)) })
    }

    /// Applies an op's writes: a move only for items held, an insert only
    /// for items lacking; a delete drops keys and fixed entries. The last
    /// write wins.
    mutating func apply(_ op: Op) {
        if case .delete(let items) = op.kind {
            for id in items { keys[id] = nil }
            for c in fixed.indices { fixed[c].removeAll { items.contains($0) } }
            return
        }
        guard let w = op.payload as? Writes else { return }
        let isMove = op.kind.difference != nil
        let fixedIDs = Set(fixed.joined())
        for (id, number) in w.keys {
            let holds = keys[id] != nil
            if isMove ? !holds : (holds || fixedIDs.contains(id)) { continue }
            writes += 1
            keys[id] = (w.collection, number, writes)
        }
    }
}
