import DragCorpus
import DragRender
import DragReplay
import Foundation
import KnownBugs
import ReorderConformance
import ReorderCore
import TestSupport
import Testing

/// The document of a version 3 recording (replicas): the channel the
/// replay played, filed by step (operations, messages with the steps that
/// sent and delivered or lost them, partitions, failed checks), and each
/// replica's data where a step changed it. docs/page-document.md,
/// "Replicas".
@Suite struct ReplicaDocumentTests {
    func render(_ path: String, mergeBug: String? = nil) throws -> (ReplayResult, RenderDocument) {
        var options = ReplayOptions()
        if let bug = mergeBug.flatMap(MergeBug.named) {
            options.merge = ReplicaMergeUnderTest(name: bug.name, imitates: bug.imitates) { bug.merge(ids: $0, data: $1) }
        }
        var subject: (any ReorderSubject<StringID, StringID?>)? = nil
        let (result, document) = Replayer(options: options).render(path: path, subject: &subject, subjectName: "model")
        return (result, try #require(document))
    }

    static let ackByAny = packageRoot + "/corpora/replicas/7_7-ack-by-any.jsonl"

    /// 7.7 on the buggy merge: A's insert is lost on its way to the server,
    /// B's move goes round, and quiesce finds x lost everywhere, blaming A#1.
    @Test func theAckByAnyFindingFilesEveryMessageAndTheLostOne() throws {
        let (result, doc) = try render(Self.ackByAny, mergeBug: "ack-by-any")
        #expect(result.status == .fail)
        let r = try #require(doc.replicas)
        #expect(r.replicas == ["A", "B", "server"])
        #expect(
            r.ops.map { "\($0.id) \($0.replica) \($0.kind) \($0.items) @\($0.step)" } == [
                "A#1 A insert [\"x\"] @0", "B#1 B move [\"b\"] @2",
            ])
        var lost = RenderMessage(sendNumber: 1, from: "A", to: "server", op: "A#1")
        lost.endStep = 1
        lost.lost = true
        var toServer = RenderMessage(sendNumber: 2, from: "B", to: "server", op: "B#1")
        (toServer.sentStep, toServer.endStep) = (2, 3)
        var toA = RenderMessage(sendNumber: 3, from: "server", to: "A", op: "B#1", number: 1)
        (toA.sentStep, toA.endStep) = (3, 4)
        var toB = RenderMessage(sendNumber: 4, from: "server", to: "B", op: "B#1", number: 1)
        (toB.sentStep, toB.endStep) = (3, 5)  // delivered by quiesce
        #expect(r.messages == [lost, toServer, toA, toB])
        #expect(r.partitions.isEmpty)
        // The page opens at quiesce (step 5), where the checks failed.
        #expect(doc.firstFailingStep == 5 && doc.initialStep == 5)
        #expect(r.violations.map(\.step) == [5, 5, 5, 5])
        #expect(r.violations.map(\.check) == ["conservation", "conservation", "conservation", "intent"])
        #expect(r.violations.prefix(3).map(\.item) == ["x", "x", "x"])
        #expect(r.violations[3].ops == ["A#1", "B#1"] && r.violations[3].blame == ["A#1"])
        // Each step carries the replicas it changed, and only those.
        #expect(doc.steps.map { $0.replicaData.map(\.replica) } == [["A"], [], ["B"], ["server"], ["A"], [], []])
        #expect(doc.steps[4].replicaData[0].collections.map(\.items) == [["b", "a"]])
        // The step's own drawing: who acted, a delivery's receiver when a
        // client (the server has no engine), else the first.
        #expect(doc.steps.map(\.shownReplica) == ["A", "A", "B", "A", "A", "A", "A"])
    }

    /// 7.7 on the server model: quiesce re-sends A's lost insert and the
    /// server broadcasts it, all within the event: no arrow can name those
    /// three messages, so the step counts them.
    @Test func quiesceCountsTheMessagesItSentAndDeliveredWithinItself() throws {
        let (result, doc) = try render(Self.ackByAny)
        #expect(result.status == .pass)
        let r = try #require(doc.replicas)
        #expect(r.unseen == [RenderReplicas.Unseen(step: 5, count: 3)])
        #expect(r.messages.map(\.sendNumber) == [1, 2, 3, 4])
        #expect(r.violations.isEmpty && doc.firstFailingStep == nil)
        // A already showed [b, a, x] (its insert on top of B's move): B and the server catch up.
        #expect(doc.steps[5].replicaData.map(\.replica) == ["B", "server"])
        #expect(doc.steps[5].replicaData.map { $0.collections[0].items } == [["b", "a", "x"], ["b", "a", "x"]])
        #expect(HTMLRenderer.json(doc).contains(#""unseen":[[5,3]]"#))
    }

    /// A partition held from its step to `heal`, a duplicate (a copy of
    /// message 1), the original lost, and a message still in flight at the end.
    @Test func aPartitionADuplicateAndAMessageInFlight() throws {
        let dir = try Browser.temporaryDirectory("replicas")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("partition.jsonl")
        let lines = [
            #"{"format":"dragrec","version":3,"container":{"layout":{"kind":"list","width":320,"height":480,"rowHeight":40},"collections":[{"items":["a","b","c"]}]},"replicas":{"ids":["A","B"],"merge":"server"}}"#,
            #"{"type":"relocate","t":0,"replica":"A","items":["c"],"before":"a"}"#,
            #"{"type":"partition","t":1,"groups":[["A"],["B","server"]]}"#,
            #"{"type":"duplicate","t":2,"to":"server","from":"A"}"#,
            #"{"type":"lose","t":3,"to":"server","from":"A"}"#,
            #"{"type":"heal","t":4}"#,
            #"{"type":"deliver","t":5,"to":"server","from":"A"}"#,
            #"{"type":"deliver","t":6,"to":"B","from":"server"}"#,
        ]
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let (result, doc) = try render(file.path)
        #expect(result.status == .pass)
        let r = try #require(doc.replicas)
        #expect(r.partitions == [RenderPartition(groups: [["A"], ["B", "server"]], firstStep: 1, endStep: 4)])
        let summary = r.messages.map { m in
            "#\(m.sendNumber) \(m.from)>\(m.to) \(m.sentStep)-\(m.endStep.map(String.init) ?? "open")"
                + (m.lost ? " lost" : "") + (m.copyOf.map { " copy of #\($0)" } ?? "")
        }
        #expect(summary == ["#1 A>server 0-3 lost", "#2 A>server 2-5 copy of #1", "#3 server>A 5-open", "#4 server>B 5-6"])
        #expect(doc.firstFailingStep == nil)
        // The JSON the page reads: the channel once, at the top level.
        let json = HTMLRenderer.json(doc)
        #expect(json.contains(#""parts":[{"g":[["A"],["B","server"]],"a":1,"z":4}]"#))
        #expect(json.contains(#"{"n":2,"f":"A","to":"server","op":"A#1","a":2,"z":5,"c":1}"#))
        #expect(json.contains(#"{"n":3,"f":"server","to":"A","op":"A#1","num":1,"a":5,"z":null}"#))
        #expect(json.contains(#""rd":[["B",[[null,0,["c","a","b"]]]]]"#))
        #expect(json.contains(#""unseen":[]"#))
    }

    /// A recording of one replica has no `replicas` key at all.
    @Test func otherRecordingsHaveNoReplicas() throws {
        let (_, doc) = try render(packageRoot + "/corpora/reports/task-lands-one-row-too-far.jsonl")
        #expect(doc.replicas == nil)
        #expect(!HTMLRenderer.json(doc).contains(#""replicas""#))
    }
}
