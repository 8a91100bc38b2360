import ReorderCore

extension CaseGenerator {
    /// What one draw of `nextMutation` picks, by slot: the order the
    /// existing seeds' cases depend on (a new slot goes last). A slot whose
    /// mutation needs entries falls back to an `update` when there are none;
    /// `enable` toggles (a `disable` when enabled), `lock` unlocks half the
    /// time when something is locked.
    static let mutationSlots: [MutationKind] = [.insert, .delete, .relocate, .enable, .lock, .reload, .update]

    mutating func nextMutation() -> DragEvent<Int, Int> {
        let container = engine.container
        let all = entries()
        let n = container.collections.count
        // An exhaustive switch: a new kind is flagged here, to be drawn (a
        // slot above) or said never to be (and why).
        switch Self.mutationSlots[choices.draw(Self.mutationSlots.count - 1)] {
        case .insert:
            let c = choices.draw(n - 1)
            return .mutation(
                .insert(
                    items: [fresh()], collection: c, index: choices.weighted(50) ? choices.draw(container.collections[c].items.count) : nil)
            )
        case .delete where !all.isEmpty:
            return .mutation(
                .delete(
                    items: (0..<(1 + choices.draw(1))).map { _ in choices.weighted(10) ? FuzzIDs.absentBase + choices.draw(2) : pick(all) }
                ))
        case .relocate where !all.isEmpty:
            let items = (0..<(1 + choices.draw(1))).map { _ in pick(all) }
            return .mutation(.relocate(items: items, collection: choices.draw(n - 1), before: choices.weighted(30) ? nil : pick(all)))
        case .enable, .disable:
            return .mutation(.setEnabled(!container.isEnabled))
        case .lock where !all.isEmpty, .unlock where !all.isEmpty:
            let locked = container.locked.sorted()
            if !locked.isEmpty && choices.weighted(50) { return .mutation(.unlock(items: [locked[choices.draw(locked.count - 1)]])) }
            return .mutation(.lock(items: [pick(all)]))
        case .reload:
            var collections = container.collections
            for c in collections.indices {
                var items = Array(collections[c].items)
                if !items.isEmpty {
                    let r = choices.draw(items.count - 1)
                    items = Array(items[r...] + items[..<r])
                    if choices.weighted(20) { items.remove(at: choices.draw(items.count - 1)) }
                }
                if choices.weighted(20) { items.append(fresh()) }
                collections[c].items = ChunkedList(items)
            }
            return .mutation(.reload(collections: collections, locked: []))
        case .update, .delete, .relocate, .lock, .unlock:
            return .mutation(.update(item: all.isEmpty ? 0 : pick(all)))
        }
    }
}
