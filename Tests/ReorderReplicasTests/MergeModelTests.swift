import ReorderReplicas
import Testing

/// replicas-v1 4: the two reference models step by step.
@Suite("replicas-v1 4: the server and causal models")
struct MergeModelTests {
    static let a1 = OpID(origin: "A", seq: 1)
    static let a2 = OpID(origin: "A", seq: 2)

    @Test("4.1: the server takes a client's ops in seq order, holding an early one once")
    func serverHolds() throws {
        var system = try Fix.system("a b c", .server)
        try system.commit(Fix.relocate("c", before: "a"), on: "A")
        try system.commit(Fix.relocate("b", before: nil), on: "A")
        #expect(system.order("A") == "c a b")
        try system.duplicate(MessageSelector(to: serverReplica, op: Self.a2))
        try system.deliver(MessageSelector(to: serverReplica, op: Self.a2))
        try system.deliver(MessageSelector(to: serverReplica, op: Self.a2))
        #expect(system.order(serverReplica) == "a b c" && system.merge.integrated(at: serverReplica).isEmpty)
        try system.deliver(MessageSelector(to: serverReplica, op: Self.a1))
        #expect(system.order(serverReplica) == "c a b")
        let server = try #require(system.merge as? ServerMerge<String, String>)
        #expect(server.broadcasts.map(\.id) == [Self.a1, Self.a2])
        // Broadcasts in ids order, the origin included: A, B for number 1, then for number 2.
        #expect(system.channel.inFlight.map { "\($0.to) #\($0.number!)" } == ["A #1", "B #1", "A #2", "B #2"])
    }

    @Test("4.1: a duplicate at the server re-sends its original broadcast to its origin alone")
    func serverDedupes() throws {
        var system = try Fix.system("a b c", .server)
        try system.commit(Fix.relocate("c", before: "a"), on: "A")
        try system.duplicate(MessageSelector(to: serverReplica))
        try system.deliver(MessageSelector(to: serverReplica))
        try system.deliver(MessageSelector(to: serverReplica))
        #expect(
            system.channel.inFlight.map { "\($0.sendNumber) \($0.to) #\($0.number!) \($0.op!)" } == [
                "3 A #1 A#1", "4 B #1 A#1", "5 A #1 A#1",
            ])
        #expect(system.order(serverReplica) == "c a b")
    }

    @Test("4.1: a client holds a number above k+1, applies k+1 and the held ones, and rebases its pending ops")
    func clientNumbers() throws {
        var system = try Fix.system("a b c", .server)
        try system.commit(Fix.relocate("c", before: "a"), on: "A")
        try system.commit(Fix.relocate("b", before: "a"), on: "B")
        try system.deliver(MessageSelector(to: serverReplica, from: "A"))
        try system.deliver(MessageSelector(to: serverReplica, from: "B"))
        #expect(system.order(serverReplica) == "c b a")
        try system.deliver(MessageSelector(to: "B", op: OpID(origin: "B", seq: 1)))  // number 2 first: held
        #expect(system.order("B") == "b a c")
        #expect(system.merge.integrated(at: "B") == [OpID(origin: "B", seq: 1)])
        try system.deliver(MessageSelector(to: "B"))  // number 1, then the held 2
        #expect(system.order("B") == "c b a")
        #expect(system.merge.integrated(at: "B") == [Self.a1, OpID(origin: "B", seq: 1)])
        let server = try #require(system.merge as? ServerMerge<String, String>)
        #expect(server.clients["B"]!.k == 2 && server.clients["B"]!.pending.isEmpty)
        // A: its pending op rebased on number 1 (its own) is its data; B's op arrives as number 2.
        try system.commit(Fix.relocate("a", before: "c"), on: "A")
        try system.deliver(MessageSelector(to: "A", op: Self.a1))
        try system.deliver(MessageSelector(to: "A", op: OpID(origin: "B", seq: 1)))
        #expect(system.order("A") == "a c b")  // [c,b,a] with A#2 (a before c) on top
    }

    @Test("4.2: a later op in the total order arriving early is replayed into place")
    func causalReplay() throws {
        var system = try Fix.system("a b c", .causal, ids: ["A", "B", "C"])
        try system.commit(Fix.relocate("a", before: nil), on: "B")
        try system.commit(Fix.relocate("a", before: "c"), on: "A")
        try system.deliver(MessageSelector(to: "C", from: "B"))
        #expect(system.order("C") == "b c a")
        try system.deliver(MessageSelector(to: "C", from: "A"))  // A ranks first: A#1, then B#1
        #expect(system.order("C") == "b c a")
        try system.deliver(MessageSelector(to: "A", from: "B"))
        try system.deliver(MessageSelector(to: "B", from: "A"))
        #expect(system.orders == ["A": "b c a", "B": "b c a", "C": "b c a"])
        // Concurrent blocks before one anchor: both stay whole, the later nearer the anchor.
        var blocks = try Fix.system("a p q r s", .causal)
        try blocks.commit(Fix.relocate("r s", before: "a"), on: "B")
        try blocks.commit(Fix.relocate("p q", before: "a"), on: "A")
        #expect(blocks.quiesce().violations.isEmpty)
        #expect(blocks.order("A") == "p q r s a")
    }
}
