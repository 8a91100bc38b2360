import ReorderCore

/// One run of the search: the memo of the current pass and the states
/// counted over all passes.
struct SearchRun<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable> {
    typealias Search = IntentSearch<ItemID, CollectionID>
    let search: Search
    var memo: Set<Search.Key> = []
    var counted: Set<Search.Key> = []
    var states = 0
    var fullEffects = false
    /// The ops held to their permitted effects; the others may take any
    /// effect on their own items (`nil`: every op is held).
    var strict: OpSet?

    init(search: Search, strict: OpSet? = nil) {
        self.search = search
        self.strict = strict
    }

    mutating func count(_ key: Search.Key) {
        if counted.insert(key).inserted { states += 1 }
    }

    /// `true` when some completion from this state gives `final`, `false`
    /// when none does, `nil` when the budget ran out.
    mutating func explore(applied: OpSet, data: ReorderContainer<ItemID, CollectionID>) -> Bool? {
        let facts = search.facts
        if applied == facts.all { return Search.Data(data) == search.final }
        for i in search.ops.indices where !applied.contains(i) && applied.isSuperset(of: facts.prerequisites[i]) {
            let next = applied.inserting(i)
            let effects =
                if let strict, !strict.contains(i) {
                    facts.relaxedEffects(of: i, on: data)
                } else if fullEffects {
                    facts.effects(of: i, on: data, options: search.options)
                } else {
                    [facts.canonicalEffect(of: i, on: data)]
                }
            for effect in effects {
                let key = Search.Key(applied: next, data: Search.Data(effect))
                if !memo.insert(key).inserted { continue }
                count(key)
                if states > search.budget { return nil }
                if !facts.canReach(key.data, remaining: facts.remaining(after: next)) { continue }
                switch explore(applied: next, data: effect) {
                case .some(true): return true
                case .some(false): continue
                case .none: return nil
                }
            }
        }
        return false
    }
}
