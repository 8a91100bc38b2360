import Foundation
import TestSupport
import Testing

/// `dragreplay fuzz --replicas N`: exit codes, the finding it writes and
/// `replay --merge-bug` of it, and the usage errors.
@Suite("fuzz --replicas")
struct ReplicaFuzzCLITests {
    @Test("a correct model: exit 0, the summary line, an empty findings folder")
    func cleanRun() throws {
        let out = try temporaryDirectory("rfuzz") + "/found"
        let r = try runCLI(["fuzz", "--replicas", "3", "--runs", "200", "--seed", "5", "--jobs", "2", "--out", out])
        #expect(r.code == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("fuzz --replicas 3 --merge causal: 200 cases, "), "\(r.stdout)")
        #expect(r.stdout.contains(" delivered (") && r.stdout.contains("intent-undecided") && r.stdout.contains("0 findings"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).isEmpty)
    }

    @Test("a buggy merge: exit 1, a finding named by its check that replay --merge-bug fails with that check")
    func findingReplays() throws {
        let out = try temporaryDirectory("rfuzz") + "/found"
        let r = try runCLI(["fuzz", "--replicas", "2", "--merge-bug", "ack-by-any", "--runs", "300", "--jobs", "1", "--out", out])
        #expect(r.code == 1, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("fuzz --replicas 2 --merge server --merge-bug ack-by-any: 300 cases"), "\(r.stdout)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(!files.isEmpty)
        for file in files {
            let check = String(file[..<file.lastIndex(of: "-")!])
            let replay = try runCLI(["replay", "--merge-bug", "ack-by-any", out + "/" + file])
            #expect(replay.code == 1, "\(replay.stdout)\(replay.stderr)")
            #expect(replay.stdout.contains("error: \(check):"), "\(replay.stdout)")
            #expect(r.stdout.contains("replay: dragreplay replay --merge-bug ack-by-any "))
        }
    }

    @Test(
        "usage errors exit 2 with a message",
        arguments: [
            (["--replicas", "1"], "'--replicas'"),
            (["--replicas", "9"], "'--replicas'"),
            (["--replicas", "2", "--merge", "causal", "--merge-bug", "no-dedupe"], "imitates the server model"),
            (["--replicas", "2", "--nemesis", "delay,jitter"], "'--nemesis'"),
            (["--replicas", "2", "--shard", "0/2"], "'--shard' is not yet with --replicas"),
            (["--replicas", "2", "--db", "x"], "'--db' is not yet with --replicas"),
            (["--replicas", "2", "--world", "x"], "'--world' is not yet with --replicas"),
            (["--merge", "server"], "'--merge' is only for 'fuzz --replicas N'"),
            (["--merge-bug", "ack-by-any"], "'--merge-bug' is only for 'fuzz --replicas N'"),
        ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        let r = try runCLI(["fuzz"] + arguments + ["--runs", "1", "--out", try temporaryDirectory("rfuzz")])
        #expect(r.code == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }
}
