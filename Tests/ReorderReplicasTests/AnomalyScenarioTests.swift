import KnownBugs
import ReorderReplicas
import Testing

/// The eight minimal scenarios of replicas-v1 7, each run on its buggy
/// merge (exactly the checks of the table fire, with the table's data) and
/// on the model it imitates (clean, with the example file's `expect`).
@Suite("replicas-v1 7: the anomalies, on their buggy merge and on the correct model")
struct AnomalyScenarioTests {
    /// 7.1 and 7.2: `[a,b,c]`; A: a before c (7.1) or c before a (7.2); B: a to `.end`.
    static func concurrentMoves(_ system: inout System, first: LocalChange<String, String>) throws -> ReplicaQuiescence<String, String> {
        try system.commit(first, on: "A")
        try system.commit(Fix.relocate("a", before: nil), on: "B")
        return system.quiesce()
    }

    @Test("7.1 duplicate-on-concurrent-move: delete-insert gives [b,a,c,a]: conservation (a twice), intent")
    func duplicateOnConcurrentMove() throws {
        var buggy = try Fix.system("a b c", merge: MergeBug.deleteInsert.merge(ids: ["A", "B"], data: Fix.list("a b c")))
        let report = try Self.concurrentMoves(&buggy, first: Fix.relocate("a", before: "c"))
        #expect(buggy.orders == ["A": "b a c a", "B": "b a c a"])
        #expect(report.failedChecks == [.conservation, .intent])
        let conservation = report.failures.filter { $0.check == .conservation }
        // In the order the changes happened: quiesce delivers A's op to B (send 1) first.
        #expect(conservation.map(\.replicas) == [["B"], ["A"]])
        #expect(conservation.allSatisfy { $0.conservation == .duplicate && $0.item == "a" })
        #expect(conservation[0].ops.map(\.description) == ["A#1", "B#1"])
        #expect(report.failures.last?.replicas == ["A", "B"])
        #expect(report.failures.last?.ops.map(\.description) == ["A#1", "B#1"])
        #expect(report.failures.last?.unexplainable == nil)  // a duplicate: no subset is to blame

        var model = try Fix.system("a b c", .causal)
        let clean = try Self.concurrentMoves(&model, first: Fix.relocate("a", before: "c"))
        #expect(clean.violations.isEmpty)
        #expect(model.orders == ["A": "b c a", "B": "b c a"])
    }

    @Test("7.2 arrival-order-divergence: A [c,b,a], B [b,c,a], each explained: convergence only")
    func arrivalOrderDivergence() throws {
        var buggy = try Fix.system("a b c", merge: MergeBug.arrivalOrder.merge(ids: ["A", "B"], data: Fix.list("a b c")))
        let report = try Self.concurrentMoves(&buggy, first: Fix.relocate("c", before: "a"))
        #expect(buggy.orders == ["A": "c b a", "B": "b c a"])
        #expect(report.violations.map(\.check) == [.convergence])
        #expect(report.violations[0].replicas == ["A", "B"])
        #expect(report.violations[0].data.map(Fix.order) == ["c b a", "b c a"])
        #expect(report.intent.map(\.verdict) == [.explained, .explained])

        var model = try Fix.system("a b c", .causal)
        #expect(try Self.concurrentMoves(&model, first: Fix.relocate("c", before: "a")).violations.isEmpty)
        #expect(model.orders == ["A": "c b a", "B": "c b a"])
    }

    /// 7.3 and 7.4: two concurrent relocates, then quiesce.
    static func twoDrops(_ system: inout System, _ a: LocalChange<String, String>, _ b: LocalChange<String, String>) throws
        -> ReplicaQuiescence<String, String>
    {
        try system.commit(a, on: "A")
        try system.commit(b, on: "B")
        return system.quiesce()
    }

    @Test("7.3 fractional-tie: both keys 1.5: A [a,c,d,b], B [a,d,c,b]: convergence only")
    func fractionalTie() throws {
        let a = Fix.relocate("c", before: "b")
        let b = Fix.relocate("d", before: "b")
        var buggy = try Fix.system("a b c d", merge: MergeBug.fractional.merge(ids: ["A", "B"], data: Fix.list("a b c d")))
        let report = try Self.twoDrops(&buggy, a, b)
        #expect(buggy.orders == ["A": "a c d b", "B": "a d c b"])
        #expect(report.violations.map(\.check) == [.convergence])

        var model = try Fix.system("a b c d", .causal)
        #expect(try Self.twoDrops(&model, a, b).violations.isEmpty)
        #expect(model.orders == ["A": "a c d b", "B": "a c d b"])
    }

    @Test("7.4 block-interleave: both blocks get 1/3 and 2/3: [p,r,q,s,a] everywhere: intent only")
    func blockInterleave() throws {
        let a = Fix.relocate("p q", before: "a")
        let b = Fix.relocate("r s", before: "a")
        var buggy = try Fix.system("a p q r s", merge: MergeBug.fractionalTie.merge(ids: ["A", "B"], data: Fix.list("a p q r s")))
        let report = try Self.twoDrops(&buggy, a, b)
        #expect(buggy.orders == ["A": "p r q s a", "B": "p r q s a"])
        #expect(report.violations.map(\.check) == [.intent])
        #expect(report.violations[0].replicas == ["A", "B"])
        #expect(report.violations[0].unexplainable?.map(\.description) == ["A#1", "B#1"])

        var model = try Fix.system("a p q r s", .causal)
        #expect(try Self.twoDrops(&model, a, b).violations.isEmpty)
        #expect(model.orders == ["A": "p q r s a", "B": "p q r s a"])
    }

    /// 7.5: A: d before a; B: insert x at index 1; the server gets B's
    /// first. 7.8 is the same with A's commit (its drop) after B's op
    /// reached the server: A's drag saw no sync.
    static func indexRebase(_ system: inout System, dropAfterSync: Bool) throws -> ReplicaQuiescence<String, String> {
        if !dropAfterSync { try system.commit(Fix.relocate("d", before: "a"), on: "A") }
        try system.commit(.insert(["x"], collection: "list", index: 1), on: "B")
        try system.deliver(MessageSelector(to: serverReplica, from: "B"))
        if dropAfterSync { try system.commit(Fix.relocate("d", before: "a"), on: "A") }
        try system.deliver(MessageSelector(to: serverReplica, from: "A"))
        return system.quiesce()
    }

    @Test(
        "7.5 and 7.8 index-rebase-drift: server [c,a,x,b,d], clients [d,a,x,b,c]: convergence, intent (the server's data)",
        arguments: [false, true])
    func indexRebaseDrift(dropAfterSync: Bool) throws {
        var buggy = try Fix.system("a b c d", merge: MergeBug.indexRebase.merge(ids: ["A", "B"], data: Fix.list("a b c d")))
        let report = try Self.indexRebase(&buggy, dropAfterSync: dropAfterSync)
        #expect(buggy.orders == ["A": "d a x b c", "B": "d a x b c", "server": "c a x b d"])
        #expect(report.violations.map(\.check) == [.convergence, .intent])
        #expect(report.violations[1].replicas == [serverReplica])
        #expect(report.violations[1].unexplainable == nil)  // c moved, and no op touches c

        var model = try Fix.system("a b c d", .server)
        #expect(try Self.indexRebase(&model, dropAfterSync: dropAfterSync).violations.isEmpty)
        #expect(model.orders == ["A": "d a x b c", "B": "d a x b c", "server": "d a x b c"])
    }

    /// 7.6 as its example file.
    static func duplicateReapplied(_ system: inout System) throws -> ReplicaQuiescence<String, String> {
        let a1 = OpID(origin: "A", seq: 1)
        try system.commit(Fix.relocate("c", before: "a"), on: "A")
        try system.duplicate(MessageSelector(to: serverReplica, from: "A", op: a1))
        try system.deliver(MessageSelector(to: serverReplica, from: "A", op: a1))
        try system.deliver(MessageSelector(to: "B", from: serverReplica))
        try system.commit(Fix.relocate("c", before: nil), on: "B")
        try system.deliver(MessageSelector(to: serverReplica, from: "B"))
        try system.deliver(MessageSelector(to: serverReplica, from: "A", op: a1))
        return system.quiesce()
    }

    @Test("7.6 duplicate-reapplied: [c,a,b] everywhere: intent (B's later move undone)")
    func duplicateReappliedScenario() throws {
        var buggy = try Fix.system("a b c", merge: MergeBug.noDedupe.merge(ids: ["A", "B"], data: Fix.list("a b c")))
        let report = try Self.duplicateReapplied(&buggy)
        #expect(buggy.orders == ["A": "c a b", "B": "c a b", "server": "c a b"])
        #expect(report.violations.map(\.check) == [.intent])
        #expect(report.violations[0].replicas == ["A", "B", serverReplica])
        #expect(report.violations[0].unexplainable == [OpID(origin: "B", seq: 1)])
        #expect(buggy.op(OpID(origin: "B", seq: 1))?.before == [OpID(origin: "A", seq: 1)])

        var model = try Fix.system("a b c", .server)
        #expect(try Self.duplicateReapplied(&model).violations.isEmpty)
        #expect(model.orders == ["A": "a b c", "B": "a b c", "server": "a b c"])
    }

    /// 7.7 as its example file.
    static func ackByAny(_ system: inout System) throws -> ReplicaQuiescence<String, String> {
        try system.commit(.insert(["x"], collection: "list", index: nil), on: "A")
        try system.lose(MessageSelector(to: serverReplica, from: "A"))
        try system.commit(Fix.relocate("b", before: "a"), on: "B")
        try system.deliver(MessageSelector(to: serverReplica, from: "B"))
        try system.deliver(MessageSelector(to: "A", from: serverReplica))
        return system.quiesce()
    }

    @Test("7.7 ack-by-any: [b,a] everywhere: conservation (x lost), intent")
    func ackByAnyScenario() throws {
        var buggy = try Fix.system("a b", merge: MergeBug.ackByAny.merge(ids: ["A", "B"], data: Fix.list("a b")))
        let report = try Self.ackByAny(&buggy)
        #expect(buggy.orders == ["A": "b a", "B": "b a", "server": "b a"])
        #expect(report.failedChecks == [.conservation, .intent])
        let conservation = report.failures.filter { $0.check == .conservation }
        #expect(conservation.map(\.replicas) == [["A"], ["B"], [serverReplica]])
        #expect(conservation.allSatisfy { $0.conservation == .lost && $0.item == "x" && $0.ops == [OpID(origin: "A", seq: 1)] })
        #expect(report.failures.last?.unexplainable == [OpID(origin: "A", seq: 1)])

        var model = try Fix.system("a b", .server)
        #expect(try Self.ackByAny(&model).violations.isEmpty)
        #expect(model.orders == ["A": "b a x", "B": "b a x", "server": "b a x"])
    }

    @Test("the catalogue: one table of kebab-case names, each naming its merge, each imitating its model")
    func catalogue() {
        #expect(
            MergeBug.builtInNames == [
                "delete-insert", "arrival-order", "fractional", "fractional-tie", "index-rebase", "no-dedupe", "ack-by-any",
            ])
        for bug in MergeBug.builtIns {
            #expect(MergeBug.named(bug.name) == bug)
            let merge: any ReplicaMerge<String, String> = bug.merge(ids: ["A", "B"], data: Fix.list("a"))
            #expect(merge.name == bug.name)
            #expect(merge.topology == (bug.imitates == .server ? .star : .mesh))
        }
        #expect(MergeBug.named("nope") == nil)
    }
}
