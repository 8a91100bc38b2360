import Foundation
import TestSupport
import Testing

/// `fuzz --replicas N` and `replay` with apps that play replicas (protocol
/// 2): the example apps under examples/apps, and the usage errors.
@Suite("replica apps on the command line")
struct ReplicaAppCLITests {
    static func example(_ name: String) -> String { "python3 '\(packageRoot)/examples/apps/\(name).py'" }

    @Test("the correct example apps: exit 0, the summary names them, no finding", arguments: ["server", "causal"])
    func clean(model: String) throws {
        let out = try temporaryDirectory("rapp") + "/found"
        let apps =
            model == "server"
            ? ["--app", Self.example("rebase_server"), "--app-server", Self.example("rebase_server")]
            : ["--app", Self.example("causal_peer")]
        let r = try runCLI(["fuzz", "--replicas", "3", "--merge", model, "--runs", "120", "--jobs", "2", "--out", out] + apps)
        #expect(r.code == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.hasPrefix("fuzz --replicas 3 --merge \(model) --app "), "\(r.stdout)")
        #expect(r.stdout.contains(": 120 cases, 120 replicated sessions, ") && r.stdout.contains("0 findings"), "\(r.stdout)")
    }

    @Test("Trello's position column: an intent finding, shrunk to 2 ops, that replay with the apps fails and replay without passes")
    func trello() throws {
        let out = try temporaryDirectory("rapp") + "/found"
        let apps = ["--app", Self.example("trello_positions"), "--app-server", Self.example("trello_positions")]
        let r = try runCLI(["fuzz", "--replicas", "3", "--merge", "server", "--runs", "300", "--jobs", "1", "--out", out] + apps)
        #expect(r.code == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("(a merge of its own: the model-free checks only, no reference)"), "\(r.stdout)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        let intent = try #require(files.first { $0.hasPrefix("intent-") })
        #expect(r.stdout.contains("to 2 and "), "\(r.stdout)")
        let replay = try runCLI(["replay"] + apps + [out + "/" + intent])
        #expect(replay.code == 1 && replay.stdout.contains("error: intent:"), "\(replay.stdout)\(replay.stderr)")
        #expect(try runCLI(["replay", out + "/" + intent]).code == 0, "the model alone passes it")
        let page = out + "/page.html"
        let render = try runCLI(["render"] + apps + ["-o", page, out + "/" + intent])
        #expect(render.code == 0 && render.stdout.hasPrefix("FAIL "), "render plays the apps too: \(render.stdout)\(render.stderr)")
        let text = try String(contentsOfFile: out + "/" + intent, encoding: .utf8)
        #expect(text.contains(#""app":"--app "#), "the finding's meta names the apps")
    }

    @Test(
        "usage errors exit 2 with a message",
        arguments: [
            (["--merge", "causal", "--app-server", "x"], "'--app-server' plays the server of '--merge server'"),
            (["--app-replica", "Q=x"], "'--app-replica Q=...' names no replica of the campaign (A, B)"),
            (["--app-replica", "A"], "expected ID=COMMAND"),
            (["--app", "x", "--merge-bug", "no-dedupe"], "exclude each other"),
        ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        let r = try runCLI(["fuzz", "--replicas", "2"] + arguments + ["--runs", "1", "--out", try temporaryDirectory("rapp")])
        #expect(r.code == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }

    @Test("a merge-own app beside replicas the model plays is refused; a replica-only app refuses recordings without replicas")
    func refusals() throws {
        let trello = Self.example("trello_positions")
        let r = try runCLI([
            "fuzz", "--replicas", "2", "--merge", "server", "--app", trello, "--runs", "1", "--out", try temporaryDirectory("rapp"),
        ])
        #expect(r.code == 2 && r.stderr.contains("cannot sync with replicas the model plays"), "\(r.stderr)")
        let replay = try runCLI(["replay", "--app", Self.example("causal_peer"), "\(packageRoot)/corpora/regression"])
        #expect(replay.code == 2)
        #expect(replay.stdout.contains("the app plays replicas only"), "\(replay.stdout)")
    }
}
