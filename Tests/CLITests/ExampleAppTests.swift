import Foundation
import TestSupport
import Testing

/// The example apps of examples/apps/ under the CLI, as a user runs them:
/// the correct ones pass the corpus and give no finding; the Kanban board's
/// published `columnIndex(for:)` is found, and shrunk to a few lines.
@Suite("Example apps")
struct ExampleAppTests {
    static let correct = ["plain_lists", "sqlite_positions", "swipe_inbox"]

    func app(_ name: String) -> String { "python3 examples/apps/\(name).py" }

    @Test("a correct app passes every bundled recording", arguments: correct)
    func replaysCorpus(_ name: String) throws {
        let r = try runCLI(["replay", "--app", app(name), "corpora/regression", "corpora/reports"])
        #expect(r.code == 0, "\(r.stdout)\(r.stderr)")
        // Every recording, the version 2 swipe ones included (an app that does
        // not list "swipe" in `supports` is not asked about swipes).
        let count = corpus("regression").count + corpus("reports").count
        #expect(count >= 130)
        #expect(r.stdout.hasSuffix("\(count) passed, 0 failed, 0 errors\n"), "\(r.stdout)")
    }

    @Test("a correct app gives no finding in a seeded campaign", arguments: correct)
    func fuzzesClean(_ name: String) throws {
        let out = try temporaryDirectory("example-app")
        let r = try runCLI(["fuzz", "--app", app(name), "--runs", "400", "--out", out])
        #expect(r.code == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.hasPrefix("400 cases, ") && r.stdout.contains(" 0 failing, 0 findings"), "\(r.stdout)")
    }

    @Test("the Kanban board fails the bug report and the gap's right half at the drop, and passes the other board recordings")
    func kanbanReplay() throws {
        let r = try runCLI(["replay", "--app", app("kanban_board"), "corpora/reports/card-snaps-to-wrong-column.jsonl"])
        #expect(r.code == 1)
        #expect(
            r.stdout.contains(
                "corpora/reports/card-snaps-to-wrong-column.jsonl:7:1: error: app: configuration: "
                    + "answered move into \"backlog\", the model answers move -> \"doing\" before \"build\""), "\(r.stdout)")
        let boards = corpus("regression").filter { $0.contains("/board-") }
        #expect(boards.count >= 5)
        let board = try runCLI(["replay", "--app", app("kanban_board")] + boards)
        #expect(board.code == 1)
        let failing = board.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }
        // The right half of a gap belongs to the next column; columnIndex gives it to the left one.
        #expect(failing == ["FAIL \(packageRoot)/corpora/regression/board-gap-right-half-next-column.jsonl"], "\(board.stdout)")
        #expect(board.stdout.hasSuffix("\(boards.count - 1) passed, 1 failed, 0 errors\n"), "\(board.stdout)")
    }

    @Test(
        "a Kanban campaign finds the columnIndex bug: configuration findings of at most 6 event lines, one a drop in a column's first spacing/2 points"
    )
    func kanbanFuzz() throws {
        let out = try temporaryDirectory("kanban")
        let r = try runCLI(["fuzz", "--app", app("kanban_board"), "--runs", "300", "--out", out, "--format", "json"])
        #expect(r.code == 1, "\(r.stdout)\(r.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let findings = try #require(summary["findings"] as? [[String: Any]])
        #expect(!findings.isEmpty)
        var dropsNearEdge: [String] = []
        for finding in findings {
            #expect(finding["invariant"] as? String == "configuration", "\(finding)")
            #expect((finding["eventLines"] as? Int ?? 99) <= 6, "\(finding)")
            let path = try #require(finding["path"] as? String)
            let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
            let layout = try #require((header["container"] as? [String: Any])?["layout"] as? [String: Any])
            let width = try #require(layout["columnWidth"] as? Double)
            let spacing = layout["spacing"] as? Double ?? 0
            for line in lines.dropFirst() {
                let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                guard event["type"] as? String == "drop", let x = event["x"] as? Double else { continue }
                let pitch = width + spacing
                let column = (x / pitch).rounded(.down)
                if column >= 1, x - column * pitch < spacing / 2 { dropsNearEdge.append("\(path): x = \(x)") }
            }
            // The command the finding carries reproduces it; the model alone passes it.
            let replay = try runCLI(["replay", "--app", app("kanban_board"), path])
            #expect(replay.code == 1, "\(replay.stdout)")
            #expect(try runCLI(["replay", path]).code == 0)
        }
        #expect(!dropsNearEdge.isEmpty, "\(r.stdout)")
    }

    @Test("the example apps' own tests pass (exact answers to every request; thousands of random sequences against a reference)")
    func pythonTests() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "python3 -m unittest examples/apps/test_apps.py 2>&1"]
        p.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(output)")
        #expect(output.contains("\nOK"), "\(output)")
    }
}

@Suite("README")
struct ReadmeTests {
    @Test(
        "every Swift snippet of the README and every complete Swift file of docs/library.md is extracted, as CI compiles and runs them in examples/ConsumerPackage"
    )
    func snippetsAreCurrent() throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = [packageRoot + "/scripts/readme-snippets", "--check"]
        let pipe = Pipe()
        p.standardError = pipe
        try p.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(output)")
    }

    @Test("the README links only to files in the repository, and they exist")
    func links() throws {
        let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
        var targets: [String] = []
        var rest = readme[...]
        while let open = rest.range(of: "](") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: ")") else { break }
            targets.append(String(after[..<close]))
            rest = after[close...]
        }
        #expect(!targets.isEmpty)
        for target in targets where !target.hasPrefix("#") {
            #expect(!target.contains("://") && !target.hasPrefix(".."), "\(target)")
            let path = String(target.prefix { $0 != "#" })
            #expect(FileManager.default.fileExists(atPath: packageRoot + "/" + path), "\(target)")
        }
    }
}
