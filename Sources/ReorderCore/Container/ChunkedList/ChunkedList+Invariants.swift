extension ChunkedList {
    /// What is wrong with the list's internal structure: empty or overfull
    /// chunks, names and positions out of step, prefix sums that do not add
    /// up. Empty when it is sound. Tests call it directly; builds with
    /// `DRAGREPLAY_INTERNAL_CHECKS` check it after every mutation.
    /// - Complexity: O(n).
    public func _invariantProblems(deltas: [Element: Double] = [:]) -> [String] {
        var problems: [String] = []
        if _chunks.contains(where: \.isEmpty) { problems.append("an empty chunk") }
        if let big = _chunks.first(where: { $0.count > Self.chunkCapacity }) { problems.append("a chunk of \(big.count) > capacity") }
        if _count != _chunks.reduce(0, { $0 + $1.count }) { problems.append("count \(_count) is not the sum of the chunks") }
        if _names.count != _chunks.count { problems.append("\(_names.count) names for \(_chunks.count) chunks") }
        for (position, name) in _names.enumerated() where Int(_positionOfName[Int(name)]) != position {
            problems.append("chunk \(position) is named \(name), which points at \(_positionOfName[Int(name)])")
        }
        let used = Set(_names)
        for (name, position) in _positionOfName.enumerated() where position >= 0 && !used.contains(Int32(name)) {
            problems.append("name \(name) points at \(position) but no chunk has it")
        }
        if _counts.count != _chunks.count { problems.append("the count tree has \(_counts.count) values for \(_chunks.count) chunks") }
        for c in _chunks.indices where c < _counts.count && _counts.prefix(c + 1) - _counts.prefix(c) != _chunks[c].count {
            problems.append(
                "the count tree says chunk \(c) holds \(_counts.prefix(c + 1) - _counts.prefix(c)), it holds \(_chunks[c].count)")
        }
        if !deltas.isEmpty {
            if _extents.count != _chunks.count || _extentSums.count != _chunks.count {
                problems.append("extent sums not measured per chunk")
            }
            for c in _chunks.indices where c < _extentSums.count {
                let sum = _chunks[c].reduce(0.0) { $0 + (deltas[$1] ?? 0) }
                if abs(sum - _extentSums[c]) > 1e-6 * Swift.max(1, abs(sum)) { problems.append("chunk \(c)'s extent sum is off") }
            }
        }
        return problems
    }
}

extension ReorderContainer {
    /// What is wrong with the container's index: an entry without a home or
    /// with the wrong one, a home without an entry, a wrong `_irregular`
    /// flag, or a list's own problems. Empty when it is sound.
    /// - Complexity: O(n).
    public func _invariantProblems() -> [String] {
        var problems: [String] = []
        var seen = Set<ItemID>()
        var duplicates = false
        for (c, collection) in _collections.enumerated() {
            problems += collection.items._invariantProblems(deltas: _deltas).map { "collection \(c): \($0)" }
            for id in collection.fixed where !seen.insert(id).inserted { duplicates = true }
            for (k, chunk) in collection.items._chunks.enumerated() {
                for id in chunk where !seen.insert(id).inserted { duplicates = true }
                if !_irregular {
                    for id in chunk where _home(id) != _Home(collection: Int32(c), chunk: collection.items._names[k]) {
                        problems.append("item \(id) in collection \(c), chunk \(k): the index says \(String(describing: _home(id)))")
                    }
                }
            }
            if !_irregular {
                for id in collection.fixed where _home(id) != _Home(collection: Int32(c), chunk: -1) {
                    problems.append("fixed \(id) in collection \(c): the index says \(String(describing: _home(id)))")
                }
            }
        }
        if duplicates != _irregular { problems.append("irregular is \(_irregular), duplicates \(duplicates)") }
        if let homes = _homes, homes.count != seen.count {
            problems.append("the index holds \(homes.count) IDs, the collections \(seen.count)")
        }
        if _homes == nil && seen.count > Self._indexThreshold { problems.append("no index for \(seen.count) entries") }
        return problems
    }

    /// The most entries a container checks itself for after a mutation in
    /// builds with `DRAGREPLAY_INTERNAL_CHECKS`: the check is O(n), and a
    /// test that replays 10^5 events over a list of 10^6 (the browser test
    /// of a 10^6-row page renders one with the debug CLI) would spend an
    /// hour in it. Bigger containers are checked by the tests that call
    /// `_invariantProblems()` on them.
    @inlinable public static var _largestSelfChecked: Int { 1 << 17 }

    /// Stops on a broken index in builds with `DRAGREPLAY_INTERNAL_CHECKS`
    /// (the package's own tests), for containers of up to
    /// `_largestSelfChecked` indexed entries; does nothing otherwise.
    @inlinable
    public func _checkInvariants() {
        #if DRAGREPLAY_INTERNAL_CHECKS
        guard (_homes?.count ?? 0) <= Self._largestSelfChecked else { return }
        let problems = _invariantProblems()
        precondition(problems.isEmpty, "ReorderContainer: " + problems.joined(separator: "; "))
        #endif
    }
}
