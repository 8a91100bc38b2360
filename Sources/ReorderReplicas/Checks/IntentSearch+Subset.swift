extension IntentSearch {
    /// A smallest subset of the ops that cannot be explained together
    /// (6.6): held to their permitted effects while every other op may do
    /// anything to its own items (a move leaves them or puts them anywhere
    /// in its collection, an insert puts its items anywhere or nowhere, a
    /// delete removes any of its items), the final data is still out of
    /// reach. Subsets are tried by size, up to `maxSize`, in commit order;
    /// `nil` when none is found within `budget` distinct states over all the
    /// searches, when even no held op cannot reach the data (it holds a
    /// duplicate or a ghost), or past `maxOps` ops.
    /// - Complexity: at most `budget` states in all, each O(m + n) plus its effects.
    public func smallestUnexplainable(maxSize: Int = 3, maxOps: Int = 16, budget: Int = 2_000) -> [OpID]? {
        if ops.count > maxOps || final.entries.count != Set(final.entries).count { return nil }
        var left = budget
        let none = OpSet(count: ops.count)
        guard isReachable(strict: none, budget: &left) == true else { return nil }
        for size in 1...Swift.max(1, Swift.min(maxSize, ops.count)) {
            for subset in Self.combinations(of: Array(ops.indices), size: size) {
                var strict = none
                for i in subset { strict.insert(i) }
                switch isReachable(strict: strict, budget: &left) {
                case .some(false): return subset.map { ops[$0].id }
                case .some(true): continue
                case .none: return nil
                }
            }
        }
        return nil
    }

    /// Whether the final data is reachable with only `strict` held; `nil`
    /// when the states `budget` still allows run out. Takes the states it
    /// visited off `budget`.
    private func isReachable(strict: OpSet, budget: inout Int) -> Bool? {
        var bounded = self
        bounded.budget = budget
        var run = SearchRun(search: bounded, strict: strict)
        run.fullEffects = true
        let start = OpSet(count: ops.count)
        run.memo = [Key(applied: start, data: Data(header))]
        let reachable = run.explore(applied: start, data: header)
        budget -= run.states
        return reachable
    }

    /// Every `size`-element subset of `items`, in lexicographic order.
    static func combinations(of items: [Int], size: Int) -> [[Int]] {
        if size == 0 { return [[]] }
        if items.count < size { return [] }
        let first = items[0]
        let rest = Array(items.dropFirst())
        return combinations(of: rest, size: size - 1).map { [first] + $0 } + combinations(of: rest, size: size)
    }
}
