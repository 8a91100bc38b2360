import ReorderCore

extension ReplicatedSystem {
    /// The ops that placed or deleted `item`: every op naming it.
    /// - Complexity: O(m * k).
    func opsNaming(_ item: ItemID) -> [OpID] { ops.filter { $0.kind.items.contains(item) }.map(\.id) }

    /// 6.1 after a change of `replica`'s data: no ID twice (fixed entries
    /// included), no ghost (neither in the header nor inserted by any op).
    /// The duplicate scan runs only when the container says an ID repeats,
    /// and the data is copied for the report only when something is found:
    /// at 10^6 items this runs after every event that touches a replica.
    /// - Complexity: O(n) expected.
    func checkAfterChange(of replica: String, into report: inout ReplicaEventReport<ItemID, CollectionID>) {
        let container = merge.data(of: replica)
        let repeated = container.hasRepeatedIDs
        var seen = Set<ItemID>()
        var found: [(ConservationKind, ItemID)] = []
        for id in container.entries {
            if repeated && !seen.insert(id).inserted { found.append((.duplicate, id)) }
            if !Self.holds(headerSet, id) && !Self.holds(insertedSet, id) { found.append((.ghost, id)) }
        }
        guard !found.isEmpty else { return }
        let data = ReplicaData(container)
        for (kind, id) in found { report.addConservation(finding(kind, id, on: replica, data)) }
    }

    /// Whether `set` holds `id` byte for byte (`_identicalIDs`): a `String`
    /// ID `==` to a member in other bytes (`"é"` as C3 A9 and as 65 CC 81)
    /// is another ID, a ghost.
    /// - Complexity: O(1) expected.
    static func holds(_ set: Set<ItemID>, _ id: ItemID) -> Bool {
        guard let i = set.firstIndex(of: id) else { return false }
        return _identicalIDs(set[i], id)
    }

    /// 6.1 at `quiesce`: every ID of the header or inserted by an op, and
    /// deleted by none, is on every replica (`lost`); an ID some delete D
    /// deleted is present only if an insert of it is after or concurrent
    /// with D, or, with `deletes: either`, a move concurrent with D moves it
    /// (`resurrected` otherwise).
    /// - Complexity: O(r * (n + m * k)).
    func checkAtQuiesce(into report: inout ReplicaEventReport<ItemID, CollectionID>) {
        var deletes: [ItemID: [Op]] = [:]
        for op in ops { for id in op.kind.deleted { deletes[id, default: []].append(op) } }
        let expected = (headerEntries + insertedEntries).filter { deletes[$0] == nil }
        for replica in replicas {
            let data = replicaData(of: replica)
            let present = Set(data.entries)
            for id in expected where !Self.holds(present, id) { report.addConservation(finding(.lost, id, on: replica, data)) }
            var checked = Set<ItemID>()
            for id in data.entries where checked.insert(id).inserted {
                guard let deleting = deletes[id], deleting.contains(where: { !excuses($0, id) }) else { continue }
                report.addConservation(finding(.resurrected, id, on: replica, data))
            }
        }
    }

    /// Whether `item`'s presence after delete `d` is excused.
    private func excuses(_ d: Op, _ item: ItemID) -> Bool {
        for op in ops where op.id != d.id {
            if op.kind.inserted.contains(item) && !isBefore(op.id, d.id) { return true }
            if options.deletes == .either && op.kind.moved.contains(item) && areConcurrent(op.id, d.id) { return true }
        }
        return false
    }

    private func finding(_ kind: ConservationKind, _ item: ItemID, on replica: String, _ data: ReplicaData<ItemID, CollectionID>)
        -> Violation
    {
        Violation(check: .conservation, conservation: kind, replicas: [replica], item: item, ops: opsNaming(item), data: [data])
    }
}
