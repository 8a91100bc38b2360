import ReorderCore
import ReorderReplicas

/// A single-collection container named "list" with String IDs.
typealias System = ReplicatedSystem<String, String>
typealias Data = ReplicaData<String, String>

enum Fix {
    static func list(_ items: String) -> ReorderContainer<String, String> {
        ReorderContainer(collections: [.init(id: "list", items: items.split(separator: " ").map(String.init))])
    }

    static func data(_ items: String) -> Data { Data(list(items)) }

    /// `items` before `before` (`nil`: the end) in "list".
    static func relocate(_ items: String, before: String?) -> LocalChange<String, String> {
        .relocate(items.split(separator: " ").map(String.init), in: "list", before: before)
    }

    static func system(_ items: String, _ model: ReplicaModel, ids: [String] = ["A", "B"], options: ReplicaOptions = ReplicaOptions())
        throws -> System
    {
        try System(ids: ids, data: list(items), model: model, options: options)
    }

    static func system(_ items: String, merge: any ReplicaMerge<String, String>, ids: [String] = ["A", "B"]) throws -> System {
        try System(ids: ids, data: list(items), merge: merge)
    }

    static func order(_ data: Data) -> String { data.collections[0].items.joined(separator: " ") }
}

extension ReplicatedSystem where ItemID == String, CollectionID == String {
    /// The single collection's items on `replica`, space-separated.
    func order(_ replica: String) -> String { replicaData(of: replica).collections[0].items.joined(separator: " ") }

    /// Every replica's order, by replica.
    var orders: [String: String] { Dictionary(uniqueKeysWithValues: replicas.map { ($0, order($0)) }) }
}

/// A test merge around `CausalMerge` with one fault: an anti-entropy
/// that never settles, a ghost on every delivery, deletes ignored
/// (remote ones, and with `ignoreOwnDeletes` the replica's own too: then a
/// replica shows every other op in arrival order), or every `"cafe\u{301}"`
/// respelled `"caf\u{E9}"` on delivery (an app that normalises its keys).
struct TestMerge: ReplicaMerge {
    typealias ItemID = String
    typealias CollectionID = String

    enum Fault: Hashable, Sendable {
        case neverSettles
        case ghost
        case ignoresDeletes
        case respells
    }

    var base: CausalMerge<String, String>
    let fault: Fault
    var ignoreOwnDeletes = false
    var extra: [String: ReorderContainer<String, String>] = [:]

    init(ids: [String], data: ReorderContainer<String, String>, fault: Fault) {
        base = CausalMerge(ids: ids, data: data)
        self.fault = fault
        if fault == .ignoresDeletes { for id in ids { extra[id] = data } }
    }

    var name: String { "test" }
    var topology: ReplicaTopology { .mesh }
    func data(of replica: String) -> ReorderContainer<String, String> { extra[replica] ?? base.data(of: replica) }
    func integrated(at replica: String) -> Set<OpID> { base.integrated(at: replica) }

    mutating func commit(_ op: ReplicaOp<String, String>, at replica: String) -> [ReplicaSend] {
        let isDelete = op.kind.deleted.isEmpty == false
        if extra[replica] != nil && !(isDelete && ignoreOwnDeletes) { op.apply(to: &extra[replica]!) }
        return base.commit(op, at: replica)
    }

    mutating func receive(_ op: ReplicaOp<String, String>, number: Int?, from: String, at replica: String) -> [ReplicaSend] {
        let known = base.integrated(at: replica).contains(op.id)
        let sends = base.receive(op, number: number, from: from, at: replica)
        switch fault {
        case .neverSettles: break
        case .ghost:
            var data = base.data(of: replica)
            data.insert(["ghost"], into: 0, at: nil)
            extra[replica] = data
        case .ignoresDeletes:
            if !known && op.kind.deleted.isEmpty { op.apply(to: &extra[replica]!) }
        case .respells:
            let data = base.data(of: replica)
            extra[replica] = data.mapIDs(item: { Array($0.utf8) == Array("cafe\u{301}".utf8) ? "caf\u{E9}" : $0 }, collection: { $0 })
        }
        return sends
    }

    mutating func antiEntropy() -> [ReplicaSend] {
        switch fault {
        case .neverSettles:
            let op = base.log(of: "A").ordered.first!.id
            return [ReplicaSend(from: "A", to: "B", op: op)]
        case .ghost, .ignoresDeletes, .respells: return base.antiEntropy()
        }
    }
}
