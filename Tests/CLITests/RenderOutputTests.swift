import Foundation
import TestSupport
import Testing

/// Issue 23, classes 3 and 9: `render` and `replay -o` never write through a
/// link planted at their output, and `render`'s summary quotes paths.
@Suite("Render and report outputs")
struct RenderOutputTests {
    static let report = "corpora/reports/task-lands-one-row-too-far.jsonl"

    @Test(
        "a link planted at the output is replaced, its target untouched: render's default name, render -o, replay -o",
        arguments: [
            (#"render "$D/rr/report.jsonl""#, "rr/report.html"),
            (#"render -o "$D/rr/page.html" "$D/rr/report.jsonl""#, "rr/page.html"),
            (#"render --format svg "$D/rr/report.jsonl""#, "rr/report.svg"),
            (#"replay --format json -o "$D/rr/out.json" "$D/rr/report.jsonl""#, "rr/out.json"),
        ])
    func plantedLink(_ command: String, _ output: String) throws {
        let dir = try temporaryDirectory("planted")
        let setup = try runShell(
            "mkdir '\(dir)/rr' && cp \(Self.report) '\(dir)/rr/report.jsonl' && echo precious > '\(dir)/victim' "
                + "&& ln -s ../victim '\(dir)/\(output)'")
        #expect(setup.code == 0, "\(setup.stderr)")
        let r = try runShell(#"D="\#(dir)"; "$DRAGREPLAY" \#(command)"#)
        #expect(r.code == 0 || r.code == 1, "\(r.stderr)")
        #expect(try String(contentsOfFile: dir + "/victim", encoding: .utf8) == "precious\n")
        let written = try FileManager.default.attributesOfItem(atPath: dir + "/" + output)
        #expect(written[.type] as? FileAttributeType == .typeRegular)
    }

    @Test("an existing page keeps its mode when render rewrites it")
    func keepsMode() throws {
        let dir = try temporaryDirectory("planted")
        try FileManager.default.copyItem(atPath: packageRoot + "/" + Self.report, toPath: dir + "/r.jsonl")
        try "old".write(toFile: dir + "/r.html", atomically: false, encoding: .utf8)
        #expect(chmod(dir + "/r.html", 0o640) == 0)
        #expect(try runCLI(["render", dir + "/r.jsonl"]).code == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: dir + "/r.html")[.posixPermissions] as? Int
        #expect(mode == 0o640)
    }

    @Test("render's summary quotes a path with control characters, on stdout and on stderr", arguments: ["a\u{1B}[31mred", "new\nline"])
    func summaryQuoted(_ name: String) throws {
        let dir = try temporaryDirectory("planted")
        let path = dir + "/" + name + ".jsonl"
        try FileManager.default.copyItem(atPath: packageRoot + "/" + Self.report, toPath: path)
        let toFile = try runCLI(["render", path])
        #expect(toFile.code == 0, "\(toFile.stderr)")
        expectNoRawControl(toFile, "render to a file")
        let toStdout = try runCLI(["render", "-o", "-", path])
        #expect(toStdout.code == 0)
        expectNoRawControl(toStdout, stdout: false, "render -o -")
    }
}
