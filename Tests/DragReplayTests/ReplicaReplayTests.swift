import DragReader
import DragRecording
import DragReplay
import Foundation
import KnownBugs
import ReorderReplicas
import TestSupport
import Testing

/// Version 3 replay (replicas-v1 4 to 7): the spec's minimal scenarios pass
/// on their reference model, and each fails on its buggy merge with exactly
/// the checks the spec's table lists.
@Suite("Replica replay")
struct ReplicaReplayTests {
    static let folder = packageRoot + "/corpora/replicas/"

    /// Each scenario, the buggy merge it is about, and the checks that fire on it.
    static let table: [(file: String, bug: MergeBug, checks: Set<String>)] = [
        ("7_1-duplicate-on-concurrent-move.jsonl", .deleteInsert, ["conservation", "intent"]),
        ("7_2-arrival-order-divergence.jsonl", .arrivalOrder, ["convergence"]),
        ("7_3-fractional-tie.jsonl", .fractional, ["convergence"]),
        ("7_4-block-interleave.jsonl", .fractionalTie, ["intent"]),
        ("7_5-index-rebase-drift.jsonl", .indexRebase, ["convergence", "intent"]),
        ("7_6-duplicate-reapplied.jsonl", .noDedupe, ["intent"]),
        ("7_7-ack-by-any.jsonl", .ackByAny, ["conservation", "intent"]),
        ("7_8-drag-over-stale-sync.jsonl", .indexRebase, ["convergence", "intent"]),
    ]

    func replay(_ file: String, bug: MergeBug? = nil) throws -> ReplayResult {
        var source = try RecordingReader(path: Self.folder + file)
        var options = ReplayOptions()
        if let bug { options.merge = ReplicaMergeUnderTest(name: bug.name, imitates: bug.imitates) { bug.merge(ids: $0, data: $1) } }
        return Replayer(options: options).run(&source)
    }

    @Test("every scenario passes on its reference model, its expect included", arguments: table.map(\.file))
    func referencePasses(_ file: String) throws {
        let r = try replay(file)
        #expect(r.status == .pass, "\(r)")
        #expect(r.failures.isEmpty)
    }

    @Test("on its buggy merge, the checks of the spec's table fire at the quiesce line, and only those", arguments: 0..<8)
    func buggyMergeFails(_ row: Int) throws {
        let (file, bug, checks) = Self.table[row]
        let r = try replay(file, bug: bug)
        #expect(r.status == .fail)
        let text = try String(contentsOfFile: Self.folder + file, encoding: .utf8)
        let quiesceLine = try #require(text.split(separator: "\n").firstIndex { $0.contains(#""type":"quiesce""#) }) + 1
        let fired = Set(r.failures.filter { $0.line == quiesceLine }.compactMap { $0.message.split(separator: ":").first.map(String.init) })
        #expect(fired == checks, "\(file) on \(bug.name): \(r)")
        // Nothing fires before the quiesce: the checks between are per change (conservation), and none broke.
        #expect(r.failures.allSatisfy { $0.line >= quiesceLine }, "\(r)")
    }

    @Test("7.1's duplicate is reported per replica with the item, the operations and the data")
    func conservationMessage() throws {
        let r = try replay("7_1-duplicate-on-concurrent-move.jsonl", bug: .deleteInsert)
        #expect(
            r.failures.map(\.message).contains(#"conservation: duplicate "a" on "A"; operations A#1, B#1; "A": ["b", "a", "c", "a"]"#),
            "\(r)")
    }

    @Test("a channel event that matches no message is an input error at its line; so is a delivery across a cut")
    func channelInputErrors() throws {
        let header =
            #"{"format":"dragrec","version":3,"container":{"layout":{"kind":"list","width":100,"height":400,"rowHeight":10},"collections":[{"items":["a","b","c"]}]},"replicas":{"ids":["A","B"],"merge":"server"}}"#
        func run(_ lines: [String]) throws -> ReplayResult {
            var source = try RecordingReader(bytes: Array(([header] + lines).joined(separator: "\n").utf8), path: "x.jsonl")
            return Replayer().run(&source)
        }
        let none = try run([#"{"type":"deliver","t":0,"to":"server"}"#])
        #expect(none.status == .error)
        #expect(none.error?.line == 2)
        #expect(none.error?.message == #"deliver: no message in flight matches to "server""#)
        let cut = try run([
            #"{"type":"relocate","t":0,"replica":"A","items":["c"],"before":"a"}"#,
            #"{"type":"partition","t":1,"groups":[["A"],["B","server"]]}"#,
            #"{"type":"deliver","t":2,"to":"server","from":"A"}"#,
        ])
        #expect(cut.status == .error)
        #expect(cut.error?.line == 4)
        #expect(cut.error?.message.contains("is on a cut link") == true, "\(cut)")
    }

    @Test("a drag on a replica goes through its own data: B's drop is hit-tested on B's data, not A's")
    func dragsPerReplica() throws {
        let text = """
            {"format":"dragrec","version":3,"container":{"layout":{"kind":"list","width":100,"height":400,"rowHeight":10},"collections":[{"items":["a","b","c","d"]}]},"replicas":{"ids":["A","B"],"merge":"causal"}}
            {"type":"relocate","t":0,"replica":"A","items":["d"],"before":"a"}
            {"type":"lift","t":1,"replica":"B","items":["a"],"x":5,"y":5}
            {"type":"drop","t":2,"replica":"B","x":5,"y":39}
            {"type":"expect","t":2,"replica":"B","order":["b","c","d","a"],"outcome":"moved","replicas":{"A":["d","a","b","c"]}}
            {"type":"quiesce","t":3}
            {"type":"expect","t":3,"replicas":{"A":["d","b","c","a"],"B":["d","b","c","a"]}}
            """
        var source = try RecordingReader(bytes: Array(text.utf8), path: "x.jsonl")
        let r = Replayer().run(&source)
        #expect(r.status == .pass, "\(r)")
    }

    @Test("--trace of a replica replay: each commit, every message sent, delivered or lost, each replica's data after a change")
    func trace() throws {
        var source = try RecordingReader(path: Self.folder + "7_7-ack-by-any.jsonl")
        var lines: [Int: [String]] = [:]
        _ = Replayer().run(&source, onStep: { lines[$0.line] = $0.replicaLines })
        #expect(
            lines[2] == [
                #"commit A#1 on "A": insert ["x"] before the end (left "b", right -)"#, "sent #1 A>server carrying A#1",
                #""A" now holds ["a", "b", "x"]"#,
            ])
        #expect(lines[3] == ["lost #1 A>server carrying A#1"])
        #expect(lines[5]?.contains("delivered #2 B>server carrying B#1") == true, "\(lines[5] ?? [])")
        #expect(lines[5]?.contains(#""server" now holds ["b", "a"]"#) == true, "\(lines[5] ?? [])")
    }
}
