import ReorderReplicas
import Testing

/// replicas-v1 5: the channel's events, quiesce and auto delivery.
@Suite("replicas-v1 5: the channel")
struct ChannelTests {
    @Test("no matching message is an input error; so is a deliver across a cut, while lose and duplicate work there")
    func inputErrors() throws {
        var system = try Fix.system("a b c", .causal)
        #expect(throws: ChannelError.noMatchingMessage(MessageSelector(to: "B"))) { try system.deliver(MessageSelector(to: "B")) }
        try system.commit(Fix.relocate("c", before: "a"), on: "A")
        #expect(throws: ChannelError.noMatchingMessage(MessageSelector(to: "B", from: "C"))) {
            try system.lose(MessageSelector(to: "B", from: "C"))
        }
        try system.partition([["A"], ["B"]])
        let message = system.channel.inFlight[0]
        #expect(throws: ChannelError.deliverOnCutLink(message)) { try system.deliver(MessageSelector(to: "B")) }
        try system.duplicate(MessageSelector(to: "B"))
        #expect(system.channel.inFlight.map(\.sendNumber) == [1, 2])
        try system.lose(MessageSelector(to: "B"))
        #expect(system.channel.inFlight.map(\.sendNumber) == [2])
        try system.partition([["A", "B"]])
        try system.deliver(MessageSelector(to: "B"))
        #expect(system.order("B") == "c a b")
        #expect(throws: ChannelError.unknownReplica(serverReplica)) { try system.partition([[serverReplica]]) }
        #expect(throws: ChannelError.repeatedInPartition("A")) { try system.partition([["A"], ["B", "A"]]) }
    }

    @Test("a replica in no group is cut from every other; heal cuts nothing")
    func partitions() throws {
        var system = try Fix.system("a b", .server, ids: ["A", "B", "C"])
        try system.partition([["A", serverReplica], ["B"]])
        #expect(!system.channel.isCut(Link(from: "A", to: serverReplica)))
        #expect(system.channel.isCut(Link(from: "B", to: serverReplica)))
        #expect(system.channel.isCut(Link(from: "C", to: serverReplica)))
        system.heal()
        #expect(!system.channel.isCut(Link(from: "C", to: serverReplica)))
    }

    @Test("a duplicate is a second copy with a new send number; the lowest matching send number is delivered first")
    func duplicates() throws {
        var system = try Fix.system("a b c", .causal)
        try system.commit(Fix.relocate("c", before: "a"), on: "A")
        try system.commit(Fix.relocate("b", before: "a"), on: "A")
        try system.duplicate(MessageSelector(to: "B", op: OpID(origin: "A", seq: 1)))
        #expect(system.channel.inFlight.map { "\($0.sendNumber) \($0.op!)" } == ["1 A#1", "2 A#2", "3 A#1"])
        try system.deliver(MessageSelector(to: "B"))
        #expect(system.channel.inFlight.map(\.sendNumber) == [2, 3])
        try system.deliver(MessageSelector(to: "B", op: OpID(origin: "A", seq: 1)))  // ignored: integrated
        #expect(system.order("B") == "c a b")
    }

    @Test("quiesce repairs a lost message by anti-entropy, in 2 rounds, on both models")
    func antiEntropy() throws {
        for model in ReplicaModel.allCases {
            var system = try Fix.system("a b c", model)
            try system.commit(Fix.relocate("c", before: "a"), on: "A")
            try system.lose(MessageSelector(to: model == .server ? serverReplica : "B"))
            try system.commit(.delete(["b"]), on: "B")
            let report = system.quiesce()
            #expect(report.rounds == 2 && report.settled)
            #expect(report.violations.isEmpty)
            #expect(Set(system.orders.values) == ["c a"])
            #expect(system.channel.inFlight.isEmpty)
        }
    }

    @Test("quiesce: a lost broadcast is re-sent by number; a partition is healed first")
    func antiEntropyNumbers() throws {
        var system = try Fix.system("a b c", .server)
        try system.commit(Fix.relocate("c", before: "a"), on: "A")
        try system.deliver(MessageSelector(to: serverReplica))
        try system.lose(MessageSelector(to: "B"))
        try system.partition([["A"], ["B"]])
        let report = system.quiesce()
        #expect(report.rounds == 2 && report.violations.isEmpty)
        #expect(system.order("B") == "c a b")
    }

    @Test("a merge that never settles stops after 1,000 rounds with no-quiescence; the other checks still run")
    func noQuiescence() throws {
        var system = try Fix.system("a b c", merge: TestMerge(ids: ["A", "B"], data: Fix.list("a b c"), fault: .neverSettles))
        try system.commit(Fix.relocate("c", before: "a"), on: "A")
        let report = system.quiesce()
        #expect(system.maxRounds == 1_000)
        #expect(report.rounds == 1_000 && !report.settled)
        #expect(report.violations.map(\.check) == [.noQuiescence])
        #expect(system.orders == ["A": "c a b", "B": "c a b"])
    }

    @Test("auto delivery: due = send time + the link's latency; earliest due first, then lowest send number")
    func autoOrder() throws {
        let links = [Link(from: "A", to: serverReplica): 10, Link(from: "B", to: serverReplica): 5]
        var system = try Fix.system("a b c", .server, options: ReplicaOptions(delivery: .auto(latency: 20, links: links)))
        system.advance(to: 0)
        try system.commit(Fix.relocate("c", before: "a"), on: "A")  // due 10
        try system.commit(Fix.relocate("b", before: "a"), on: "B")  // due 5
        #expect(system.channel.inFlight.map(\.due) == [10, 5])
        system.advance(to: 4)
        #expect(system.channel.inFlight.count == 2)
        system.advance(to: 10)  // B's first (due 5), then A's (due 10); broadcasts due 25 and 30
        let server = try #require(system.merge as? ServerMerge<String, String>)
        #expect(server.broadcasts.map(\.id.origin) == ["B", "A"])
        #expect(system.channel.inFlight.map(\.due) == [25, 25, 30, 30])
        system.advance(to: 30)
        #expect(system.channel.inFlight.isEmpty)
        #expect(system.orders == ["A": "b c a", "B": "b c a", "server": "b c a"])
    }

    @Test("auto delivery: what a delivery sends is delivered in the same pass when due; a cut link waits for heal")
    func autoChains() throws {
        var system = try Fix.system("a b c", .server, options: ReplicaOptions(delivery: .auto(latency: 10, links: [:])))
        try system.partition([["A"], ["B", serverReplica]])
        try system.commit(Fix.relocate("c", before: "a"), on: "A")
        system.advance(to: 100)
        #expect(system.channel.inFlight.count == 1 && system.order(serverReplica) == "a b c")
        system.heal()
        system.advance(to: 101)  // due 10 -> server; broadcasts due 20 <= 101: same pass
        #expect(system.channel.inFlight.isEmpty)
        #expect(system.orders == ["A": "c a b", "B": "c a b", "server": "c a b"])
        // A duplicate is due when its original is.
        try system.commit(Fix.relocate("b", before: "c"), on: "B")
        try system.duplicate(MessageSelector(to: serverReplica))
        #expect(system.channel.inFlight.map(\.due) == [111, 111])
    }

    @Test("auto delivery: an explicit deliver (a reorder) happens at the event's time, and so do the sends it causes")
    func autoExplicitDeliver() throws {
        var system = try Fix.system("a b c", .server, options: ReplicaOptions(delivery: .auto(latency: 100, links: [:])))
        system.advance(to: 0)
        try system.commit(Fix.relocate("c", before: "a"), on: "A")
        system.advance(to: 30)
        try system.deliver(MessageSelector(to: serverReplica))  // due 100, delivered at 30
        #expect(system.channel.inFlight.map(\.due) == [130, 130])
        system.advance(to: 129)
        #expect(system.order("B") == "a b c")
        system.advance(to: 130)
        #expect(system.orders == ["A": "c a b", "B": "c a b", "server": "c a b"])
    }

    @Test("changeCount: a commit counts for its replica, a delivery for its receiver, a quiesce round for all; lose and partition for none")
    func changeCounts() throws {
        var system = try Fix.system("a b c", .causal, ids: ["A", "B", "C"])
        func counts() -> [Int] { ["A", "B", "C"].map(system.changeCount(of:)) }
        #expect(counts() == [0, 0, 0])
        try system.commit(Fix.relocate("c", before: "a"), on: "A")
        #expect(counts() == [1, 0, 0])
        try system.deliver(MessageSelector(to: "B"))
        #expect(counts() == [1, 1, 0])
        try system.lose(MessageSelector(to: "C"))
        try system.partition([["A"], ["B", "C"]])
        #expect(counts() == [1, 1, 0])
        #expect(system.changeCount(of: "nobody") == 0)
        _ = system.quiesce()
        // One anti-entropy round repairs C (a resend from A, delivered), a second sends nothing.
        #expect(counts()[2] >= 2 && counts()[0] >= 2)
        #expect(system.order("C") == "c a b")
    }

    @Test("takeRound: the lowest send numbers up to the first receiver met twice, in send order")
    func rounds() throws {
        var system = try Fix.system("a b c", .causal, ids: ["A", "B", "C"])
        try system.commit(Fix.relocate("c", before: "a"), on: "A")  // #1 to B, #2 to C
        try system.commit(Fix.relocate("b", before: nil), on: "B")  // #3 to A, #4 to C
        var channel = system.channel
        #expect(channel.takeRound().map(\.sendNumber) == [1, 2, 3])
        #expect(channel.takeRound().map(\.sendNumber) == [4])
        #expect(channel.takeRound().isEmpty)
    }
}
