import ReorderCore

/// The explanation search of replicas-v1 6.4: is there an order of the
/// committed ops that extends causality, and for each op one of its
/// permitted effects, that turns the header's data into `final`?
///
/// Depth first over the orders, with a memo on (applied set, data); a first
/// pass tries effect (a) alone, a second every permitted effect; a state
/// that cannot reach `final` is pruned (an item no remaining op touches
/// keeps its collection, presence and relative order; an item ends in a
/// collection it is in or one a remaining op places it in). The search gives
/// up after `budget` distinct states, over both passes.
///
///     let search = IntentSearch(header: header, ops: ops, final: data, options: options)
///     search.run().verdict  // .explained, .unexplained or .undecided
public struct IntentSearch<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Sendable {
    public typealias Container = ReorderContainer<ItemID, CollectionID>
    public typealias Op = ReplicaOp<ItemID, CollectionID>
    typealias Data = ReplicaData<ItemID, CollectionID>

    struct Key: Hashable {
        var applied: OpSet
        var data: Data
    }

    let header: Container
    let ops: [Op]
    let final: Data
    let options: ReplicaOptions
    /// The most distinct states visited before giving up.
    public var budget: Int
    let facts: IntentFacts<ItemID, CollectionID>

    /// - Parameters:
    ///   - ops: every committed op; each op's `before` names only ops of this list.
    public init(header: Container, ops: [Op], final: ReplicaData<ItemID, CollectionID>, options: ReplicaOptions, budget: Int = 1_000_000) {
        var start = header
        start.locked = []
        self.header = start
        self.ops = ops
        self.final = final
        self.options = options
        self.budget = budget
        facts = IntentFacts(ops: ops, header: header, final: final)
    }

    /// Runs the search.
    /// - Complexity: up to `budget` states, each costing O(m + n) for the
    ///   prune and O(n) per effect tried, for m ops and n items.
    public func run() -> IntentResult {
        if final.entries.count != Set(final.entries).count { return IntentResult(verdict: .unexplained, statesExplored: 0) }
        var run = SearchRun(search: self)
        let startKey = Key(applied: OpSet(count: ops.count), data: Data(header))
        run.count(startKey)
        guard facts.canReach(startKey.data, remaining: facts.all) else {
            return IntentResult(verdict: .unexplained, statesExplored: run.states)
        }
        for full in [false, true] {
            run.memo = [startKey]
            run.fullEffects = full
            switch run.explore(applied: startKey.applied, data: header) {
            case .some(true): return IntentResult(verdict: .explained, statesExplored: run.states)
            case .some(false): continue
            case .none: return IntentResult(verdict: .undecided, statesExplored: run.states)
            }
        }
        return IntentResult(verdict: .unexplained, statesExplored: run.states)
    }
}
