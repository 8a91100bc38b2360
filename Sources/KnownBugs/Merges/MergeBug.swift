import ReorderCore
import ReorderReplicas

/// The known-buggy merges of replicas-v1 7, by kebab-case name: the one
/// table a future `--merge-bug NAME` and the fuzzer's generators name them
/// from. Each imitates a reference model (`imitates`), which it fails
/// against `reference`.
public enum MergeBug: String, Hashable, Sendable, CaseIterable {
    /// 7.1: a move as delete + insert of a copy.
    case deleteInsert = "delete-insert"
    /// 7.2: ops applied in arrival order.
    case arrivalOrder = "arrival-order"
    /// 7.3: fractional keys with no tie-break.
    case fractional
    /// 7.4: fractional keys replayed causally, ties by item ID.
    case fractionalTie = "fractional-tie"
    /// 7.5, 7.8: the server applies moves by the origin's indices.
    case indexRebase = "index-rebase"
    /// 7.6: the server re-applies a duplicate.
    case noDedupe = "no-dedupe"
    /// 7.7: a client takes any number for its acknowledgement.
    case ackByAny = "ack-by-any"

    /// The built-in merge bugs, in the order `--help` would list them.
    public static var builtIns: [Self] { allCases }

    /// Their names.
    public static var builtInNames: [String] { builtIns.map(\.name) }

    /// A merge bug by name.
    public static func named(_ name: String) -> Self? { builtIns.first { $0.name == name } }

    public var name: String { rawValue }

    /// The reference model it imitates (its topology and what `reference` compares it with).
    public var imitates: ReplicaModel {
        switch self {
        case .deleteInsert, .arrivalOrder, .fractional, .fractionalTie: .causal
        case .indexRebase, .noDedupe, .ackByAny: .server
        }
    }

    /// The merge for `ids` starting from `data`.
    public func merge<ItemID, CollectionID>(ids: [String], data: ReorderContainer<ItemID, CollectionID>) -> any ReplicaMerge<
        ItemID, CollectionID
    > {
        switch self {
        case .deleteInsert: DeleteInsertMerge(ids: ids, data: data)
        case .arrivalOrder: ArrivalOrderMerge(ids: ids, data: data)
        case .fractional: FractionalMerge(ids: ids, data: data)
        case .fractionalTie: FractionalTieMerge(ids: ids, data: data)
        case .indexRebase: IndexRebaseMerge(ids: ids, data: data)
        case .noDedupe: NoDedupeMerge(ids: ids, data: data)
        case .ackByAny: AckByAnyMerge(ids: ids, data: data)
        }
    }
}
