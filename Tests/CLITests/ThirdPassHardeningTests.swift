import Foundation
import TestSupport
import Testing

/// Issue 44, third pass: `--time` is a deadline (class 7), an app's last
/// answer given twice, the IDs it invents and its long answers (class 8),
/// and a coverage requirement no run can meet (class 11), through the CLI
/// with tiny apps the tests write.
@Suite("Hardening, third pass (issue 44)", .serialized)
struct ThirdPassHardeningTests {
    /// A python app over `plain_lists.py` (or `swipe_inbox.py`) whose loop
    /// runs `body` with `request` and `answer` in scope, written to a scratch file.
    func app(_ name: String, swipe: Bool = false, _ body: String) throws -> String {
        let directory = try temporaryDirectory("third-pass-app")
        let path = "\(directory)/\(name).py"
        let make = swipe ? "swipe_inbox.SwipeInbox()" : "plain_lists.App()"
        let script = """
            import json, sys, time
            sys.path.insert(0, \(String(reflecting: packageRoot + "/examples/apps")))
            import plain_lists, swipe_inbox
            app = \(make)
            for line in sys.stdin.buffer:
                request = json.loads(line)
                answer = app.handle(request)
            \(body.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
                print(json.dumps(answer), flush=True)
                if request.get("op") == "bye":
                    break

            """
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        return "python3 \(path)"
    }

    // MARK: Class 7

    @Test("class 7: --time 1 with an app answering in 50 ms ends about a second in (was 43.6 s), nothing counted as failing")
    func slowApp() throws {
        let slow = try app("slow", "if request.get(\"op\") != \"hello\": time.sleep(0.05)")
        let out = try temporaryDirectory("slow-out")
        let (r, seconds) = try timedCLI(["fuzz", "--app", slow, "--app-timeout", "5", "--time", "1", "--jobs", "1", "--out", out])
        #expect(r.code == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains(" sessions, 0 failing, 0 findings"), "\(r.stdout)")
        // The deadline, the app's start and its bye; at most one app timeout (5 s) past it.
        #expect(seconds < 1 + 5, "\(seconds) s")
        #expect(try findings(out).isEmpty)
    }

    @Test("class 7: --time 1 with an app that never answers and --app-timeout 1 ends within the timeout of the deadline (was 276 s)")
    func silentApp() throws {
        let silent = try app("silent", "if request.get(\"op\") != \"hello\": time.sleep(3600)")
        let out = try temporaryDirectory("silent-out")
        let (r, seconds) = try timedCLI(["fuzz", "--app", silent, "--app-timeout", "1", "--time", "1", "--jobs", "1", "--out", out])
        // The wait the deadline cut short is not the app's timeout: no case, no finding.
        #expect(r.code == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.hasPrefix("0 cases, 0 sessions, 0 failing, 0 findings"), "\(r.stdout)")
        // Exit 0 (nothing failed) says that nothing ran.
        #expect(
            r.stderr.contains(
                "fuzz: warning: no case completed, so the code under test was not exercised "
                    + "(the time ran out first: give --time more, or see why the code under test answers slowly)\n"), "\(r.stderr)")
        #expect(seconds < 1 + 1 + 3, "\(seconds) s")
        #expect(try findings(out).isEmpty)
    }

    @Test("a shard with no share of --runs exits 0 and says the code under test was not exercised")
    func emptyShard() throws {
        let r = try runCLI(["fuzz", "--runs", "1", "--shard", "1/2", "--out", try temporaryDirectory("empty-shard")])
        #expect(r.code == 0)
        #expect(r.stdout.hasPrefix("0 cases, 0 sessions, 0 failing, 0 findings"), "\(r.stdout)")
        #expect(
            r.stderr.hasSuffix(
                "fuzz: warning: no case completed, so the code under test was not exercised (this shard's share of --runs is none)\n"),
            "\(r.stderr)")
    }

    @Test("--require-coverage with no case completed is unmet: exit 1")
    func emptyShardRequiringCoverage() throws {
        let r = try runCLI(["fuzz", "--runs", "1", "--shard", "1/2", "--require-coverage", "--out", try temporaryDirectory("empty-shard")])
        #expect(r.code == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("coverage: no case completed, so nothing was covered\n"), "\(r.stdout)")
    }

    @Test(
        "class 7: a crashing app under --time 4: its first crash is written as it comes, the run ends near the deadline (was 83.8 s for 30)"
    )
    func crashingApp() throws {
        let crashing = try app("crashing", "if request.get(\"op\") == \"reset\": sys.exit(3)")
        let out = try temporaryDirectory("crash-out")
        let (r, seconds) = try timedCLI(["fuzz", "--app", crashing, "--app-timeout", "2", "--time", "4", "--jobs", "1", "--out", out])
        #expect(r.code == 1, "\(r.stdout)\(r.stderr)")
        let written = try findings(out)
        #expect(!written.isEmpty && written.allSatisfy { $0.hasPrefix("app-crash-") }, "\(written) \(r.stdout)")
        #expect(r.stdout.contains("app-crash [sessions, case 0, 1 event lines]: the app exited with status 3"), "\(r.stdout)")
        #expect(seconds < 4 + 2 + 3, "\(seconds) s")
    }

    @Test("class 7: --db replay stops at the deadline: the rest is named as not replayed, not failed, and the run ends")
    func databaseReplay() throws {
        let slow = try app("slow", "if request.get(\"op\") != \"hello\": time.sleep(0.05)")
        let db = try temporaryDirectory("slow-db")
        let regression = packageRoot + "/corpora/regression"
        let names = try FileManager.default.contentsOfDirectory(atPath: regression).filter {
            $0.hasPrefix("list-") && $0.hasSuffix(".jsonl")
        }
        for name in names { try FileManager.default.copyItem(atPath: "\(regression)/\(name)", toPath: "\(db)/\(name)") }
        #expect(names.count >= 10)
        let out = try temporaryDirectory("slow-db-out")
        let (r, seconds) = try timedCLI(["fuzz", "--app", slow, "--time", "1", "--jobs", "1", "--db", db, "--out", out, "--format", "json"])
        #expect(r.code == 0, "\(r.stdout)\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let database = try #require(json["db"] as? [String: Any])
        let skipped = try #require(database["notReplayed"] as? [String])
        let passed = try #require(database["nowPassing"] as? [String])
        #expect(!skipped.isEmpty && skipped.count + passed.count == names.count, "\(database)")
        #expect((database["stillFailing"] as? [String]) == [])
        #expect(r.stderr.contains(", \(skipped.count) not replayed (--time ran out)"), "\(r.stderr)")
        #expect(seconds < 1 + 10, "\(seconds) s")
    }

    // MARK: Class 6

    @Test("class 6: a world file whose newItems n# would repeat its item n0 is refused before any case (its findings repeated n0)")
    func worldNewItemsClash() throws {
        let directory = try temporaryDirectory("clash-world")
        let header = #"""
            {"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":400,"rowHeight":10},"collections":[{"id":"a","items":["n0","n1","n2","n3"]}]},"world":{"newItems":"n#","drops":{"a":["move","copy"]}}}

            """#
        try header.write(toFile: "\(directory)/clash.jsonl", atomically: true, encoding: .utf8)
        let out = try temporaryDirectory("clash-out")
        let r = try runCLI(
            ["fuzz", "--world", "clash.jsonl", "--applier", "insert-before-remove", "--runs", "300", "--jobs", "1", "--out", out],
            cwd: directory)
        #expect(r.code == 2, "\(r.stdout)\(r.stderr)")
        #expect(
            r.stderr
                == #"error: '--world' clash.jsonl: world.newItems "n#" would give a new item the ID "n0", which the world already has; choose a form none of its items has"#
                + "\n")
        #expect(try findings(out).isEmpty)
    }

    // MARK: Class 8

    @Test("class 8: an app that answers the last request twice in one write fails replay --app at the last line (it passed)")
    func lastAnswerTwice() throws {
        let path = "corpora/regression/list-backward-move.jsonl"
        let r = try runCLI(["replay", "--app", "python3 Tests/CLITests/Apps/broken_app.py extra-answer", path])
        #expect(r.code == 1, "\(r.stdout)\(r.stderr)")
        #expect(
            r.stdout.contains(
                "  \(path):4:1: error: app: app-protocol: the app wrote an answer with no request outstanding"),
            "\(r.stdout)")
    }

    @Test("class 8: IDs an app invents are quoted as the app wrote them (\"zz\", \"yy\"), not as generated names (card-new--9)")
    func inventedIDs() throws {
        let appends = try app(
            "appends", "if request.get(\"op\") == \"reset\":\n    answer[\"collections\"][0][\"items\"] += [\"zz\", \"yy\"]")
        let out = try temporaryDirectory("appends-out")
        let r = try runCLI([
            "fuzz", "--app", appends, "--world", "examples/worlds/kanban.jsonl", "--runs", "2", "--jobs", "1", "--out", out,
        ])
        #expect(r.code == 1, "\(r.stdout)\(r.stderr)")
        #expect(
            r.stdout.contains(
                #"reset gave ["card-1", "card-2", "card-3", "zz", "yy"] | ["card-4"] | ["card-5", "card-6"] | ["bug", "feature"], expected"#
            ),
            "\(r.stdout)")
        #expect(!r.stdout.contains("card-new--"), "\(r.stdout)")
    }

    @Test(
        "class 8: a labels answer of 150,000 strings is clipped in the finding's message; the finding is written and reads (was exit 2, lost)"
    )
    func longAnswer() throws {
        let labels = try app(
            "labels", swipe: true,
            "if request.get(\"op\") == \"labels\":\n    answer[\"labels\"] = [\"label%d\" % k for k in range(150000)]")
        let out = try temporaryDirectory("labels-out")
        let r = try runCLI(["fuzz", "--app", labels, "--runs", "40", "--time", "20", "--jobs", "1", "--out", out])
        #expect(r.code == 1, "\(r.stdout)\(r.stderr)")
        #expect(!r.stderr.contains("not written"), "\(r.stderr)")
        let written = try findings(out)
        #expect(!written.isEmpty && written.allSatisfy { $0.hasPrefix("fresh-labels-") }, "\(written)")
        for name in written {
            let text = try String(contentsOfFile: "\(out)/\(name)", encoding: .utf8)
            let header = try #require(text.split(separator: "\n").first)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(header.utf8)) as? [String: Any])
            let description = try #require((object["meta"] as? [String: Any])?["description"] as? String)
            #expect(description.utf8.count < 4096 + 40 && description.contains(" more bytes)"), "\(description.suffix(200))")
            #expect(try runCLI(["check", "\(out)/\(name)"]).code == 0)
        }
    }

    // MARK: Class 11

    @Test("class 11: --require-coverage in a world where only copy may drop into a and no lift offers copy: a is not required, and said so")
    func unreachableCoverage() throws {
        let directory = try temporaryDirectory("unreachable-world")
        let world = "\(directory)/world.jsonl"
        let header = #"""
            {"format":"dragrec","version":1,"container":{"layout":{"kind":"board","width":200,"height":400,"columnWidth":90,"spacing":10,"rowHeight":20},"collections":[{"id":"a","items":[]},{"id":"b","items":["b1","b2","b3"]}]},"world":{"drops":{"a":["copy"]},"external":[["move"]]}}

            """#
        try header.write(toFile: world, atomically: true, encoding: .utf8)
        let out = try temporaryDirectory("unreachable-out")
        let r = try runCLI(["fuzz", "--world", world, "--runs", "200", "--require-coverage", "--out", out])
        #expect(r.code == 0, "\(r.stdout)\(r.stderr)")
        #expect(
            r.stdout.contains(
                #"coverage: collection "a" is not required: the world's rules make a drop into it unreachable (a drop into it allows only copy, and no lift offers copy)"#
            ), "\(r.stdout)")
        #expect(!r.stdout.contains("never received a drop"), "\(r.stdout)")
    }
}
