import DragCorpus
import DragFuzz
import DragReader
import DragRecording
import DragSystem
import Foundation
import ReorderCore
import TestSupport
import Testing

/// Hardening, second pass, class 5: no writer reports success having
/// written a recording `check` refuses. Each checks its lines against the
/// reader's limit (`Limits.maxLineBytes`, the one definition) first.
@Suite("Writers stay within the reader's limits (hardening, class 5)")
struct WriterLimitsTests {
    static let tooLong = Limits.lineLengthProblem(Limits.maxLineBytes + 1)!

    func names(_ dir: String) throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir).sorted() }

    /// A version 2 recording of `swipes` swipes that open two rows in turn:
    /// each swipe adds two presentation reports (one row closes, the other
    /// opens), so the final `expect` bless appends lists them all.
    static func swipes(_ count: Int, id: String) -> String {
        let header =
            #"{"format":"dragrec","version":2,"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10},"#
            + #""collections":[{"items":["a\#(id)","b\#(id)"]}],"swipe":{"actionWidth":40,"trailing":{"actions":[{"name":"delete","label":"Delete"}]}}}}"#
        return ([header] + (0..<count).map { #"{"type":"swipe","t":\#($0),"item":"\#($0 % 2 == 0 ? "a" : "b")\#(id)","dx":-50}"# })
            .joined(separator: "\n") + "\n"
    }

    @Test("bless of a valid version 2 recording whose final expect would pass 1 MiB (presentations): a named error, the file unchanged")
    func blessPastTheLineLimit() throws {
        // 2 reports of about 260 bytes a swipe: 2,100 swipes make a 1.1 MB line.
        let text = Self.swipes(2_100, id: String(repeating: "x", count: 250))
        let dir = try temporaryDirectory("bless-limit")
        let path = dir + "/swipes.jsonl"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        #expect(try checkRecording(path: path).events == 2_100)
        do {
            _ = try blessRecording(path: path)
            Issue.record("bless reported success")
        } catch {
            #expect(error == .unreadableOutput(command: "bless", problem: Diagnostic(path: path, line: 2_102, message: Self.tooLong)))
        }
        #expect(try readText(path) == text)
        #expect(try names(dir) == ["swipes.jsonl"])
        // Just under the limit it blesses, and check takes the result.
        let fewer = Self.swipes(1_000, id: String(repeating: "x", count: 250))
        try fewer.write(toFile: path, atomically: false, encoding: .utf8)
        #expect(try blessRecording(path: path).appendedFinal)
        #expect(try checkRecording(path: path).events == 1_001)
    }

    @Test("corpus merge of a header whose canonical form grows past 1 MiB (1e12 written out): invalid, named, nothing written")
    func mergePastTheLineLimit() throws {
        let count = 200_000  // "1e12," is 5 bytes, "1000000000000," 14: 1.0 MB in, 2.8 MB out
        let header =
            #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10},"collections":[{"items":["a"]}]},"meta":{"n":["#
            + Array(repeating: "1e12", count: count).joined(separator: ",") + "]}}"
        #expect(header.utf8.count < Limits.maxLineBytes)
        let input = try temporaryDirectory("merge-limit-in")
        try (header + "\n" + #"{"type":"enable","t":1}"# + "\n").write(toFile: input + "/big.jsonl", atomically: false, encoding: .utf8)
        let output = try temporaryDirectory("merge-limit-out")
        let summary = try mergeCorpora([input], into: output)
        #expect(summary.read == 1 && summary.kept.isEmpty && summary.exitCode == 2)
        #expect(summary.invalid.count == 1)
        if case .unreadableOutput(let command, let problem)? = summary.invalid.first {
            #expect(command == "corpus merge")
            #expect(problem.line == 1 && problem.message == Self.tooLong)
            #expect(problem.path.hasPrefix(output + "/recording-") && problem.path.hasSuffix(".jsonl"))
        } else {
            Issue.record("expected unreadableOutput, got \(summary.invalid)")
        }
        #expect(try names(output).isEmpty)
    }

    @Test("a Recorder refuses a header whose line would pass 1 MiB, and writes nothing of it")
    func recorderPastTheLineLimit() throws {
        let path = try temporaryDirectory("recorder-limit") + "/r.jsonl"
        let items = (0..<4_500).map { StringID(String(format: "%0250d", $0)) }
        let header = RecordingHeader(
            layout: Layout(kind: .list(rowHeight: 10, spacing: 0, headerHeight: 0, heights: [:]), width: 100, height: 100),
            collections: [CollectionSpec(items: items)])
        // The header itself is 1.1 MB: refused before a byte is written.
        #expect(throws: RecordingError.input(Diagnostic(path: path, line: 0, message: "not recorded: " + Self.tooLong))) {
            _ = try Recorder(path: path, header: header)
        }
        #expect(try readText(path) == "")
    }

    @Test("a finding whose text has a line past 1 MiB is refused by name, nothing written")
    func findingPastTheLineLimit() throws {
        let dir = try temporaryDirectory("finding-limit")
        let store = FindingStore(directory: dir)
        let text = "{}\n" + String(repeating: "x", count: Limits.maxLineBytes + 1) + "\n"
        do {
            _ = try store.write(text, named: "f.jsonl")
            Issue.record("expected a refusal")
        } catch {
            #expect(error.path == dir + "/f.jsonl" && error.refusal == "not written: " + Self.tooLong)
        }
        #expect(try names(dir).isEmpty)
    }
}
