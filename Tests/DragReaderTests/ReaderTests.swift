import DragReader
import DragRecording
import DragSystem
import Foundation
import ReorderCore
import TestSupport
import Testing

let badInputDirectory = String(#filePath.dropLast("ReaderTests.swift".count)) + "BadInput/"

struct BadInputCase: CustomTestStringConvertible, Sendable {
    let file: String
    let line: Int
    let column: Int?
    let message: String
    var testDescription: String { file }

    static let all: [BadInputCase] = {
        let text = (try? readText(badInputDirectory + "manifest.tsv")) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { row in
            let f = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return BadInputCase(file: f[0], line: Int(f[1])!, column: Int(f[2]), message: f[3])
        }
    }()
}

func readAll(_ bytes: [UInt8]) throws(RecordingError) -> (RecordingReader, [Located<RecordedEvent>]) {
    let reader = try RecordingReader(bytes: bytes)
    return (reader, try reader.readAll())
}

func readAll(_ text: String) throws(RecordingError) -> (RecordingReader, [Located<RecordedEvent>]) {
    try readAll(Array(text.utf8))
}

let header =
    #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10},"collections":[{"items":["a","b","c"]}]}}"#

@Suite("Bad input catalogue")
struct BadInputTests {
    @Test("the catalogue has at least 40 recordings")
    func size() { #expect(BadInputCase.all.count >= 40) }

    @Test("each bad recording fails at the exact line with a message naming the problem", arguments: BadInputCase.all)
    func badInput(_ c: BadInputCase) {
        let path = badInputDirectory + c.file
        do {
            let reader = try RecordingReader(path: path)
            _ = try reader.readAll()
            Issue.record("\(c.file) was accepted")
        } catch {
            guard case .input(let d) = error else {
                Issue.record("\(c.file): \(error)")
                return
            }
            #expect(d.path == path)
            #expect(d.line == c.line, "\(c.file): \(d)")
            if let column = c.column { #expect(d.column == column, "\(c.file): \(d)") }
            #expect(d.message.contains(c.message), "\(c.file): \(d.message)")
            #expect("\(d)".hasPrefix("\(path):\(c.line):\(d.column): error: "))
        }
    }

    @Test("a line over 1 MiB is an error, or a truncated tail at the end")
    func longLine() throws {
        let long = #"{"type":"update","t":0,"item":""# + String(repeating: "x", count: RecordingReader.maxLineBytes) + #""}"#
        let text = header + "\n" + #"{"type":"enable","t":0}"# + "\n" + long + "\n" + #"{"type":"enable","t":1}"# + "\n"
        #expect(
            throws: RecordingError.input(
                Diagnostic(path: "<memory>", line: 3, message: "line is longer than the limit of 1 MiB (1048576 bytes)"))
        ) {
            try readAll(text)
        }
        let (reader, events) = try readAll(header + "\n" + #"{"type":"enable","t":0}"# + "\n" + long)
        #expect(events.count == 1)
        #expect(reader.warnings.map(\.line) == [3])
    }

    @Test("nesting of exactly 32 is accepted")
    func depth32() throws {
        let deep = #"{"type":"enable","t":0,"deep":"# + String(repeating: "[", count: 31) + String(repeating: "]", count: 31) + "}"
        let (_, events) = try readAll(header + "\n" + deep + "\n")
        #expect(events.count == 1)
    }

    @Test("the largest 64-bit integer itself is not mistaken for overflow")
    func int64Max() throws {
        let (_, events) = try readAll(header + "\n" + #"{"type":"insert","t":0,"items":["z"],"index":9223372036854775807}"# + "\n")
        #expect(events.first?.value.kind == .mutation(.insert(items: ["z"], collection: nil, index: Int.max)))
    }

    @Test("a file that does not exist is an I/O error naming it")
    func missingFile() {
        #expect(throws: RecordingError.system(SystemError(call: "open", path: "/nonexistent/x.jsonl", errno: 2))) {
            try RecordingReader(path: "/nonexistent/x.jsonl")
        }
        #expect(
            SystemError(call: "open", path: "/nonexistent/x.jsonl", errno: 2).description
                == "/nonexistent/x.jsonl: error: open failed: No such file or directory (errno 2)")
    }
}

@Suite("Reading (spec 1, 2)")
struct ReadingTests {
    @Test("a truncated final line is dropped with a warning; everything before it is kept")
    func truncatedTail() throws {
        let text = header + "\n" + #"{"type":"lift","t":0,"items":["a"],"x":5,"y":5}"# + "\n" + #"{"type":"drop","t":1,"x":5,"#
        let (reader, events) = try readAll(text)
        #expect(events.map(\.line) == [2])
        #expect(reader.warnings.count == 1)
        #expect(reader.warnings[0].line == 3)
        #expect(reader.warnings[0].severity == .warning)
        // The same cut line *with* a newline is an error.
        #expect(throws: RecordingError.self) { try readAll(text + "\n") }
    }

    @Test("a final line without newline that parses is kept")
    func lastLineWithoutNewline() throws {
        let (reader, events) = try readAll(header + "\n" + #"{"type":"enable","t":0}"#)
        #expect(events.count == 1)
        #expect(reader.warnings.isEmpty)
    }

    @Test("invalid UTF-8 in the final line without newline is a truncated tail")
    func truncatedUTF8() throws {
        let (reader, events) = try readAll(Array((header + "\n" + #"{"type":"update","t":0,"item":""#).utf8) + [0xE2, 0x82])
        #expect(events.isEmpty)
        #expect(reader.warnings.count == 1)
    }

    @Test("blank lines are skipped; line numbers stay physical")
    func blankLines() throws {
        let (reader, events) = try readAll("\n  \n" + header + "\n\n\t\n" + #"{"type":"enable","t":0}"# + "\r\n")
        #expect(reader.headerLine == 3)
        #expect(events.map(\.line) == [6])
    }

    @Test("unknown fields are ignored and null counts as absent")
    func forwardCompatible() throws {
        let (reader, events) = try readAll(
            header.replacingFirst("\"version\":1", "\"version\":1,\"future\":{\"x\":[1,2]}") + "\n"
                + #"{"type":"lift","t":0,"items":["a"],"x":5,"y":5,"session":null,"ops":null,"color":"red"}"# + "\n")
        #expect(reader.header.collections == [CollectionSpec(items: ["a", "b", "c"])])
        #expect(events[0].value == RecordedEvent(t: 0, .lift(items: ["a"], x: 5, y: 5, ops: .move, external: false)))
    }

    @Test("every event type decodes to its typed form")
    func everyType() throws {
        let lines = [
            #"{"type":"lift","t":0,"session":2,"items":["q"],"x":1.5,"y":2,"ops":["copy","move"],"external":true}"#,
            #"{"type":"move","t":1,"session":2,"x":3,"y":4}"#,
            #"{"type":"drop","t":2,"session":2,"x":3,"y":4,"apply":"deferred"}"#,
            #"{"type":"apply","t":3,"session":2}"#,
            #"{"type":"insert","t":4,"items":["z"],"index":1}"#,
            #"{"type":"delete","t":5,"items":["z"]}"#,
            #"{"type":"relocate","t":6,"items":["a"],"before":null}"#,
            #"{"type":"update","t":7,"item":"a"}"#,
            #"{"type":"reload","t":8,"collections":[{"items":["c","b"],"fixed":["h"],"locked":["h"],"capacity":3}]}"#,
            #"{"type":"disable","t":9}"#, #"{"type":"enable","t":9}"#,
            #"{"type":"lock","t":9,"items":["b"]}"#, #"{"type":"unlock","t":9,"items":["b"]}"#,
            #"{"type":"lift","t":10,"items":["b"],"x":1,"y":1}"#, #"{"type":"cancel","t":11}"#,
            #"{"type":"expect","t":12,"order":["c","b"],"outcome":"cancelled","session":0,"difference":{"sources":["q"],"before":"b"},"operation":"copy"}"#,
        ]
        let (_, events) = try readAll(header + "\n" + lines.joined(separator: "\n") + "\n")
        #expect(
            events.map(\.value.kind.type) == [
                .lift, .move, .drop, .apply, .mutation(.insert), .mutation(.delete), .mutation(.relocate), .mutation(.update),
                .mutation(.reload), .mutation(.disable), .mutation(.enable), .mutation(.lock), .mutation(.unlock), .lift, .cancel, .expect,
            ])
        #expect(events[0].value == RecordedEvent(t: 0, session: 2, .lift(items: ["q"], x: 1.5, y: 2, ops: .all, external: true)))
        #expect(events[2].value.kind == .drop(x: 3, y: 4, deferred: true))
        #expect(events[6].value.kind == .mutation(.relocate(items: ["a"], collection: nil, before: nil)))
        #expect(
            events[8].value.kind
                == .mutation(
                    .reload(collections: [ReorderCollection(id: nil, items: ["c", "b"], fixed: ["h"], capacity: 3)], locked: ["h"])))
        #expect(
            events[15].value.kind
                == .expect(
                    Expectation(
                        order: ["c", "b"], outcome: .cancelled, session: 0,
                        difference: ExpectedDifference(sources: ["q"], before: "b"), operation: .copy)))
    }
}

extension String {
    func replacingFirst(_ a: String, _ b: String) -> String { replacing(a, with: b, maxReplacements: 1) }
}
