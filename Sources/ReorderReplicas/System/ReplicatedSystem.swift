import ReorderCore

/// Several replicas of one container, a merge model, and the sync channel
/// between them (replicas-v1): the tool's side of a replicated recording.
/// Local changes commit ops (`commit(_:on:)`); channel events move messages
/// (`deliver`, `lose`, `duplicate`, `partition`, `heal`, `advance(to:)` in
/// `auto` delivery); `quiesce()` settles the channel and runs the checks.
/// Each event returns the violations it found, in the order of 6.6.
///
///     var system = try ReplicatedSystem(ids: ["A", "B"], data: header, model: .causal)
///     try system.commit(.relocate(["a"], in: "todo", before: "c"), on: "A")
///     try system.commit(.relocate(["a"], in: "todo", before: nil), on: "B")
///     let report = system.quiesce()
///     report.violations            // [] on the reference models
///     system.replicaData(of: "A")  // [b, c, a]
public struct ReplicatedSystem<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Sendable {
    public typealias Container = ReorderContainer<ItemID, CollectionID>
    public typealias Op = ReplicaOp<ItemID, CollectionID>
    public typealias Violation = ReplicaViolation<ItemID, CollectionID>

    /// The client replicas, in the header's order (their rank).
    public let ids: [String]
    /// Every replica: `ids`, then `serverReplica` in a star topology.
    public let replicas: [String]
    /// The header's data, which every replica starts with.
    public let header: Container
    public let options: ReplicaOptions
    public internal(set) var merge: any ReplicaMerge<ItemID, CollectionID>
    public internal(set) var channel: ReplicaChannel
    /// Every committed op, in commit order.
    public internal(set) var ops: [Op] = []
    var opIndex: [OpID: Int] = [:]
    var seqs: [String: Int] = [:]
    /// The time of the current event (ms), as `advance(to:)` last set it.
    public internal(set) var now: Double = 0
    let headerEntries: [ItemID]
    /// `headerEntries` as a set: the ghost check's lookup, built once.
    let headerSet: Set<ItemID>
    /// Per replica, how many times the system handed its merge something
    /// that may change that replica's data (`changeCount(of:)`).
    var changeCounts: [String: Int] = [:]
    /// IDs some op inserted, in the order they were first inserted.
    var insertedEntries: [ItemID] = []
    var insertedSet: Set<ItemID> = []
    /// The distinct states the intent search may visit per data before `intent-undecided`.
    public var intentBudget = 1_000_000
    /// The distinct states, over all its searches, the look for a smallest
    /// unexplainable subset may visit for one `intent` finding; 0 does not
    /// look (a fuzzer's inner loop: each look costs up to this many states).
    public var subsetBudget = 2_000
    /// The anti-entropy rounds before `no-quiescence`.
    public var maxRounds = 1_000

    /// A system running one of the reference models.
    /// - Complexity: O(r + n) for r replicas and n items.
    public init(ids: [String], data: Container, model: ReplicaModel, options: ReplicaOptions = ReplicaOptions()) throws(ReplicaError) {
        try self.init(ids: ids, data: data, merge: model.merge(ids: ids, data: data), options: options)
    }

    /// A system running `merge`, which was made for the same `ids` and `data`.
    /// - Complexity: O(r + n).
    public init(ids: [String], data: Container, merge: any ReplicaMerge<ItemID, CollectionID>, options: ReplicaOptions = ReplicaOptions())
        throws(ReplicaError)
    {
        try Self.validate(ids)
        self.ids = ids
        replicas = merge.topology == .star ? ids + [serverReplica] : ids
        header = data
        self.options = options
        self.merge = merge
        channel = ReplicaChannel(replicas: replicas)
        headerEntries = data.entries
        headerSet = Set(headerEntries)
        for id in ids { seqs[id] = 0 }
        for id in replicas { changeCounts[id] = 0 }
    }

    private static func validate(_ ids: [String]) throws(ReplicaError) {
        if ids.count < 2 || ids.count > 64 { throw .replicaCount(ids.count) }
        var seen = Set<String>()
        for id in ids {
            if id.isEmpty || id.utf8.count > 256 || id.contains("#") || id == serverReplica { throw .invalidReplicaID(id) }
            if !seen.insert(id).inserted { throw .duplicateReplica(id) }
        }
    }

    /// Whether the code under test failed and the run ends (see `ReplicaMerge.isStopped`).
    public var isStopped: Bool { merge.isStopped }

    /// A replica's data (the server's too).
    /// - Complexity: the merge's; O(1) for the reference models.
    public func data(of replica: String) -> Container { merge.data(of: replica) }

    /// How many times the system has handed `replica`'s merge something that
    /// may have changed its data (a commit on it, a message to it, an
    /// anti-entropy round): equal counts mean the data is the same, so a
    /// caller that mirrors a replica (the replay's engine per replica) need
    /// not compare 10^6 items after every event. 0 for an unknown replica.
    /// - Complexity: O(1) expected.
    public func changeCount(of replica: String) -> Int { changeCounts[replica] ?? 0 }

    /// A replica's data as the checks compare it.
    /// - Complexity: O(n).
    public func replicaData(of replica: String) -> ReplicaData<ItemID, CollectionID> { ReplicaData(merge.data(of: replica)) }

    /// A committed op by id.
    /// - Complexity: O(1) expected.
    public func op(_ id: OpID) -> Op? { opIndex[id].map { ops[$0] } }

    /// Whether op `a` is before op `b` (6.0).
    /// - Complexity: O(1) expected.
    public func isBefore(_ a: OpID, _ b: OpID) -> Bool { op(b)?.before.contains(a) == true }

    /// Whether two distinct ops are concurrent: neither is before the other.
    /// - Complexity: O(1) expected.
    public func areConcurrent(_ a: OpID, _ b: OpID) -> Bool { a != b && !isBefore(a, b) && !isBefore(b, a) }

    /// The due time of a message sent now on `link` in `auto` delivery; `nil` in `manual`.
    func due(sentAt time: Double, on link: Link) -> Double? {
        switch options.delivery {
        case .manual: nil
        case .auto(let latency, let links): time + Double(links[link] ?? latency)
        }
    }
}
