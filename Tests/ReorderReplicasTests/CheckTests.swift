import KnownBugs
import ReorderReplicas
import Testing

/// replicas-v1 6.1 to 6.3 and 6.6: conservation, convergence, the order of reporting.
@Suite("replicas-v1 6: conservation and convergence")
struct CheckTests {
    @Test("conservation: a ghost is reported after the change that made it, once per replica and item in one event")
    func ghost() throws {
        var system = try Fix.system("a b", merge: TestMerge(ids: ["A", "B"], data: Fix.list("a b"), fault: .ghost))
        try system.commit(Fix.relocate("b", before: "a"), on: "A")
        let found = try system.deliver(MessageSelector(to: "B"))
        #expect(found.map(\.conservation) == [.ghost])
        #expect(found[0].replicas == ["B"] && found[0].item == "ghost" && found[0].ops.isEmpty)
        #expect(found[0].data.map(Fix.order) == ["b a ghost"])
        try system.commit(Fix.relocate("a", before: "b"), on: "A")
        try system.commit(Fix.relocate("b", before: "a"), on: "A")
        let report = system.quiesce()  // two deliveries to B, one finding
        #expect(report.failures.filter { $0.conservation == .ghost }.map(\.replicas) == [["B"]])
    }

    @Test("conservation: a duplicate names the item and the ops that placed it")
    func duplicate() throws {
        var system = try Fix.system("a b c", merge: MergeBug.deleteInsert.merge(ids: ["A", "B"], data: Fix.list("a b c")))
        try system.commit(Fix.relocate("a", before: "c"), on: "A")
        try system.commit(Fix.relocate("a", before: nil), on: "B")
        let found = try system.deliver(MessageSelector(to: "A"))
        #expect(found.count == 1)
        #expect(found[0].check == .conservation && found[0].conservation == .duplicate && found[0].item == "a")
        #expect(found[0].ops == [OpID(origin: "A", seq: 1), OpID(origin: "B", seq: 1)])
        #expect(found[0].description == "conservation (duplicate a) on A; ops A#1, B#1; data [b, a, c, a]")
    }

    @Test("conservation: an item deleted and present again is resurrected, unless an insert after or beside the delete explains it")
    func resurrection() throws {
        var ignores = try Fix.system("a b c", merge: TestMerge(ids: ["A", "B"], data: Fix.list("a b c"), fault: .ignoresDeletes))
        try ignores.commit(.delete(["b"]), on: "A")
        let report = ignores.quiesce()
        #expect(report.failures.map(\.check) == [.conservation, .convergence, .intent])
        #expect(report.failures[0].conservation == .resurrected && report.failures[0].replicas == ["B"])
        #expect(report.failures[0].ops == [OpID(origin: "A", seq: 1)])

        var reinserted = try Fix.system("a b c", .causal)
        try reinserted.commit(.delete(["b"]), on: "A")
        try reinserted.deliver(MessageSelector(to: "B"))
        try reinserted.commit(.insert(["b"], collection: "list", index: 0), on: "B")
        #expect(reinserted.quiesce().violations.isEmpty)
        #expect(reinserted.orders == ["A": "b a c", "B": "b a c"])
    }

    @Test("conservation: with deletes: either, a concurrent move excuses a kept item; with win it does not")
    func resurrectionEither() throws {
        for deletes in ReplicaOptions.Deletes.allCases {
            var merge = TestMerge(ids: ["A", "B"], data: Fix.list("a b c d"), fault: .ignoresDeletes)
            merge.ignoreOwnDeletes = true
            var system = try System(ids: ["A", "B"], data: Fix.list("a b c d"), merge: merge, options: ReplicaOptions(deletes: deletes))
            try system.commit(Fix.relocate("a", before: nil), on: "A")
            try system.commit(.delete(["a"]), on: "B")
            let report = system.quiesce()
            #expect(system.orders == ["A": "b c d a", "B": "b c d a"])
            let resurrected = report.failures.filter { $0.conservation == .resurrected }
            #expect(resurrected.count == (deletes == .win ? 2 : 0))
            #expect(report.failedChecks == (deletes == .win ? [.conservation, .intent] : []))
        }
    }

    @Test("conservation: an item lost is reported at quiesce on every replica missing it")
    func lost() throws {
        var system = try Fix.system("a b", merge: MergeBug.ackByAny.merge(ids: ["A", "B"], data: Fix.list("a b")))
        try system.commit(.insert(["x"], collection: "list", index: nil), on: "A")
        try system.lose(MessageSelector(to: serverReplica))
        try system.commit(.delete(["a"]), on: "B")
        let report = system.quiesce()
        let lost = report.failures.filter { $0.check == .conservation }
        #expect(lost.map(\.replicas) == [["A"], ["B"], [serverReplica]])
        #expect(lost.allSatisfy { $0.conservation == .lost && $0.item == "x" })
    }

    @Test("convergence names every replica and its data; between quiesce events divergence is not reported")
    func convergence() throws {
        var system = try Fix.system(
            "a b c", merge: MergeBug.arrivalOrder.merge(ids: ["A", "B", "C"], data: Fix.list("a b c")), ids: ["A", "B", "C"])
        try system.commit(Fix.relocate("c", before: "a"), on: "A")
        try system.commit(Fix.relocate("a", before: nil), on: "B")
        #expect(try system.deliver(MessageSelector(to: "C", from: "B")).isEmpty)
        let report = system.quiesce()
        #expect(report.violations.map(\.check) == [.convergence])
        #expect(report.violations[0].replicas == ["A", "B", "C"])
        #expect(report.violations[0].data.map(Fix.order) == ["c b a", "b c a", "b c a"])
        #expect(report.intent.map(\.verdict) == [.explained, .explained])
    }

    @Test("reporting order (6.6): conservation, no-quiescence, convergence, intent")
    func order() {
        #expect(
            ReplicaCheck.allCases == [
                .appError, .appTimeout, .appCrash, .appProtocol, .conservation, .noQuiescence, .convergence, .intent, .reference,
                .intentUndecided,
            ])
        #expect(ReplicaCheck.allCases.filter(\.isWarning) == [.intentUndecided])
    }
}

/// A replica holding an ID in other bytes (`"cafe\u{301}"` as
/// `"caf\u{E9}"`) holds another ID: `String`'s `==` takes the two for one,
/// the checks compare bytes.
@Suite("replicas-v1 6: an ID in other bytes")
struct RespelledReplicaTests {
    static let nfd = "cafe\u{301}"
    static let nfc = "caf\u{E9}"

    @Test("a respelled ID is a ghost where it appears, the model's spelling lost, and the replicas diverge")
    func respelled() throws {
        var system = try Fix.system(
            "a \(Self.nfd) b", merge: TestMerge(ids: ["A", "B"], data: Fix.list("a \(Self.nfd) b"), fault: .respells))
        try system.commit(Fix.relocate("b", before: "a"), on: "A")
        let found = try system.deliver(MessageSelector(to: "B"))
        #expect(found.map(\.conservation) == [.ghost])
        #expect(found[0].replicas == ["B"] && found[0].item.map { Array($0.utf8) } == Array(Self.nfc.utf8))
        let report = system.quiesce()
        let checks = report.failures.map { "\($0.check.rawValue) \($0.conservation?.rawValue ?? "") \($0.replicas)" }
        #expect(checks.contains("conservation lost [\"B\"]"), "\(checks)")
        #expect(checks.contains("convergence  [\"A\", \"B\"]"), "\(checks)")
    }

    @Test("the same data in the model's bytes converges: no finding")
    func sameBytes() throws {
        var system = try Fix.system("a \(Self.nfd) b", .causal)
        try system.commit(Fix.relocate("b", before: "a"), on: "A")
        #expect(system.quiesce().failures.isEmpty)
        #expect(system.order("B").utf8.elementsEqual("b a \(Self.nfd)".utf8))
    }
}
