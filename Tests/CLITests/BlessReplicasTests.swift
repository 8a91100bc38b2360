import Foundation
import TestSupport
import Testing

/// `bless` of a version 3 recording: `expect.replicas` and an expect's
/// `replica` are rewritten to what the replay saw, never dropped, and a
/// recording that ends without an expect gets every replica's data.
@Suite("bless of replicas (version 3)")
struct BlessReplicasTests {
    static let header =
        #"{"format":"dragrec","version":3,"container":{"layout":{"kind":"list","width":320,"height":480,"rowHeight":40},"collections":[{"items":["a","b","c","d"]}]},"replicas":{"ids":["A","B"],"merge":"server"}}"#
    static let events = [
        #"{"type":"lift","t":0,"replica":"A","items":["d"],"x":10,"y":150}"#,
        #"{"type":"insert","t":1,"replica":"B","items":["x"],"index":1}"#,
        #"{"type":"deliver","t":2,"to":"server","from":"B"}"#,
        #"{"type":"drop","t":3,"replica":"A","x":10,"y":5}"#,
        #"{"type":"deliver","t":4,"to":"server","from":"A"}"#,
    ]

    func write(_ lines: [String]) throws -> String {
        let path = try temporaryDirectory("bless-v3") + "/r.jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("wrong replicas and a replica's own order are rewritten; the file then replays")
    func rewritesReplicaExpectations() throws {
        let path = try write(
            [Self.header] + Self.events + [
                #"{"type":"expect","t":4,"replica":"B","order":["a","b"]}"#,
                #"{"type":"quiesce","t":10}"#,
                #"{"type":"expect","t":10,"replicas":{"A":["a"],"server":["z"]}}"#,
            ])
        #expect(try runCLI(["replay", path]).code == 1)
        let bless = try runCLI(["bless", path])
        #expect(bless.code == 0, "\(bless.stdout)\(bless.stderr)")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 9)
        #expect(lines[6] == #"{"type":"expect","t":4,"replica":"B","order":["a","x","b","c","d"]}"#, "\(lines[6])")
        #expect(
            lines[8] == #"{"type":"expect","t":10,"replicas":{"A":["d","a","x","b","c"],"server":["d","a","x","b","c"]}}"#, "\(lines[8])")
        #expect(Array(lines[0...5]) == [Self.header] + Self.events)
        let replay = try runCLI(["replay", path])
        #expect(replay.code == 0, "\(replay.stdout)")
    }

    @Test("a recording without a final expect gets one with every replica's data, after the last event")
    func appendsEveryReplica() throws {
        let path = try write([Self.header] + Self.events + [#"{"type":"quiesce","t":10}"#])
        let bless = try runCLI(["bless", path])
        #expect(bless.code == 0, "\(bless.stdout)\(bless.stderr)")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(
            lines.last
                == #"{"type":"expect","t":10,"replicas":{"A":["d","a","x","b","c"],"B":["d","a","x","b","c"],"server":["d","a","x","b","c"]}}"#,
            "\(lines.last ?? "")")
        #expect(try runCLI(["replay", path]).code == 0)
    }
}
