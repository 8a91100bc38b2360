import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import DragReplay
import DragRecording
import ReorderCore

@Suite("Corpora")
struct CorpusTests {
    @Test("the corpora are big enough")
    func sizes() {
        #expect(corpus("regression").count >= 40)
        #expect(corpus("reports").count >= 5)
    }

    @Test("every recording passes with canonical", arguments: corpus("regression") + corpus("reports"))
    func canonical(path: String) {
        let r = Replayer().run(path: path)
        #expect(r.status == .pass, "\(r.failures) \(String(describing: r.error))")
    }

    /// The README's table: which bug reports fail under which applier.
    static let expectedFailures: [String: Set<String>] = [
        "canonical": [],
        "offsets": ["card-snaps-to-wrong-column.jsonl", "multi-selection-comes-back-reordered.jsonl", "row-moves-wrong-after-sync.jsonl"],
        "array-order": ["multi-selection-comes-back-reordered.jsonl"],
        "self-anchor-to-end": [],
        "insert-before-remove": ["task-lands-one-row-too-far.jsonl", "tile-snaps-back-during-sync.jsonl", "two-songs-drop-one-slot-too-far.jsonl"],
    ]

    @Test("bug reports fail exactly under the appliers that have their bug", arguments: Applier<String, String?>.builtInNames)
    func reportMatrix(applier: String) {
        let failing = Set(corpus("reports").filter { Replayer(options: .init(applier: .named(applier)!)).run(path: $0).status == .fail }
            .map { ($0 as NSString).lastPathComponent })
        #expect(failing == Self.expectedFailures[applier])
    }

    @Test("each buggy applier fails some regression recording; self-anchor-to-end cannot be reached through sessions")
    func regressionCatchesBugs() {
        for name in ["offsets", "array-order", "insert-before-remove"] {
            let failing = corpus("regression").filter { Replayer(options: .init(applier: .named(name)!)).run(path: $0).status == .fail }
            #expect(!failing.isEmpty, "\(name)")
        }
    }
}

@Suite("Replayer")
struct ReplayerTests {
    let header = #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10},"collections":[{"items":["a","b","c"]}]}}"#

    @Test("failures name the line and say what was expected and what happened")
    func failures() throws {
        let path = try writeTemporary(header + "\n" + #"{"type":"lift","t":0,"items":["a"],"x":5,"y":5}"# + "\n" + #"{"type":"drop","t":1,"x":5,"y":99}"# + "\n"
            + #"{"type":"expect","t":2,"order":["a","b","c"],"outcome":"cancelled","operation":"forbidden","difference":{"sources":["b"],"before":null}}"# + "\n")
        let r = Replayer().run(path: path)
        #expect(r.status == .fail)
        #expect(r.failures == [
            LineMessage(line: 4, message: #"expected order ["a", "b", "c"], got ["b", "c", "a"]"#),
            LineMessage(line: 4, message: #"expected outcome "cancelled" for the latest session, got "moved" (line 3)"#),
            LineMessage(line: 4, message: #"expected difference sources ["b"] at the end, got sources ["a"] at the end"#),
            LineMessage(line: 4, message: #"expected operation "forbidden", got "move""#),
        ])
        #expect(r.final == [FinalCollection(id: nil, items: ["b", "c", "a"])])
    }

    @Test("an input error keeps what replayed before it and reports the line")
    func inputError() throws {
        let path = try writeTemporary(header + "\n" + #"{"type":"lift","t":0,"items":["a"],"x":5,"y":5}"# + "\n" + #"{"type":"drop","t":1,"x":5,"y":99}"# + "\n" + #"{"type":"move","t":2,"x":1,"y":1}"# + "\n")
        var outcomes: [ReportedOutcome] = []
        let r = Replayer().run(path: path, onOutcome: { outcomes.append($0) })
        #expect(r.status == .error)
        #expect(r.error?.line == 4)
        #expect(r.error?.message == "move on session 0, which has no active lift")
        #expect(outcomes == [ReportedOutcome(session: 0, outcome: .moved, line: 3)])
        #expect(r.final == [FinalCollection(id: nil, items: ["b", "c", "a"])])
    }

    @Test("--strict turns warnings into failures")
    func strict() throws {
        let path = try writeTemporary(header + "\n" + #"{"type":"delete","t":0,"items":["zz"]}"# + "\n")
        #expect(Replayer().run(path: path).status == .pass)
        let r = Replayer(options: .init(strict: true)).run(path: path)
        #expect(r.status == .fail)
        #expect(r.failures == [LineMessage(line: 2, message: #"warning treated as failure (--strict): delete: item "zz" does not exist; skipped"#)])
    }

    @Test("warnings at the end: active sessions and pending differences")
    func endWarnings() throws {
        let path = try writeTemporary(header + "\n" + #"{"type":"lift","t":0,"items":["a"],"x":5,"y":5}"# + "\n" + #"{"type":"drop","t":1,"x":5,"y":99,"apply":"deferred"}"# + "\n"
            + #"{"type":"lift","t":2,"session":1,"items":["b"],"x":5,"y":5}"# + "\n")
        let r = Replayer().run(path: path)
        #expect(r.warnings.map(\.message) == ["session 1: the recording ends with the drag still active",
                                              "session 0: the recording ends with a deferred difference never applied"])
        #expect(r.status == .pass)
    }

    @Test("the trace shows event, answer, outcome and data")
    func trace() throws {
        var steps: [TraceStep] = []
        _ = Replayer(options: .init(trace: true)).run(path: packageRoot + "/corpora/reports/task-lands-one-row-too-far.jsonl", onTrace: { steps.append($0) })
        let text = steps.map(\.text).joined()
        #expect(try matchesGolden(text, "trace-task-lands-one-row-too-far.txt"), "\(text)")
        #expect(text.contains("answer: move -> before \"pay-rent\""))
        #expect(text.contains("outcome: session 0 moved"))
    }
}

@Suite("Reports")
struct ReportTests {
    func report(_ format: String, _ paths: [String], applier: String = "canonical") throws -> (Int32, String) {
        let out = NSTemporaryDirectory() + "report-\(UUID().uuidString)"
        let r = try runCLI(["replay", "--format", format, "--applier", applier, "-o", out] + paths)
        return (r.code, try String(contentsOfFile: out, encoding: .utf8))
    }

    @Test("the JSON report parses back with the contract's fields")
    func json() throws {
        let bad = try writeTemporary("{\"format\":\"dragrec\",\"version\":1}\n")
        let paths = [packageRoot + "/corpora/reports/task-lands-one-row-too-far.jsonl", packageRoot + "/corpora/regression/board-move-to-next-column.jsonl", bad]
        let (code, text) = try report("json", paths, applier: "insert-before-remove")
        #expect(code == 2)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(root["passed"] as? Int == 1)
        #expect(root["failed"] as? Int == 1)
        #expect(root["errors"] as? Int == 1)
        let recordings = try #require(root["recordings"] as? [[String: Any]])
        #expect(recordings.map { $0["status"] as? String } == ["fail", "pass", "error"])
        let first = recordings[0]
        #expect(first["path"] as? String == paths[0])
        #expect((first["final"] as? [[String: Any]])?.first?["items"] as? [String] == ["call-mom", "pay-rent", "buy-milk", "walk-dog"])
        #expect((first["final"] as? [[String: Any]])?.first?["id"] is NSNull)
        #expect((first["outcomes"] as? [[String: Any]])?.first?["outcome"] as? String == "moved")
        #expect((first["outcomes"] as? [[String: Any]])?.first?["line"] as? Int == 5)
        #expect((first["failures"] as? [[String: Any]])?.first?["line"] as? Int == 6)
        #expect(first["error"] == nil)
        let board = recordings[1]
        #expect((board["final"] as? [[String: Any]])?.map { $0["id"] as? String } == ["todo", "doing", "done"])
        let error = try #require(recordings[2]["error"] as? [String: Any])
        #expect(error["line"] as? Int == 1)
        #expect((error["message"] as? String)?.contains("container") == true)
        #expect(error["column"] as? Int == 1)
    }

    @Test("the JUnit report is well-formed XML with one test case per recording")
    func junit() throws {
        let paths = corpus("reports")
        let (code, text) = try report("junit", paths, applier: "offsets")
        #expect(code == 1)
        let parser = XMLParser(data: Data(text.utf8))
        final class Counter: NSObject, XMLParserDelegate {
            var cases = 0, failures = 0
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
                if name == "testcase" { cases += 1 }
                if name == "failure" { failures += 1 }
            }
        }
        let counter = Counter()
        parser.delegate = counter
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        #expect(counter.cases == paths.count)
        #expect(counter.failures == 3)
    }
}

@Suite("Bless")
struct BlessTests {
    @Test("rewrites expect lines to today's result and touches nothing else")
    func rewrites() throws {
        let path = try temporaryCopy(of: packageRoot + "/corpora/reports/task-lands-one-row-too-far.jsonl")
        let original = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        // Under the buggy applier the replay differs: bless records that.
        let r = try bless(path: path, options: ReplayOptions(applier: .insertBeforeRemove))
        #expect(r.rewritten == [6])
        #expect(!r.appendedFinal)
        let now = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(now.count == original.count)
        for i in now.indices where i != 5 { #expect(now[i] == original[i]) }
        #expect(now[5] == #"{"type":"expect","t":64,"order":["call-mom","pay-rent","buy-milk","walk-dog"],"outcome":"moved","difference":{"sources":["buy-milk"],"before":"pay-rent"}}"#)
        #expect(Replayer(options: .init(applier: .insertBeforeRemove)).run(path: path).status == .pass)
        #expect(Replayer().run(path: path).status == .fail)
    }

    @Test("adds a final expect to a recording that does not end with one")
    func appendsFinal() throws {
        let text = #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10},"collections":[{"items":["a","b","c"]}]}}"# + "\n"
            + #"{"type":"lift","t":0,"items":["c"],"x":5,"y":25}"# + "\n" + #"{"type":"drop","t":7,"x":5,"y":2}"# + "\n"
        let path = try writeTemporary(text)
        let r = try bless(path: path)
        #expect(r.appendedFinal)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text
            + #"{"type":"expect","t":7,"order":["c","a","b"],"outcome":"moved","difference":{"sources":["c"],"before":"a"}}"# + "\n")
        #expect(Replayer(options: .init(strict: true)).run(path: path).status == .pass)
    }

    @Test("refuses a file with an input error and leaves it alone")
    func refusesBadInput() throws {
        let text = "{\"format\":\"dragrec\",\"version\":1}\n"
        let path = try writeTemporary(text)
        #expect(throws: RecordingError.self) { try bless(path: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }
}

@Suite("CLI")
struct CLITests {
    @Test("check: diagnostics on stderr as path:line:column, exit 2; valid files exit 0")
    func check() throws {
        let bad = "Tests/DragRecordingTests/BadInput/t-infinite.jsonl"
        let r = try runCLI(["check", bad, "corpora/reports"])
        #expect(r.code == 2)
        #expect(r.stderr.contains("\(bad):2:18: error: field \"t\" must be a finite number, got 1e999"))
        #expect(try runCLI(["check", "corpora"]).code == 0)
    }

    @Test("usage errors say what was wrong and what was expected", arguments: [
        (["replay", "--stict", "corpora"], "error: Unknown option '--stict' for 'replay'. Did you mean '--strict'? See 'dragreplay help replay'.\n"),
        (["replay", "--format", "xml", "corpora"], "error: Invalid value 'xml' for '--format'. (expected one of text, json, junit).\n"),
        (["replai"], "error: Unknown command 'replai'. Did you mean 'replay'? See 'dragreplay --help'.\n"),
        (["replay"], "error: 'replay' needs at least one PATH (a recording, or a directory of *.jsonl).\n"),
        (["replay", "nowhere.jsonl"], "error: nowhere.jsonl: error: no such file or directory\n"),
        (["--verison"], "error: Unknown option '--verison'. Did you mean '--version'? See 'dragreplay --help'.\n"),
    ])
    func usage(arguments: [String], message: String) throws {
        let r = try runCLI(arguments)
        #expect(r.code == 2)
        #expect(r.stderr == message)
    }

    @Test("help and version", arguments: ["--help", "help replay", "help check", "help bless", "help fuzz", "help explore", "help corpus merge", "--version"])
    func help(arguments: String) throws {
        let r = try runCLI(arguments.split(separator: " ").map(String.init))
        #expect(r.code == 0)
        #expect(try matchesGolden(r.stdout, "help-" + arguments.replacingOccurrences(of: " ", with: "-").replacingOccurrences(of: "--", with: "") + ".txt"), "\(r.stdout)")
    }

    @Test("fuzz findings of two shards merge into one corpus, duplicates dropped by invariant and shape")
    func corpusMerge() throws {
        let base = NSTemporaryDirectory() + "merge-\(UUID().uuidString)"
        for shard in ["0", "1"] {
            let r = try runCLI(["fuzz", "--applier", "insert-before-remove", "--runs", "2000", "--shard", "\(shard)/2", "--out", base + "/s\(shard)"])
            #expect(r.code == 1)
        }
        // A second copy of shard 0 under other names: the same invariants and shapes.
        let s0 = try FileManager.default.contentsOfDirectory(atPath: base + "/s0")
        let s1 = try FileManager.default.contentsOfDirectory(atPath: base + "/s1")
        try FileManager.default.createDirectory(atPath: base + "/again", withIntermediateDirectories: true)
        for f in s0 { try FileManager.default.copyItem(atPath: base + "/s0/" + f, toPath: base + "/again/copy-" + f) }
        let r = try runCLI(["corpus", "merge", base + "/again", base + "/s0", base + "/s1", "-o", base + "/merged"])
        #expect(r.code == 0)
        let merged = try FileManager.default.contentsOfDirectory(atPath: base + "/merged")
        let total = 2 * s0.count + s1.count
        #expect(merged.count <= s0.count + s1.count)
        #expect(merged.count >= s0.count)
        #expect(r.stdout.contains("merged \(total) recordings: \(merged.count) kept, \(total - merged.count) duplicates, 0 invalid"))
        // Each kept finding still reproduces its bug.
        for f in merged { #expect(try runCLI(["replay", "--applier", "insert-before-remove", base + "/merged/" + f]).code == 1) }
    }

    @Test("replay exit codes: 0 pass, 1 failed expectation, 2 input error")
    func exitCodes() throws {
        #expect(try runCLI(["replay", "corpora"]).code == 0)
        #expect(try runCLI(["replay", "--applier", "array-order", "corpora/reports"]).code == 1)
        #expect(try runCLI(["replay", "corpora/reports", "Tests/DragRecordingTests/BadInput/x-nan.jsonl"]).code == 2)
    }
}
