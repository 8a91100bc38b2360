import ReorderCore

extension CaseGenerator {
    mutating func nextMutation() -> DragEvent<Int, Int> {
        let container = engine.container
        let all = entries()
        let n = container.collections.count
        switch choices.draw(6) {
        case 0:
            let c = choices.draw(n - 1)
            return .insert(
                items: [fresh()], collection: c, index: choices.weighted(50) ? choices.draw(container.collections[c].items.count) : nil)
        case 1 where !all.isEmpty:
            return .delete(
                items: (0..<(1 + choices.draw(1))).map { _ in choices.weighted(10) ? FuzzIDs.absentBase + choices.draw(2) : pick(all) })
        case 2 where !all.isEmpty:
            let items = (0..<(1 + choices.draw(1))).map { _ in pick(all) }
            return .relocate(items: items, collection: choices.draw(n - 1), before: choices.weighted(30) ? nil : pick(all))
        case 3:
            return .setEnabled(!container.isEnabled)
        case 4 where !all.isEmpty:
            let locked = container.locked.sorted()
            if !locked.isEmpty && choices.weighted(50) { return .unlock(items: [locked[choices.draw(locked.count - 1)]]) }
            return .lock(items: [pick(all)])
        case 5:
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
            return .reload(collections: collections, locked: [])
        default:
            return .update(item: all.isEmpty ? 0 : pick(all))
        }
    }

}
