import ReorderCore

extension IntentFacts {
    typealias Container = ReorderContainer<ItemID, CollectionID>

    /// Effect (a) alone: the op applied by the canonical rule (a delete
    /// removes every item of it present).
    /// - Complexity: O(n) for the copy, plus the apply.
    func canonicalEffect(of i: Int, on data: Container) -> Container {
        var result = data
        ops[i].apply(to: &result)
        return result
    }

    /// Every permitted effect of op `i` on `data` (6.4), possibly with repeats.
    /// - Complexity: O(2^c * (n + p) * n) for c contested items and p positions of (c).
    func effects(of i: Int, on data: Container, options: ReplicaOptions) -> [Container] {
        let op = ops[i]
        // 8.1: an op that changed nothing on its origin may have no effect.
        if op.changedNothing { return [data] + effects(ofActive: i, on: data, options: options) }
        return effects(ofActive: i, on: data, options: options)
    }

    private func effects(ofActive i: Int, on data: Container, options: ReplicaOptions) -> [Container] {
        let op = ops[i]
        switch op.kind {
        case .delete(let items):
            return deleteEffects(items, on: data, keepable: options.deletes == .either ? movedConcurrently[i] : [])
        case .insert(let items, _, let before):
            guard let t = target[i] else { return [data] }
            let block = data.absentEntries(items)
            if block.isEmpty { return [data] }
            var first = data
            first.insert(block, into: t, before: before)
            return [first] + placements(of: block, op: i, in: t, on: data, isMove: false)
        case .move(let sources, _, _):
            return moveEffects(of: i, sources: sources, on: data, perItem: options.blocks == .perItem)
        }
    }

    private func moveEffects(of i: Int, sources: [ItemID], on data: Container, perItem: Bool) -> [Container] {
        guard let t = target[i] else { return [data] }
        let op = ops[i]
        let block = data.reorderablePresent(sources)
        if block.isEmpty { return [data] }
        var results: [Container] = []
        if sources.allSatisfy({ contested[i].contains($0) }) { results.append(data) }
        let droppable = perItem ? block.filter { contested[i].contains($0) } : []
        for dropped in subsets(of: droppable) {
            let rest = block.filter { !dropped.contains($0) }
            if rest.isEmpty {
                results.append(data)
                continue
            }
            var first = data
            let difference = ReorderDifference<ItemID, CollectionID>(
                sources: rest, destination: .init(collectionID: op.kind.collection!, position: op.kind.anchor.map { .before($0) } ?? .end))
            var warnings: [ReorderWarning<ItemID, CollectionID>] = []
            first.applyCanonical(difference, warnings: &warnings)
            results.append(first)
            results += placements(of: rest, op: i, in: t, on: data, isMove: true)
        }
        return results
    }

    /// Effects (b) and (c): the block taken out (a move) and put right after
    /// `left`, and, when `left` and `right` are both contested, anywhere.
    private func placements(of block: [ItemID], op i: Int, in t: Int, on data: Container, isMove: Bool) -> [Container] {
        var base = data
        if isMove { base.delete(block) }
        let items = base.collections[t].items
        var afterLeft = 0
        if let left = ops[i].left, let at = base.location(of: left), at.collection == t, !at.isFixed { afterLeft = at.index + 1 }
        var positions = [afterLeft]
        if let left = ops[i].left, let right = ops[i].right, contested[i].contains(left), contested[i].contains(right) {
            positions += Array(0...items.count)
        }
        return positions.map { p in
            var result = base
            result.insert(block, into: t, at: p)
            return result
        }
    }

    private func deleteEffects(_ items: [ItemID], on data: Container, keepable: Set<ItemID>) -> [Container] {
        let present = data.presentEntries(items)
        return subsets(of: present.filter { keepable.contains($0) }).map { kept in
            var result = data
            result.delete(present.filter { !kept.contains($0) })
            return result
        }
    }

    /// Every subset of `items`, the empty one first.
    private func subsets(of items: [ItemID]) -> [Set<ItemID>] {
        var result: [Set<ItemID>] = [[]]
        for item in items { result += result.map { $0.union([item]) } }
        return result
    }
}

extension IntentFacts {
    /// Any effect on the op's own items: what an op not held to its
    /// permitted effects may do when the checker looks for a smallest
    /// unexplainable subset. Each of a move's or an insert's items stays
    /// (or, for an insert, stays out) or goes to any position of the
    /// target, one after another; a delete removes any of its items.
    /// - Complexity: O((n + 2)^k * n) for k items; O(2^k * n) for a delete.
    func relaxedEffects(of i: Int, on data: Container) -> [Container] {
        let op = ops[i]
        switch op.kind {
        case .delete(let items):
            return deleteEffects(items, on: data, keepable: Set(items))
        case .insert(let items, _, _):
            guard let t = target[i] else { return [data] }
            return scatter(data.absentEntries(items), in: t, on: data)
        case .move(let sources, _, _):
            guard let t = target[i] else { return [data] }
            return scatter(data.reorderablePresent(sources), in: t, on: data)
        }
    }

    /// Every way of leaving each of `items` or putting it anywhere in collection `t`.
    private func scatter(_ items: [ItemID], in t: Int, on data: Container) -> [Container] {
        var results = [data]
        for item in items {
            results += results.flatMap { d in
                var base = d
                base.delete([item])
                return (0...base.collections[t].items.count).map { p in
                    var result = base
                    result.insert([item], into: t, at: p)
                    return result
                }
            }
        }
        return results
    }
}
