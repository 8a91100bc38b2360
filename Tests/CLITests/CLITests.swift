import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

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
        let paths = [
            packageRoot + "/corpora/reports/task-lands-one-row-too-far.jsonl",
            packageRoot + "/corpora/regression/board-move-to-next-column.jsonl", bad,
        ]
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
        // The applier's placement failure at the drop, then the expect line.
        #expect((first["failures"] as? [[String: Any]])?.map { $0["line"] as? Int } == [5, 6])
        #expect(
            ((first["failures"] as? [[String: Any]])?.first?["message"] as? String)?.hasPrefix("applier insert-before-remove: placement: ")
                == true)
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
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]
            ) {
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

@Suite("CLI")
struct CLITests {
    @Test("check: diagnostics on stderr as path:line:column, exit 2; valid files exit 0")
    func check() throws {
        let bad = "Tests/DragReaderTests/BadInput/t-infinite.jsonl"
        let r = try runCLI(["check", bad, "corpora/reports"])
        #expect(r.code == 2)
        #expect(r.stderr.contains("\(bad):2:18: error: field \"t\" must be a finite number, got 1e999"))
        #expect(try runCLI(["check", "corpora"]).code == 0)
    }

    /// Issue 23, class 10: docs/format.md says 1e999 is an error, in any field.
    @Test(
        "check: an overflowing number outside the known fields is an input error at its field",
        arguments: [
            ("header", #","meta":{"f":1e999}}"#, "meta.f"), ("event", #","extra":-1e999}"#, "extra"),
        ])
    func overflowOutsideKnownFields(_ whereAdded: String, _ tail: String, _ field: String) throws {
        var lines = try String(contentsOfFile: "corpora/regression/list-backward-move.jsonl", encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = whereAdded == "header" ? 0 : 1
        lines[index] = String(lines[index].dropLast()) + tail
        let path = NSTemporaryDirectory() + "overflow-\(UUID().uuidString).jsonl"
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try runCLI(["check", path])
        #expect(r.code == 2, "\(r.stderr)")
        // The column of the innermost key, as for a known field.
        let key = "\"" + (field.split(separator: ".").last.map(String.init) ?? field) + "\""
        let keyOffset = try #require(tail.range(of: key)).lowerBound.utf16Offset(in: tail)
        let column = lines[index].utf8.count - tail.utf8.count + keyOffset + 1
        let shown = whereAdded == "header" ? "1e999" : "-1e999"
        #expect(
            r.stderr.contains("\(path):\(index + 1):\(column): error: field \"\(field)\" must be a finite number, got \(shown)"),
            "\(r.stderr)")
    }

    @Test(
        "usage errors say what was wrong and what was expected",
        arguments: [
            (
                ["replay", "--stict", "corpora"],
                "error: Unknown option '--stict' for 'replay'. Did you mean '--strict'? See 'dragreplay help replay'.\n"
            ),
            (
                ["replay", "--format", "xml", "corpora"],
                "error: Invalid value 'xml' for '--format'. (expected one of text, json, junit).\n"
            ),
            (["replai"], "error: Unknown command 'replai'. Did you mean 'replay'? See 'dragreplay --help'.\n"),
            (["replay"], "error: 'replay' needs at least one PATH (a recording, or a directory of *.jsonl).\n"),
            (["replay", "nowhere.jsonl"], "nowhere.jsonl: error: no such file or directory\n"),
            (["--verison"], "error: Unknown option '--verison'. Did you mean '--version'? See 'dragreplay --help'.\n"),
        ])
    func usage(arguments: [String], message: String) throws {
        let r = try runCLI(arguments)
        #expect(r.code == 2)
        #expect(r.stderr == message)
    }

    @Test(
        "help and version",
        arguments: [
            "--help", "help replay", "help render", "help check", "help bless", "help fuzz", "help explore", "help corpus merge",
            "help app",
            "--version",
        ])
    func help(arguments: String) throws {
        let r = try runCLI(arguments.split(separator: " ").map(String.init))
        #expect(r.code == 0)
        assertGolden(
            r.stdout, "help-" + arguments.replacingOccurrences(of: " ", with: "-").replacingOccurrences(of: "--", with: "") + ".txt")
    }

    @Test("fuzz findings of two shards merge into one corpus, duplicates dropped by invariant and shape")
    func corpusMerge() throws {
        let base = NSTemporaryDirectory() + "merge-\(UUID().uuidString)"
        for shard in ["0", "1"] {
            let r = try runCLI([
                "fuzz", "--applier", "insert-before-remove", "--runs", "2000", "--shard", "\(shard)/2", "--out", base + "/s\(shard)",
            ])
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
        #expect(try runCLI(["replay", "corpora/reports", "Tests/DragReaderTests/BadInput/x-nan.jsonl"]).code == 2)
    }
}
