import ReorderCore

/// What the intent search precomputes from the ops: causality as bit sets,
/// the items each op touches and places, the items contested for each op,
/// and where each item stands in the final data (for the prune).
struct IntentFacts<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Sendable {
    typealias Op = ReplicaOp<ItemID, CollectionID>
    typealias Data = ReplicaData<ItemID, CollectionID>

    let ops: [Op]
    let all: OpSet
    /// Per op, the ops before it.
    let prerequisites: [OpSet]
    /// Per op, the items an op concurrent with it moves or deletes.
    let contested: [Set<ItemID>]
    /// Per op, the items a move concurrent with it moves.
    let movedConcurrently: [Set<ItemID>]
    /// Per op, every item it names.
    let touches: [Set<ItemID>]
    /// Per op, the index of the collection a move or insert places its items in.
    let target: [Int?]
    /// Where each entry stands in the final data: collection index, fixed or not.
    let finalHome: [ItemID: (collection: Int, isFixed: Bool)]
    let final: Data

    init(ops: [Op], header: ReorderContainer<ItemID, CollectionID>, final: Data) {
        self.ops = ops
        self.final = final
        var index: [OpID: Int] = [:]
        for (i, op) in ops.enumerated() { index[op.id] = i }
        var all = OpSet(count: ops.count)
        var prerequisites: [OpSet] = []
        for (i, op) in ops.enumerated() {
            all.insert(i)
            var set = OpSet(count: ops.count)
            for id in op.before { if let j = index[id] { set.insert(j) } }
            prerequisites.append(set)
        }
        self.all = all
        self.prerequisites = prerequisites
        var contested: [Set<ItemID>] = []
        var movedConcurrently: [Set<ItemID>] = []
        for (i, p) in ops.enumerated() {
            var touched = Set<ItemID>()
            var moved = Set<ItemID>()
            for (j, q) in ops.enumerated() where i != j && !prerequisites[i].contains(j) && !prerequisites[j].contains(i) {
                touched.formUnion(q.kind.moved)
                touched.formUnion(q.kind.deleted)
                moved.formUnion(q.kind.moved)
            }
            _ = p
            contested.append(touched)
            movedConcurrently.append(moved)
        }
        self.contested = contested
        self.movedConcurrently = movedConcurrently
        touches = ops.map { Set($0.kind.items) }
        target = ops.map { op in op.kind.collection.flatMap { header.collectionIndex(of: $0) } }
        var homes: [ItemID: (collection: Int, isFixed: Bool)] = [:]
        for (c, collection) in final.collections.enumerated() {
            for id in collection.fixed { homes[id] = (c, true) }
            for id in collection.items { homes[id] = (c, false) }
        }
        finalHome = homes
    }

    /// The ops not in `applied`.
    func remaining(after applied: OpSet) -> OpSet {
        var rest = OpSet(count: ops.count)
        for i in ops.indices where !applied.contains(i) { rest.insert(i) }
        return rest
    }
}

extension IntentFacts {
    /// The prune of 6.4: whether `data` can still become the final data
    /// with the `remaining` ops. Sound: it never rejects a state from
    /// which an explanation exists.
    /// - Complexity: O(m * k + n) for m ops of k items and n entries.
    func canReach(_ data: Data, remaining: OpSet) -> Bool {
        var touched = Set<ItemID>()
        var inserted = Set<ItemID>()
        var deleted = Set<ItemID>()
        var placed: [ItemID: Set<Int>] = [:]
        for i in ops.indices where remaining.contains(i) {
            touched.formUnion(touches[i])
            inserted.formUnion(ops[i].kind.inserted)
            deleted.formUnion(ops[i].kind.deleted)
            if let t = target[i] { for id in ops[i].kind.items { placed[id, default: []].insert(t) } }
        }
        var present = Set<ItemID>()
        for (c, collection) in data.collections.enumerated() {
            for id in collection.fixed {
                present.insert(id)
                if !fits(id, collection: c, isFixed: true, touched: touched, deleted: deleted, placed: placed) { return false }
            }
            for id in collection.items {
                present.insert(id)
                if !fits(id, collection: c, isFixed: false, touched: touched, deleted: deleted, placed: placed) { return false }
            }
            let finalCollection = final.collections[c]
            if collection.fixed.filter({ !touched.contains($0) }) != finalCollection.fixed.filter({ !touched.contains($0) }) {
                return false
            }
            if collection.items.filter({ !touched.contains($0) }) != finalCollection.items.filter({ !touched.contains($0) }) {
                return false
            }
        }
        for id in finalHome.keys where !present.contains(id) && !inserted.contains(id) { return false }
        return true
    }

    /// Whether an entry standing at (`c`, fixed or not) can end where the final data has it.
    private func fits(
        _ id: ItemID, collection c: Int, isFixed: Bool, touched: Set<ItemID>, deleted: Set<ItemID>, placed: [ItemID: Set<Int>]
    ) -> Bool {
        guard let home = finalHome[id] else { return deleted.contains(id) }
        if !touched.contains(id) { return home.collection == c && home.isFixed == isFixed }
        if home.isFixed != isFixed { return false }
        return home.collection == c || placed[id]?.contains(home.collection) == true
    }
}
