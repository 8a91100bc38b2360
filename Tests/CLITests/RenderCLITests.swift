import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// `dragreplay render`, `fuzz --render`, `explore --render` and the JUnit
/// report's link, as a user runs them. What the page looks like in a browser
/// is DragRenderTests' business.
@Suite("render")
struct RenderCLITests {
    /// A copy of a bundled report in a fresh directory, so pages land beside it.
    func report(_ name: String) throws -> String {
        let dir = try temporaryDirectory("render")
        let path = dir + "/" + name + ".jsonl"
        try FileManager.default.copyItem(atPath: packageRoot + "/corpora/reports/" + name + ".jsonl", toPath: path)
        return path
    }

    func html(_ recording: String) -> String { String(recording.dropLast(".jsonl".count)) + ".html" }

    @Test("the page goes beside the recording; a failing recording is drawn and exits 0")
    func pageBesideTheRecording() throws {
        let path = try report("task-lands-one-row-too-far")
        let r = try runCLI(["render", "--applier", "insert-before-remove", path])
        #expect(r.code == 0, "\(r.stderr)")
        #expect(r.stdout == "FAIL \(path): 5 events, 4 steps, 2 failing -> \(html(path))\n")
        #expect(r.stderr == "")
        let page = try readText(html(path))
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.hasSuffix("</html>\n"))
        #expect(page.contains("\"firstFailing\":2") && page.contains("\"status\":\"fail\""))
        #expect(page.contains("\"subject\":\"applier insert-before-remove\""))
        // Canonical passes it; -o names the file.
        let out = try temporaryDirectory("render") + "/page.html"
        let pass = try runCLI(["render", path, "-o", out])
        #expect(pass.code == 0 && pass.stdout == "PASS \(path): 5 events, 4 steps, 0 failing -> \(out)\n")
        #expect(try readText(out).contains("\"firstFailing\":null"))
    }

    @Test("-o - writes the page to standard output and the summary to standard error")
    func standardOutput() throws {
        let path = try report("card-snaps-to-wrong-column")
        let r = try runCLI(["render", "-o", "-", path])
        #expect(r.code == 0)
        #expect(r.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(r.stderr == "PASS \(path): 7 events, 7 steps, 0 failing -> standard output\n")
        #expect(!FileManager.default.fileExists(atPath: html(path)))
    }

    @Test("--format svg draws one step: the first failure by default, or --step N")
    func svg() throws {
        let path = try report("task-lands-one-row-too-far")
        let r = try runCLI(["render", "--format", "svg", "--applier", "insert-before-remove", path])
        #expect(r.code == 0, "\(r.stderr)")
        let svgPath = String(path.dropLast(".jsonl".count)) + ".svg"
        let svg = try readText(svgPath)
        #expect(svg.hasPrefix("<?xml") && svg.contains("— step 3 of 4</title>"))  // index 2, counted from 1
        #expect(svg.contains("class=\"placeholder\"") && svg.contains("placement: "))
        let parser = XMLParser(data: Data(svg.utf8))
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        let one = try runCLI(["render", "--format", "svg", "--step", "1", "-o", "-", path])
        #expect(one.code == 0 && one.stdout.contains("— step 1 of 4</title>"))
        let card = try report("card-snaps-to-wrong-column")
        // Steps count from 1: the hover over Done (index 1) is step 2, and only it is forbidden.
        let forbidden = try runCLI(["render", "--format", "svg", "--step", "2", "-o", "-", card])
        #expect(forbidden.stdout.contains("<g class=\"forbidden\">"))
        let lift = try runCLI(["render", "--format", "svg", "--step", "1", "-o", "-", card])
        #expect(lift.code == 0 && !lift.stdout.contains("<g class=\"forbidden\">"))
        // The drop (index 5) is labelled a drop, not by the operation answered there.
        let drop = try runCLI(["render", "--format", "svg", "--step", "6", "-o", "-", card])
        #expect(drop.stdout.contains(">s0 drop</text>") && !drop.stdout.contains(">s0 move</text>"))
    }

    @Test(
        "usage and input errors exit 2 with the reason",
        arguments: [
            (["render"], "error: 'render' needs a PATH (a recording).\n"),
            (["render", "a.jsonl", "b.jsonl"], "error: 'render' draws one recording; got 2 paths.\n"),
            (["render", "corpora/reports"], "error: 'render' draws one recording file; 'corpora/reports' is a directory.\n"),
            (["render", "nowhere.jsonl"], "nowhere.jsonl: error: no such file or directory\n"),
            (
                ["render", "--step", "1", "corpora/reports/card-snaps-to-wrong-column.jsonl"],
                "error: '--step' chooses the step of --format svg; a page opens at a step with #step=N in its URL.\n"
            ),
            (
                ["render", "--format", "svg", "--step", "8", "-o", "-", "corpora/reports/card-snaps-to-wrong-column.jsonl"],
                "error: Invalid value '8' for '--step' (corpora/reports/card-snaps-to-wrong-column.jsonl has 7 steps: 1 to 7).\n"
            ),
            (
                ["render", "--format", "svg", "--step", "0", "-o", "-", "corpora/reports/card-snaps-to-wrong-column.jsonl"],
                "error: Invalid value '0' for '--step' (expected an integer from 1 to \(Int.max)).\n"
            ),
            (
                ["render", "--format", "png", "corpora/reports/card-snaps-to-wrong-column.jsonl"],
                "error: Invalid value 'png' for '--format'. Did you mean 'svg'? (expected one of html, svg).\n"
            ),
        ])
    func usage(arguments: [String], message: String) throws {
        let r = try runCLI(arguments)
        #expect(r.code == 2)
        #expect(r.stderr == message)
        #expect(r.stdout == "")
    }

    @Test("a bad line: the page up to it, the diagnostic as path:line:column, exit 2")
    func inputError() throws {
        let dir = try temporaryDirectory("render")
        let path = dir + "/bad.jsonl"
        let lines = try readText(packageRoot + "/corpora/reports/task-lands-one-row-too-far.jsonl").split(separator: "\n")
        try (lines.prefix(3).joined(separator: "\n") + "\n{\"type\":\"move\",\"t\":20,\"x\":1e999,\"y\":1}\n").write(
            toFile: path, atomically: true, encoding: .utf8)
        let r = try runCLI(["render", path])
        #expect(r.code == 2)
        #expect(r.stderr.hasPrefix("\(path):4:"), "\(r.stderr)")
        #expect(r.stderr.contains(": error: "))
        #expect(r.stdout == "ERROR \(path): 2 events, 2 steps, 0 failing -> \(dir)/bad.html\n")
        let page = try readText(dir + "/bad.html")
        #expect(page.contains("\"status\":\"error\"") && page.contains("\"messages\":["))
        // A header that cannot be read: nothing to draw, nothing written.
        let empty = dir + "/empty.jsonl"
        try "{\"format\":\"dragrec\",\"version\":1}\n".write(toFile: empty, atomically: true, encoding: .utf8)
        let e = try runCLI(["render", empty])
        #expect(e.code == 2 && e.stderr.hasPrefix("\(empty):1:1: error: "), "\(e.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/empty.html"))
    }

    @Test("a page that cannot be written is an error, never silence")
    func unwritable() throws {
        let r = try runCLI(["render", "-o", "/nonexistent-dir/page.html", "corpora/reports/card-snaps-to-wrong-column.jsonl"])
        #expect(r.code == 2)
        #expect(r.stderr.contains("/nonexistent-dir/") && r.stderr.contains("error: "), "\(r.stderr)")
        #expect(r.stdout == "")
    }

    @Test("a missing TMPDIR (the page's temporary file) exits 2 naming it and writes no page")
    func missingTemporaryDirectory() throws {
        let path = try report("task-lands-one-row-too-far")
        let missing = try temporaryDirectory("render") + "/no-such-tmp"
        let r = try runCLI(["render", path], environment: ["TMPDIR": missing])
        #expect(r.code == 2)
        #expect(r.stderr.hasPrefix(missing + "/") && r.stderr.contains(": error: open failed: "), "\(r.stderr)")
        #expect(r.stderr.contains("temporary file, in \(missing): set TMPDIR"), "\(r.stderr)")
        #expect(r.stdout == "")
        #expect(!FileManager.default.fileExists(atPath: html(path)))
        // The SVG and standard output keep their steps in memory: no temporary.
        let svg = try runCLI(["render", "--format", "svg", "-o", "-", path], environment: ["TMPDIR": missing])
        #expect(svg.code == 0 && svg.stdout.hasPrefix("<?xml"), "\(svg.stderr)")
    }

    @Test("with --app the app's data is in the page beside the model's")
    func app() throws {
        let path = try report("card-snaps-to-wrong-column")
        let r = try runCLI(["render", "--app", "python3 examples/apps/kanban_board.py", path])
        #expect(r.code == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("FAIL \(path): 7 events, 7 steps, "), "\(r.stdout)")
        let page = try readText(html(path))
        #expect(page.contains("\"subject\":\"app: python3 examples/apps/kanban_board.py\""))
        #expect(page.contains("\"ap\":"), "no step has the app's data")
        #expect(page.contains("app: configuration: answered move into"))
    }

    @Test("replay --format junit links the page beside a recording")
    func junitLinksThePage() throws {
        let path = try report("task-lands-one-row-too-far")
        let other = try report("two-songs-drop-one-slot-too-far")
        #expect(try runCLI(["render", "--applier", "insert-before-remove", path]).code == 0)
        let r = try runCLI(["replay", "--format", "junit", "--applier", "insert-before-remove", path, other])
        #expect(r.code == 1)
        #expect(r.stdout.contains("<property name=\"page\" value=\"\(html(path))\"/>"))
        #expect(r.stdout.contains("[[ATTACHMENT|\(html(path))]]"))
        #expect(!r.stdout.contains(html(other)), "a page that does not exist is linked")
        let parser = XMLParser(data: Data(r.stdout.utf8))
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
    }

    @Test("fuzz --render and explore --render write a page beside each finding, showing its failure")
    func findingsGetPages() throws {
        let out = try temporaryDirectory("render-fuzz")
        let r = try runCLI(["fuzz", "--applier", "insert-before-remove", "--runs", "200", "--seed", "3", "--out", out, "--render"])
        #expect(r.code == 1, "\(r.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out)
        let findings = files.filter { $0.hasSuffix(".jsonl") }
        #expect(!findings.isEmpty)
        for f in findings {
            let page = out + "/" + f.dropLast(".jsonl".count) + ".html"
            #expect(files.contains((page as NSString).lastPathComponent), "no page for \(f)")
            #expect(r.stderr.contains("fuzz: page \(page) (fail, "), "\(r.stderr)")
            let text = try readText(page)
            #expect(text.contains("\"status\":\"fail\"") && !text.contains("\"firstFailing\":null"), "\(page) shows no failure")
        }
        let explored = try temporaryDirectory("render-explore")
        let e = try runCLI([
            "explore", "--applier", "insert-before-remove", "--items", "3", "--mutations", "0", "--out", explored, "--render",
        ])
        #expect(e.code == 1, "\(e.stderr)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: explored).filter { $0.hasSuffix(".html") }
        #expect(pages.count == (try FileManager.default.contentsOfDirectory(atPath: explored).filter { $0.hasSuffix(".jsonl") }.count))
        #expect(!pages.isEmpty)
        // Without --render, no page.
        let plain = try temporaryDirectory("render-none")
        _ = try runCLI(["fuzz", "--applier", "insert-before-remove", "--runs", "200", "--seed", "3", "--out", plain])
        #expect(try FileManager.default.contentsOfDirectory(atPath: plain).allSatisfy { !$0.hasSuffix(".html") })
    }
}
