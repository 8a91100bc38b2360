import ReorderCore

extension ReplicatedSystem {
    /// Commits a local change on client `replica` (replicas-v1 3): fixes the
    /// op's ID fields from the replica's data, its before set, timestamp and
    /// version vector from what the replica integrated, applies it at once
    /// through the merge, records `left`/`right`, and sends it. Every change
    /// is an op, even one that changes nothing; only an unknown collection
    /// commits none (a warning).
    /// - Complexity: O(n + m) for n items and m ops, plus the merge's apply.
    @discardableResult
    public mutating func commit(_ change: LocalChange<ItemID, CollectionID>, on replica: String) throws(ReplicaError)
        -> ReplicaCommit<ItemID, CollectionID>
    {
        guard seqs[replica] != nil else { throw .unknownReplica(replica) }
        // Counted even when no op follows: the caller's copy of the data
        // (a replay's engine) made the change and must be compared again.
        changeCounts[replica, default: 0] += 1
        let before = merge.data(of: replica)
        guard let kind = Self.kind(of: change, on: before) else {
            let collection: CollectionID? =
                switch change {
                case .move(let d): d.destination.collectionID
                case .externalInsert(_, let c, _), .insert(_, let c, _): c
                case .delete: nil
                }
            return ReplicaCommit(op: nil, warnings: collection.map { [.unknownCollection($0)] } ?? [], violations: [])
        }
        seqs[replica]! += 1
        var op = makeOp(kind, seq: seqs[replica]!, on: replica)
        op.payload = merge.payload(for: op, at: replica)
        let sends = merge.commit(op, change: change, at: replica)
        if merge.isOwnMerge, !merge.isStopped, ReplicaData(merge.data(of: replica)) == ReplicaData(before) { op.changedNothing = true }
        (op.left, op.right) = Self.neighbours(of: kind, in: merge.data(of: replica))
        opIndex[op.id] = ops.count
        ops.append(op)
        for id in kind.inserted where insertedSet.insert(id).inserted { insertedEntries.append(id) }
        for s in sends { channel.send(s, due: due(sentAt: now, on: Link(from: s.from, to: s.to))) }
        var report = ReplicaEventReport<ItemID, CollectionID>()
        report.others += merge.takeFindings()
        if !merge.isStopped { checkAfterChange(of: replica, into: &report) }
        return ReplicaCommit(op: op, warnings: [], violations: report.violations)
    }

    /// The op's ID fields from the origin's data (3): a move's sources are
    /// S of 3.1 step 1; an insert's items those it inserts; a delete's items
    /// those present. `nil` for an unknown collection.
    static func kind(of change: LocalChange<ItemID, CollectionID>, on data: Container) -> Op.Kind? {
        switch change {
        case .move(let d):
            guard data.collectionIndex(of: d.destination.collectionID) != nil else { return nil }
            return .move(
                sources: data.reorderablePresent(d.sources), collection: d.destination.collectionID, before: d.destination.position.anchor)
        case .externalInsert(let items, let c, let before):
            guard data.collectionIndex(of: c) != nil else { return nil }
            return .insert(items: data.absentEntries(items), collection: c, before: before)
        case .insert(let items, let c, let index):
            guard let t = data.collectionIndex(of: c) else { return nil }
            let order = data.collections[t].items
            let before = index.flatMap { $0 < order.count ? order[$0] : nil }
            return .insert(items: data.absentEntries(items), collection: c, before: before)
        case .delete(let items):
            return .delete(items: data.presentEntries(items))
        }
    }

    /// The new op's causality (6.0, 4.2 step 1) from what its origin integrated.
    private func makeOp(_ kind: Op.Kind, seq: Int, on replica: String) -> Op {
        var before = Set<OpID>()
        var lamport = 0
        var vector: [String: Int] = [:]
        for id in merge.integrated(at: replica) {
            // An inert op of another replica carries no causality (8.1).
            guard let known = op(id), !(known.changedNothing && id.origin != replica) else { continue }
            before.insert(id)
            before.formUnion(known.before)
            lamport = Swift.max(lamport, known.lamport)
            vector[id.origin] = Swift.max(vector[id.origin] ?? 0, id.seq)
        }
        return Op(id: OpID(origin: replica, seq: seq), kind: kind, before: before, lamport: lamport + 1, versionVector: vector)
    }

    /// `left` and `right` (3): the items just before the first and just
    /// after the last item of the block among its collection's reorderable
    /// items; both `nil` for an empty block.
    static func neighbours(of kind: Op.Kind, in data: Container) -> (ItemID?, ItemID?) {
        let block = Set(kind.moved + kind.inserted)
        guard !block.isEmpty, let c = kind.collection, let t = data.collectionIndex(of: c) else { return (nil, nil) }
        let items = Array(data.collections[t].items)
        guard let first = items.firstIndex(where: block.contains), let last = items.lastIndex(where: block.contains) else {
            return (nil, nil)
        }
        return (first > 0 ? items[first - 1] : nil, last + 1 < items.count ? items[last + 1] : nil)
    }
}
