extension ReplicatedSystem {
    /// 6.2 at `quiesce`: every replica, the server included, has the same
    /// data, fixed entries and reorderable items, collection by collection.
    /// The violation names every replica and its data.
    /// - Complexity: O(r * n).
    func checkConvergence(into report: inout ReplicaEventReport<ItemID, CollectionID>) {
        let datas = replicas.map(replicaData(of:))
        // `Set` compares `String` IDs by canonical equivalence: a replica
        // holding an ID in other bytes has other data, byte for byte.
        let differ = Set(datas).count > 1 || datas.contains { !$0._isIdentical(to: datas[0]) }
        if differ { report.others.append(Violation(check: .convergence, replicas: replicas, data: datas)) }
    }

    /// 6.4 at `quiesce`: each distinct data, once, must be explained by all
    /// committed ops; `intent` names the replicas holding it, every op, and
    /// a smallest subset that cannot be explained together when it finds one;
    /// a search that ran out of budget is an `intent-undecided` warning.
    /// - Complexity: up to `intentBudget` states per distinct data.
    func checkIntent(into report: inout ReplicaEventReport<ItemID, CollectionID>) -> [IntentResult] {
        var groups: [(data: ReplicaData<ItemID, CollectionID>, replicas: [String])] = []
        for replica in replicas {
            let data = replicaData(of: replica)
            if let g = groups.firstIndex(where: { $0.data._isIdentical(to: data) }) {
                groups[g].replicas.append(replica)
            } else {
                groups.append((data, [replica]))
            }
        }
        var results: [IntentResult] = []
        for group in groups {
            let search = IntentSearch(header: header, ops: ops, final: group.data, options: options, budget: intentBudget)
            let result = search.run()
            results.append(result)
            switch result.verdict {
            case .explained: continue
            case .unexplained:
                report.others.append(
                    Violation(
                        check: .intent, replicas: group.replicas, ops: ops.map(\.id), data: [group.data],
                        unexplainable: subsetBudget > 0 ? search.smallestUnexplainable(budget: subsetBudget) : nil,
                        statesExplored: result.statesExplored))
            case .undecided:
                report.others.append(
                    Violation(
                        check: .intentUndecided, replicas: group.replicas, ops: ops.map(\.id), data: [group.data],
                        statesExplored: result.statesExplored))
            }
        }
        return results
    }

    /// Whether all committed ops explain `data` (6.4), with this system's
    /// options and budget.
    /// - Complexity: up to `intentBudget` states (see `IntentSearch.run()`).
    public func explain(_ data: ReplicaData<ItemID, CollectionID>) -> IntentResult {
        IntentSearch(header: header, ops: ops, final: data, options: options, budget: intentBudget).run()
    }
}
