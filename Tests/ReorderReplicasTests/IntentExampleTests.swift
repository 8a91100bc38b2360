import ReorderReplicas
import Testing

/// The example table of replicas-v1 6.4, row by row: each final data is
/// explained, or not, exactly as the table says; and the edge cases of
/// the search.
@Suite("replicas-v1 6.4: the intent search")
struct IntentExampleTests {
    static let a1 = OpID(origin: "A", seq: 1)

    /// Rows 1 and 2: `[a,b,c,d]`; A: c before a; B: a before c, concurrent.
    static func rowOne(_ options: ReplicaOptions = ReplicaOptions()) throws -> System {
        var system = try Fix.system("a b c d", .causal, options: options)
        let a = try system.commit(Fix.relocate("c", before: "a"), on: "A").op!
        let b = try system.commit(Fix.relocate("a", before: "c"), on: "B").op!
        #expect(a.left == nil && a.right == "a")
        #expect(b.left == "b" && b.right == "c")
        return system
    }

    @Test("row 1: [a,c,b,d] is explained by (a): A, then B")
    func rowOneCanonical() throws {
        #expect(try Self.rowOne().explain(Fix.data("a c b d")).verdict == .explained)
    }

    @Test("row 2: [c,b,a,d] (Yrs) is explained: A, then B by (b), a right after b")
    func rowTwoAfterLeft() throws {
        #expect(try Self.rowOne().explain(Fix.data("c b a d")).verdict == .explained)
        // Not every data is: a before its own right neighbour c, with d moved, is not.
        #expect(try Self.rowOne().explain(Fix.data("d c a b")).verdict == .unexplained)
    }

    @Test("row 3: [b,c,a] (Loro) is explained: B's three, then A by (c)")
    func rowThreeAnywhere() throws {
        var system = try Fix.system("a b c", .causal)
        try system.commit(Fix.relocate("c", before: "a"), on: "B")
        let b2 = try system.commit(Fix.relocate("b", before: "a"), on: "B").op!
        try system.commit(Fix.relocate("c", before: nil), on: "B")
        let a = try system.commit(Fix.relocate("a", before: "c"), on: "A").op!
        #expect(b2.left == "c")
        #expect(a.left == "b" && a.right == "c")
        #expect(system.explain(Fix.data("b c a")).verdict == .explained)
    }

    @Test("row 3 without contested neighbours: (c) is not permitted")
    func anywhereNeedsBothNeighboursContested() throws {
        // A: a before c (left b, right c); B moves c only: b is not contested.
        var system = try Fix.system("a b c d", .causal)
        try system.commit(Fix.relocate("c", before: nil), on: "B")
        let a = try system.commit(Fix.relocate("a", before: "c"), on: "A").op!
        #expect(a.left == "b" && a.right == "c")
        #expect(system.explain(Fix.data("b d a c")).verdict == .explained)  // B, then A by (a)
        #expect(system.explain(Fix.data("b a d c")).verdict == .explained)  // A, then B; or B, then A by (b)
        #expect(system.explain(Fix.data("b d c a")).verdict == .unexplained)  // a past c needs (c)
    }

    @Test("row 4: [a,c,b] (Loro) is explained: B's two, A's b; A's c has no effect (the contested skip)")
    func rowFourSkip() throws {
        var system = try Fix.system("a b c", .causal)
        try system.commit(Fix.relocate("b", before: nil), on: "A")
        try system.commit(Fix.relocate("c", before: nil), on: "A")
        try system.commit(Fix.relocate("c", before: "b"), on: "B")
        try system.commit(Fix.relocate("c", before: nil), on: "B")
        #expect(system.explain(Fix.data("a c b")).verdict == .explained)
    }

    @Test("row 5: [b,c,d,a] (Loro): explained only with deletes: either")
    func rowFiveDeletesEither() throws {
        for deletes in ReplicaOptions.Deletes.allCases {
            var system = try Fix.system("a b c d", .causal, options: ReplicaOptions(deletes: deletes))
            try system.commit(Fix.relocate("a", before: nil), on: "A")
            try system.commit(.delete(["a"]), on: "B")
            #expect(system.explain(Fix.data("b c d a")).verdict == (deletes == .either ? .explained : .unexplained))
            #expect(system.explain(Fix.data("b c d")).verdict == .explained)
        }
    }

    @Test("row 6: [p,r,q,s,a] is not explained (7.4)")
    func rowSixInterleave() throws {
        var system = try Fix.system("a p q r s", .causal)
        try system.commit(Fix.relocate("p q", before: "a"), on: "A")
        try system.commit(Fix.relocate("r s", before: "a"), on: "B")
        #expect(system.explain(Fix.data("p r q s a")).verdict == .unexplained)
        #expect(system.explain(Fix.data("p q r s a")).verdict == .explained)
        #expect(system.explain(Fix.data("r s p q a")).verdict == .explained)
    }

    @Test("row 7: [c,a,b] is not explained when B's move came after A's (7.6)")
    func rowSevenCausal() throws {
        var system = try Fix.system("a b c", .causal)
        try system.commit(Fix.relocate("c", before: "a"), on: "A")
        try system.deliver(MessageSelector(to: "B", from: "A"))
        let b = try system.commit(Fix.relocate("c", before: nil), on: "B").op!
        #expect(b.before == [Self.a1])
        #expect(system.explain(Fix.data("c a b")).verdict == .unexplained)
        #expect(system.explain(Fix.data("a b c")).verdict == .explained)
    }

    @Test("blocks: per-item admits a block split by a concurrent move, whole does not")
    func blocksPerItem() throws {
        for blocks in ReplicaOptions.Blocks.allCases {
            var system = try Fix.system("a b c d", .causal, options: ReplicaOptions(blocks: blocks))
            try system.commit(Fix.relocate("b c", before: "a"), on: "A")
            try system.commit(Fix.relocate("c", before: nil), on: "B")
            #expect(system.explain(Fix.data("b a c d")).verdict == (blocks == .perItem ? .explained : .unexplained))
        }
    }

    @Test("an insert lands by (a) before its anchor or by (b) after its left, nowhere else")
    func insertPlacements() throws {
        var system = try Fix.system("a b c", .causal)
        let x = try system.commit(.insert(["x"], collection: "list", index: 1), on: "A").op!
        try system.commit(Fix.relocate("b", before: nil), on: "B")
        #expect(x.kind == .insert(items: ["x"], collection: "list", before: "b") && x.left == "a" && x.right == "b")
        #expect(system.explain(Fix.data("a c x b")).verdict == .explained)  // B, then (a): before b
        #expect(system.explain(Fix.data("a x c b")).verdict == .explained)  // (b): after a
        #expect(system.explain(Fix.data("x a c b")).verdict == .unexplained)
    }

    @Test("no ops: only the header's data is explained; duplicates never are, at no cost")
    func edgeCases() throws {
        let system = try Fix.system("a b", .causal)
        #expect(system.explain(Fix.data("a b")) == IntentResult(verdict: .explained, statesExplored: 1))
        #expect(system.explain(Fix.data("b a")).verdict == .unexplained)
        #expect(system.explain(Fix.data("a b a")) == IntentResult(verdict: .unexplained, statesExplored: 0))
    }

    @Test("the budget: a search that runs out reports intent-undecided, a warning, not a failure")
    func budget() throws {
        var system = try Fix.system("a p q r s", .causal)
        try system.commit(Fix.relocate("p q", before: "a"), on: "A")
        try system.commit(Fix.relocate("r s", before: "a"), on: "B")
        let full = system.explain(Fix.data("p r q s a"))
        #expect(full.verdict == .unexplained && full.statesExplored > 2)
        system.intentBudget = 2
        #expect(system.explain(Fix.data("p r q s a")) == IntentResult(verdict: .undecided, statesExplored: 3))
        // The causal model gives [p,q,r,s,a]: 3 states to explain, over a budget of 2.
        let report = system.quiesce()
        #expect(report.violations.map(\.check) == [.intentUndecided])
        #expect(report.failures.isEmpty && report.violations[0].isWarning)
    }
}
