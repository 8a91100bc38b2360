import DragReader
import DragRecording
import DragSystem
import ReorderCore
import TestSupport
import Testing

/// The reader keeps IDs byte for byte (issue 44 class 5): two spellings of
/// one text are two IDs in a header, in an event, and as keys of an
/// object; the writer writes each back in its own bytes.
@Suite struct ByteIDReaderTests {
    static let text =
        #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":200,"height":100,"rowHeight":10,"heights":{"\u00e9":20,"e\u0301":30}},"#
        + #""collections":[{"id":"caf\u00e9","items":["\u00e9","e\u0301"]},{"id":"cafe\u0301","items":["b"]}]}}"#

    @Test("a header and events with both spellings read, and write back in their bytes")
    func readAndWrite() throws {
        let text =
            [
                Self.text, #"{"type":"insert","t":1,"items":["x"],"collection":"cafe\u0301"}"#,
                #"{"type":"expect","t":2,"collections":{"caf\u00e9":["\u00e9","e\u0301"],"cafe\u0301":["b","x"]}}"#,
            ].joined(separator: "\n") + "\n"
        let (reader, located) = try readAll(text)
        let recording = (header: reader.header, events: located.map(\.value))
        let nfc: StringID = "\u{E9}"
        let nfd: StringID = "e\u{301}"
        #expect(recording.header.collections.map(\.id) == ["caf\u{E9}", "cafe\u{301}"])
        #expect(recording.header.collections[0].items == [nfc, nfd])
        guard case .list(_, _, _, let heights) = recording.header.layout.kind else {
            Issue.record("not a list")
            return
        }
        #expect(heights == [nfc: 20, nfd: 30])
        guard case .expect(let e) = recording.events[1].kind else {
            Issue.record("not an expect")
            return
        }
        #expect(e.collections == ["caf\u{E9}": [nfc, nfd], "cafe\u{301}": ["b", "x"]])
        let written = CanonicalWriter.text(header: recording.header, events: recording.events)
        let (againReader, againLocated) = try readAll(written)
        let again = (header: againReader.header, events: againLocated.map(\.value))
        #expect(again.header == recording.header)
        #expect(again.events.map(\.kind) == recording.events.map(\.kind))
        #expect(Array(written.utf8).firstRange(of: Array("\"e\u{301}\"".utf8)) != nil)
        #expect(Array(written.utf8).firstRange(of: Array("\"\u{E9}\"".utf8)) != nil)
    }

    /// Each was refused as "another spelling" before IDs were bytes (the
    /// bad-input catalogue's `spelling-*` files): now each reads whole.
    static let onceRefused: [(String, String)] = [
        (
            "expect-order",
            [
                #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10},"collections":[{"items":["a","cafe\u0301"]}]}}"#,
                #"{"type":"lift","t":0,"items":["a"],"x":5,"y":5}"#,
                #"{"type":"drop","t":16,"x":5,"y":25}"#,
                #"{"type":"expect","t":32,"order":["caf\u00e9","a"]}"#,
            ].joined(separator: "\n") + "\n"
        ),
        (
            "header-two-spellings",
            [
                #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10},"collections":[{"items":["\u00e9","e\u0301"]}]}}"#
            ].joined(separator: "\n") + "\n"
        ),
        (
            "heights-keys",
            [
                #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10,"heights":{"\u00e9":12,"e\u0301":14}},"collections":[{"items":["\u00e9"]}]}}"#
            ].joined(separator: "\n") + "\n"
        ),
        (
            "insert-angstrom",
            [
                #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10},"collections":[{"items":["\u212b"]}]}}"#,
                #"{"type":"insert","t":0,"items":["\u00c5"]}"#,
            ].joined(separator: "\n") + "\n"
        ),
        (
            "kelvin-sign-lift",
            [
                #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10},"collections":[{"items":["K","b"]}]}}"#,
                #"{"type":"lift","t":0,"items":["\u212a"],"x":5,"y":5}"#,
            ].joined(separator: "\n") + "\n"
        ),
    ]

    @Test("an expect naming a collection in other bytes names one the container does not have")
    func collectionInOtherBytes() throws {
        let text =
            [
                #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"board","width":400,"height":300,"columnWidth":100,"rowHeight":10},"collections":[{"id":"\u00e9","items":["a"]},{"id":"x","items":["b"]}]}}"#,
                #"{"type":"expect","t":0,"collections":{"\u00e9":["a"],"e\u0301":["b"]}}"#,
            ].joined(separator: "\n") + "\n"
        let d = try #require(Self.inputError(text))
        #expect(d.line == 2)
        #expect(
            Array(d.message.utf8)
                == Array(#"expected collection "e\#u{301}" is not in the container (expected one of ["\#u{E9}", "x"])"#.utf8))
    }

    /// The input error reading `text` stops at; `nil` when it reads.
    static func inputError(_ text: String) -> Diagnostic? {
        do {
            _ = try readAll(text)
            return nil
        } catch {
            guard case .input(let d) = error else { return nil }
            return d
        }
    }

    @Test("replica ids are names: two spellings of one text are one name, refused at the header")
    func replicaNames() throws {
        let text =
            #"{"format":"dragrec","version":3,"container":{"layout":{"kind":"list","width":200,"height":100,"rowHeight":10},"collections":[{"items":["a"]}]},"replicas":{"ids":["\u00e9","e\u0301"],"merge":"server"}}"#
            + "\n"
        let d = try #require(Self.inputError(text))
        #expect(d.line == 1)
        #expect(
            Array(d.message.utf8)
                == Array(
                    (#"field "replicas.ids": ID "e\#u{301}" (U+0065 U+0301) appears twice, as "\#u{E9}" (U+00E9): "#
                        + "names are text, and the same text in other bytes is one name").utf8))
    }

    @Test("a list holding one text in two spellings says which is which; other lists print as before")
    func listsSayWhichIsWhich() {
        let nfc: StringID = "\u{E9}"
        let nfd: StringID = "e\u{301}"
        #expect(Format.ids(["a", "b"]) == #"["a", "b"]"#)
        #expect(Format.ids([nfc, "x"]) == "[\"\u{E9}\", \"x\"]")
        #expect(
            Array(Format.ids([nfd, "b", nfc]).utf8)
                == Array("[\"e\u{301}\", \"b\", \"\u{E9}\"] (\"e\u{301}\" is U+0065 U+0301, \"\u{E9}\" is U+00E9)".utf8))
        // Past the scan's bound a list prints plain, whatever it holds.
        let long = (0..<Format.spellingScanLimit).map { StringID("x\($0)") } + [nfd, nfc]
        #expect(!Format.ids(long).hasSuffix(")"))
    }

    @Test("what was refused as another spelling reads: every line, every ID in its bytes")
    func onceRefusedRead() throws {
        for (name, text) in Self.onceRefused {
            let lines = text.split(separator: "\n").count
            do {
                let (_, events) = try readAll(text)
                #expect(events.count == lines - 1, "\(name)")
            } catch {
                Issue.record("\(name): \(error)")
            }
        }
    }
}
