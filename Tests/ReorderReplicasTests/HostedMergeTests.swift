import ReorderCore
import Testing

@testable import ReorderReplicas

/// `HostedMerge`: replicas played by code under test beside the model's.
@Suite("replicas-v1 8: hosted replicas (code under test as SyncReplica)")
struct HostedMergeTests {
    typealias Container = ReorderContainer<String, String>
    static let header = Container(collections: [
        .init(id: "todo", items: ["a", "b", "c", "d"], fixed: ["h"]), .init(id: "done", items: ["e", "f"]),
    ])

    /// The model's own nodes, handed over as if they were code under test:
    /// every message validated, every change compared with the shadow.
    static func modelAsHosted(_ model: ReplicaModel, ids: [String]) -> HostedMerge<String, String> {
        var hosted: [String: any SyncReplica<String, String>] = [:]
        for r in ids {
            hosted[r] = model == .server ? ServerClientNode(data: header) : CausalNode(replica: r, ids: ids, data: header)
        }
        if model == .server { hosted[serverReplica] = ServerNode(ids: ids, data: header) }
        return HostedMerge(name: "hosted", ids: ids, data: header, model: model, claimsModel: true, hosted: hosted)
    }

    @Test("the model's nodes hosted behave exactly as the model: same messages, same data, no finding", arguments: ReplicaModel.allCases)
    func differential(model: ReplicaModel) throws {
        for seed in UInt64(0)..<150 {
            var rng = SplitMix64(seed: seed)
            let ids = Array(["A", "B", "C", "D"].prefix(2 + Int(seed % 3)))
            var reference = try ReplicatedSystem(ids: ids, data: Self.header, model: model)
            var hosted = try ReplicatedSystem(ids: ids, data: Self.header, merge: Self.modelAsHosted(model, ids: ids))
            var fresh = 0
            for _ in 0..<(6 + Int(seed % 25)) {
                if reference.channel.inFlight.isEmpty || Int.random(in: 0..<3, using: &rng) == 0 {
                    let replica = ids.randomElement(using: &rng)!
                    let change = RandomScheduleTests.change(on: reference.data(of: replica), fresh: &fresh, using: &rng)
                    let a = try reference.commit(change, on: replica)
                    let b = try hosted.commit(change, on: replica)
                    #expect(a.violations == b.violations)
                } else {
                    let m = reference.channel.inFlight.randomElement(using: &rng)!
                    let selector = MessageSelector(to: m.to, from: m.from, op: m.op)
                    if reference.channel.isCut(m.link) {
                        reference.heal()
                        hosted.heal()
                    }
                    #expect(try reference.deliver(selector) == hosted.deliver(selector))
                }
                #expect(reference.channel.inFlight == hosted.channel.inFlight, "seed \(seed)")
                for r in reference.replicas { #expect(reference.replicaData(of: r) == hosted.replicaData(of: r), "seed \(seed) \(r)") }
            }
            let a = reference.quiesce()
            let b = hosted.quiesce()
            #expect(a.violations.isEmpty && b.violations.isEmpty, "seed \(seed): \(b.violations)")
            #expect(a.rounds == b.rounds)
        }
    }

    /// A client that applies its own changes and ignores everything it receives.
    final class Deaf: SyncReplica {
        var data: Container
        init(_ data: Container) { self.data = data }
        func commit(_ op: ReplicaOp<String, String>, change: LocalChange<String, String>) throws -> SyncOutput {
            op.apply(to: &data)
            return SyncOutput()
        }
        func receive(_ delivery: SyncDelivery<String, String>) throws -> SyncOutput { SyncOutput() }
        func resend() throws -> [SyncMessage] { [] }
    }

    @Test("a hosted client that claims the model and ignores remote ops breaks reference at the delivery, once")
    func reference() throws {
        let merge = HostedMerge<String, String>(
            name: "deaf", ids: ["A", "B"], data: Self.header, model: .causal, claimsModel: true, hosted: ["B": Deaf(Self.header)])
        var system = try ReplicatedSystem(ids: ["A", "B"], data: Self.header, merge: merge)
        try system.commit(.relocate(["a"], in: "todo", before: nil), on: "A")
        let found = try system.deliver(MessageSelector(to: "B"))
        #expect(found.map(\.check) == [.reference])
        #expect(found.first?.replicas == ["B"])
        #expect(found.first?.data.map { $0.collections[0].items } == [["a", "b", "c", "d"], ["b", "c", "d", "a"]])
        try system.commit(.relocate(["b"], in: "todo", before: nil), on: "A")
        #expect(try system.deliver(MessageSelector(to: "B")).isEmpty, "reported once per replica")
        let end = system.quiesce()
        #expect(end.violations.map(\.check).contains(.convergence))
    }

    @Test("the same client as a merge of its own: no reference, the model-free checks find it")
    func ownMerge() throws {
        let merge = HostedMerge<String, String>(
            name: "deaf", ids: ["A", "B"], data: Self.header, model: .causal, claimsModel: false, hosted: ["B": Deaf(Self.header)])
        var system = try ReplicatedSystem(ids: ["A", "B"], data: Self.header, merge: merge)
        try system.commit(.relocate(["a"], in: "todo", before: nil), on: "A")
        #expect(try system.deliver(MessageSelector(to: "B")).isEmpty)
        #expect(system.quiesce().violations.map(\.check) == [.convergence, .intent])
    }

    /// A client whose every answer is what the test sets.
    final class Scripted: SyncReplica {
        var data: Container
        var output = SyncOutput()
        var error: (any Error)?
        init(_ data: Container) { self.data = data }
        func commit(_ op: ReplicaOp<String, String>, change: LocalChange<String, String>) throws -> SyncOutput {
            if let error { throw error }
            op.apply(to: &data)
            return output
        }
        func receive(_ delivery: SyncDelivery<String, String>) throws -> SyncOutput { output }
        func resend() throws -> [SyncMessage] { [] }
    }

    struct Refused: Error, CustomStringConvertible { var description: String { "constraint failed" } }

    @Test("8.3: what hosted code sends is validated; a failure stops the run and names the replica")
    func failures() throws {
        let cases: [(SyncOutput?, (any Error)?, ReplicaCheck, String)] = [
            (SyncOutput(send: [SyncMessage(to: "Z")]), nil, .appProtocol, "a message to \"Z\", which is not a replica of this recording"),
            (
                SyncOutput(send: [SyncMessage(to: "B", op: OpID(origin: "B", seq: 9))]), nil, .appProtocol,
                "a message carrying B#9, which \"A\" never committed or received"
            ),
            (
                SyncOutput(send: [SyncMessage(to: nil)]), nil, .appProtocol,
                "a message without a receiver (only the server broadcasts to every client)"
            ),
            (
                SyncOutput(send: [SyncMessage(to: "B", op: OpID(origin: "A", seq: 1), number: 1)]), nil, .appProtocol,
                "a number (1) on a message of a client; only the server numbers ops"
            ),
            (nil, Refused(), .appError, "constraint failed"),
            (nil, SyncFailure(.appCrash, "exit status 3"), .appCrash, "exit status 3"),
        ]
        for (output, error, check, detail) in cases {
            let a = Scripted(Self.header)
            if let output { a.output = output }
            a.error = error
            let merge = HostedMerge<String, String>(
                name: "scripted", ids: ["A", "B"], data: Self.header, model: .causal, claimsModel: false, hosted: ["A": a])
            var system = try ReplicatedSystem(ids: ["A", "B"], data: Self.header, merge: merge)
            let commit = try system.commit(.relocate(["a"], in: "todo", before: nil), on: "A")
            #expect(commit.violations.map(\.check) == [check])
            #expect(commit.violations.first?.detail == detail)
            #expect(commit.violations.first?.replicas == ["A"])
            #expect(system.isStopped)
            #expect(system.channel.inFlight.isEmpty)
            #expect(system.quiesce().violations.isEmpty, "nothing is checked after the failure")
        }
    }

    @Test("a payload is carried byte for byte, with the op, as the topology says; its copies too")
    func payload() throws {
        let a = Scripted(Self.header)
        a.output = SyncOutput(payload: ReplicaPayload([0, 255, 10, 34]))
        let merge = HostedMerge<String, String>(
            name: "scripted", ids: ["A", "B", "C"], data: Self.header, model: .causal, claimsModel: false, hosted: ["A": a])
        var system = try ReplicatedSystem(ids: ["A", "B", "C"], data: Self.header, merge: merge)
        try system.commit(.relocate(["a"], in: "todo", before: nil), on: "A")
        try system.duplicate(MessageSelector(to: "C"))
        #expect(system.channel.inFlight.map(\.to) == ["B", "C", "C"])
        #expect(
            system.channel.inFlight.allSatisfy { $0.payload == ReplicaPayload([0, 255, 10, 34]) && $0.op == OpID(origin: "A", seq: 1) })
    }
}

/// 8.1: under a merge of the code's own, an op that changed nothing on its
/// origin is inert: it may have no effect in 6.4, and carries no causality.
@Suite("replicas-v1 8.1: inert ops of a merge of its own")
struct InertOpTests {
    typealias Container = ReorderContainer<String, String>
    static let header = Container(collections: [.init(id: "todo", items: ["a", "b", "c"])])

    @Test("an inert op may have no effect in the intent check: the search also tries the data unchanged")
    func noEffect() {
        // Alone, a move of a to the end of [a, b, c] explains only [b, c, a]
        // when it must take effect, and [a, b, c] as well when it is inert.
        var op = ReplicaOp<String, String>(
            id: OpID(origin: "A", seq: 1), kind: .move(sources: ["a"], collection: "todo", before: nil), left: "c")
        let unchanged = ReplicaData(Self.header)
        #expect(IntentSearch(header: Self.header, ops: [op], final: unchanged, options: ReplicaOptions()).run().verdict == .unexplained)
        op.changedNothing = true
        #expect(IntentSearch(header: Self.header, ops: [op], final: unchanged, options: ReplicaOptions()).run().verdict == .explained)
    }

    @Test("an inert op carries no causality: a later op of another replica does not count it as before")
    func noCausality() throws {
        let own = HostedMerge<String, String>(
            name: "own", ids: ["A", "B"], data: Self.header, model: .causal, claimsModel: false,
            hosted: ["A": HostedMergeTests.Deaf(Self.header), "B": HostedMergeTests.Deaf(Self.header)])
        var system = try ReplicatedSystem(ids: ["A", "B"], data: Self.header, merge: own)
        try system.commit(.relocate(["a"], in: "todo", before: "b"), on: "A")
        _ = try system.deliver(MessageSelector(to: "B"))
        let later = try system.commit(.relocate(["c"], in: "todo", before: "a"), on: "B")
        #expect(later.op?.before == [])
        let next = try system.commit(.relocate(["b"], in: "todo", before: nil), on: "A")
        #expect(next.op?.before == [OpID(origin: "A", seq: 1)], "its own origin's later ops still follow it")
    }

    @Test("a commit that changes nothing under a merge of its own is marked inert; under the model it is not")
    func marked() throws {
        let own = HostedMerge<String, String>(
            name: "own", ids: ["A", "B"], data: Self.header, model: .causal, claimsModel: false,
            hosted: ["A": HostedMergeTests.Deaf(Self.header)])
        var system = try ReplicatedSystem(ids: ["A", "B"], data: Self.header, merge: own)
        let noop = try system.commit(.relocate(["a"], in: "todo", before: "b"), on: "A")
        #expect(noop.op?.changedNothing == true)
        let moved = try system.commit(.relocate(["a"], in: "todo", before: nil), on: "A")
        #expect(moved.op?.changedNothing == false)
        var model = try ReplicatedSystem(ids: ["A", "B"], data: Self.header, model: .causal)
        #expect(try model.commit(.relocate(["a"], in: "todo", before: "b"), on: "A").op?.changedNothing == false)
    }
}
