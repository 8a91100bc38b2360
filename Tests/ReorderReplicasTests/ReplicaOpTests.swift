import ReorderCore
import ReorderReplicas
import Testing

/// replicas-v1 3: what a commit records, and that it applies at once.
@Suite("replicas-v1 3: ops")
struct ReplicaOpTests {
    @Test("an op's ID fields are fixed at commit from the origin's data")
    func fields() throws {
        var system = try System(
            ids: ["A", "B"],
            data: ReorderContainer(collections: [.init(id: "todo", items: ["a", "b", "c"], fixed: ["h"]), .init(id: "done", items: ["d"])]),
            model: .causal)
        let move = try system.commit(.relocate(["c", "zz", "h", "c", "a"], in: "done", before: "d"), on: "A").op!
        #expect(move.kind == .move(sources: ["c", "a"], collection: "done", before: "d"))
        #expect(move.left == nil && move.right == "d")
        let insert = try system.commit(.insert(["x", "b", "x", "y"], collection: "todo", index: 0), on: "A").op!
        #expect(insert.kind == .insert(items: ["x", "y"], collection: "todo", before: "b"))
        #expect(insert.left == nil && insert.right == "b")
        let end = try system.commit(.insert(["z"], collection: "todo", index: 9), on: "A").op!
        #expect(end.kind == .insert(items: ["z"], collection: "todo", before: nil) && end.left == "b" && end.right == nil)
        let delete = try system.commit(.delete(["q", "h", "b", "h"]), on: "A").op!
        #expect(delete.kind == .delete(items: ["h", "b"]))
        #expect(delete.left == nil && delete.right == nil)
        #expect(system.replicaData(of: "A").collections.map(\.items) == [["x", "y", "z"], ["c", "a", "d"]])
        #expect(system.replicaData(of: "A").collections[0].fixed.isEmpty)
        #expect(delete.id.description == "A#4")
    }

    @Test("every change is an op, even one that changes nothing; an unknown collection commits none")
    func noOps() throws {
        var system = try Fix.system("a b", .causal)
        let gone = try system.commit(Fix.relocate("q", before: "a"), on: "A")
        #expect(gone.op?.kind == .move(sources: [], collection: "list", before: "a"))
        #expect(gone.op?.left == nil && gone.op?.right == nil)
        let unknown = try system.commit(.relocate(["a"], in: "nope", before: nil), on: "A")
        #expect(unknown.op == nil && unknown.warnings == [.unknownCollection("nope")])
        #expect(system.ops.map(\.id.description) == ["A#1"])
        #expect(throws: ReplicaError.unknownReplica(serverReplica)) { try system.commit(.delete(["a"]), on: serverReplica) }
    }

    @Test("Lamport timestamps, version vectors and before sets come from what the origin integrated")
    func causality() throws {
        var system = try Fix.system("a b c", .causal, ids: ["A", "B", "C"])
        try system.commit(Fix.relocate("c", before: "a"), on: "A")
        try system.commit(Fix.relocate("b", before: "a"), on: "A")
        try system.deliver(MessageSelector(to: "B", from: "A"))
        let b1 = try system.commit(.delete(["a"]), on: "B").op!
        #expect(b1.lamport == 2 && b1.versionVector == ["A": 1] && b1.before == [OpID(origin: "A", seq: 1)])
        try system.deliver(MessageSelector(to: "C", from: "B"))  // waits: A#1 is not integrated on C
        #expect(system.merge.integrated(at: "C").isEmpty)
        try system.deliver(MessageSelector(to: "C", from: "A", op: OpID(origin: "A", seq: 1)))
        #expect(system.merge.integrated(at: "C") == [OpID(origin: "A", seq: 1), OpID(origin: "B", seq: 1)])
        let c1 = try system.commit(.delete(["b"]), on: "C").op!
        #expect(c1.lamport == 3 && c1.versionVector == ["A": 1, "B": 1])
        #expect(c1.before == [OpID(origin: "A", seq: 1), OpID(origin: "B", seq: 1)])
        #expect(system.areConcurrent(c1.id, OpID(origin: "A", seq: 2)))
        #expect(system.isBefore(b1.id, c1.id) && !system.isBefore(c1.id, b1.id))
    }

    @Test("replica ids: 2 to 64, unique, no #, not server")
    func replicaIDs() {
        let data = Fix.list("a")
        #expect(throws: ReplicaError.replicaCount(1)) { try System(ids: ["A"], data: data, model: .causal) }
        #expect(throws: ReplicaError.duplicateReplica("A")) { try System(ids: ["A", "A"], data: data, model: .causal) }
        #expect(throws: ReplicaError.invalidReplicaID("A#1")) { try System(ids: ["A#1", "B"], data: data, model: .causal) }
        #expect(throws: ReplicaError.invalidReplicaID(serverReplica)) { try System(ids: ["A", serverReplica], data: data, model: .server) }
    }
}
