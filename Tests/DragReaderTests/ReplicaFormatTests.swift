import DragReader
import DragRecording
import Foundation
import ReorderCore
import ReorderReplicas
import TestSupport
import Testing

/// Format version 3 (replicas-v1 1, 2, 5.1): the header's `replicas`, each
/// event's `replica`, the channel events and `expect.replicas`, read,
/// validated and written back byte for byte.
@Suite("Replica format (version 3)")
struct ReplicaFormatTests {
    static let examples = packageRoot + "/corpora/replicas/"

    static var exampleFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: examples)) ?? []).filter { $0.hasSuffix(".jsonl") }.sorted()
    }

    @Test("the spec's eight minimal scenarios read, and write back byte for byte", arguments: exampleFiles)
    func roundTrip(_ name: String) throws {
        let text = try String(contentsOfFile: Self.examples + name, encoding: .utf8)
        let (reader, events) = try readAll(text)
        let written =
            ([CanonicalWriter.line(for: reader.header)] + events.map { CanonicalWriter.line(for: $0.value) }).joined(
                separator: "\n") + "\n"
        #expect(written == text)
        #expect(reader.header.version == 3)
        #expect(reader.header.replicas?.ids == ["A", "B"])
        #expect(events.contains { if case .channel(.quiesce) = $0.value.kind { true } else { false } })
    }

    @Test("a server-mode header, its replicas, channel events and a per-replica expect, field by field")
    func fields() throws {
        let text = """
            {"format":"dragrec","version":3,"container":{"layout":{"kind":"board","width":600,"height":400,"columnWidth":200,"rowHeight":40},"collections":[{"id":"todo","items":["a","b"]},{"id":"done","items":[]}]},"replicas":{"ids":["A","B"],"merge":"server","deletes":"either","blocks":"per-item","channel":{"delivery":"auto","latency":30,"links":{"A>server":300}}}}
            {"type":"lift","t":0,"replica":"A","session":1,"items":["a"],"x":10,"y":10}
            {"type":"lift","t":0,"replica":"B","session":1,"items":["b"],"x":10,"y":50}
            {"type":"duplicate","t":1,"to":"server","from":"A","op":"A#1"}
            {"type":"partition","t":2,"groups":[["A","server"],["B"]]}
            {"type":"heal","t":3}
            {"type":"expect","t":4,"replica":"B","replicas":{"A":{"done":[],"todo":["a","b"]},"server":{"todo":["a","b"]}}}

            """
        let (reader, events) = try readAll(text)
        let r = try #require(reader.header.replicas)
        #expect(
            r
                == ReplicasSpec(
                    ids: ["A", "B"], merge: .server,
                    options: ReplicaOptions(
                        deletes: .either, blocks: .perItem, delivery: .auto(latency: 30, links: [Link(from: "A", to: "server"): 300]))))
        #expect(r.all == ["A", "B", "server"])
        #expect(
            events[0].value == RecordedEvent(t: 0, session: 1, .lift(items: ["a"], x: 10, y: 10, ops: .move, external: false), replica: "A")
        )
        #expect(events[1].value.replica == "B")
        #expect(events[2].value.kind == .channel(.duplicate(MessageSelector(to: "server", from: "A", op: OpID(origin: "A", seq: 1)))))
        #expect(events[3].value.kind == .channel(.partition(groups: [["A", "server"], ["B"]])))
        #expect(events[4].value.kind == .channel(.heal))
        guard case .expect(let e) = events[5].value.kind else {
            Issue.record("not an expect: \(events[5].value)")
            return
        }
        #expect(events[5].value.replica == "B")
        #expect(e.replicas == ["A": .collections(["done": [], "todo": ["a", "b"]]), "server": .collections(["todo": ["a", "b"]])])
        let written =
            ([CanonicalWriter.line(for: reader.header)] + events.map { CanonicalWriter.line(for: $0.value) }).joined(
                separator: "\n") + "\n"
        #expect(written == text)
    }

    @Test("version 3 content in an earlier file is an error at its line, not an ignored member")
    func earlierVersions() throws {
        let v1 = header + "\n" + #"{"type":"insert","t":0,"replica":"A","items":["x"]}"# + "\n"
        #expect(throws: RecordingError.self) { try readAll(v1) }
        do { _ = try readAll(v1) } catch {
            #expect("\(error)".contains(#"field "replica" needs a version 3 header (this file is version 1)"#), "\(error)")
        }
        let expect = header + "\n" + #"{"type":"expect","t":0,"replicas":{"A":["a"]}}"# + "\n"
        do { _ = try readAll(expect) } catch {
            #expect("\(error)".contains(#"field "replicas" needs a version 3 header (this file is version 1)"#), "\(error)")
        }
    }

    @Test("sessions are numbered per replica: session 0 may be active on two replicas at once")
    func sessionsPerReplica() throws {
        let text = """
            {"format":"dragrec","version":3,"container":{"layout":{"kind":"list","width":100,"height":400,"rowHeight":10},"collections":[{"items":["a","b","c"]}]},"replicas":{"ids":["A","B"],"merge":"causal"}}
            {"type":"lift","t":0,"replica":"A","items":["a"],"x":1,"y":1}
            {"type":"lift","t":0,"replica":"B","items":["a"],"x":1,"y":1}
            {"type":"drop","t":1,"replica":"B","x":1,"y":25}
            {"type":"move","t":2,"replica":"A","x":1,"y":15}

            """
        let (reader, events) = try readAll(text)
        #expect(events.count == 4)
        #expect(reader.validator.openReplicaSessions.map(\.replica) == ["A"])
        #expect(reader.validator.openReplicaSessions.first?.sessions == [0])
    }
}
