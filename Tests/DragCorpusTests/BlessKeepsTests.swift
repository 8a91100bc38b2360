import DragCorpus
import DragRecording
import DragSystem
import Foundation
import TestSupport
import Testing

/// Hardening, second pass, class 12 and the bless items beside it: a
/// rewritten `expect` keeps what it does not know, a line that still holds
/// is not touched, and the file keeps its links, its line ends and a name
/// up to `NAME_MAX`.
@Suite("Bless keeps what it does not own (hardening, class 12)")
struct BlessKeepsTests {
    static let header = BlessHardeningTests.header
    static let drag = BlessHardeningTests.drag

    func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test("a rewritten expect line keeps its unknown fields, after the known ones, in key order")
    func keepsUnknownFields() throws {
        let stale = #"{"type":"expect","t":7,"zeta":[1,true,null],"order":["a","b","c"],"note":{"by":"me","n":2}}"#
        let path = try writeTemporary(Self.header + "\n" + Self.drag + "\n" + stale + "\n")
        let r = try blessRecording(path: path)
        #expect(r.rewritten == [4] && r.rewrittenCount == 1 && !r.appendedFinal)
        #expect(
            try readText(path) == Self.header + "\n" + Self.drag + "\n"
                + #"{"type":"expect","t":7,"order":["c","a","b"],"note":{"by":"me","n":2},"zeta":[1,true,null]}"# + "\n")
    }

    @Test("an expect line that still holds keeps every byte: spacing, key order, unknown fields; nothing is reported rewritten")
    func unchangedLineUntouched() throws {
        let holds = #"{ "order" : ["c","a","b"], "mine":1E2, "type":"expect","t":7 }"#
        let text = Self.header + "\n" + Self.drag + "\n" + holds + "\n"
        let path = try writeTemporary(text)
        let r = try blessRecording(path: path)
        #expect(r.rewritten.isEmpty && r.rewrittenCount == 0 && !r.appendedFinal)
        #expect(try readText(path) == text)
    }

    @Test("a rewritten expect line in a CRLF file keeps its CR")
    func keepsCRLF() throws {
        let crlf = [
            Self.header, #"{"type":"lift","t":0,"items":["c"],"x":5,"y":25}"#, #"{"type":"drop","t":7,"x":5,"y":2}"#,
            #"{"type":"expect","t":7,"order":["a","b","c"]}"#,
        ].map { $0 + "\r\n" }.joined()
        let path = try writeTemporary(crlf)
        let r = try blessRecording(path: path)
        #expect(r.rewritten == [4])
        let lines = try bytes(path).split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        #expect(
            lines == [
                Self.header + "\r", #"{"type":"lift","t":0,"items":["c"],"x":5,"y":25}"# + "\r",
                #"{"type":"drop","t":7,"x":5,"y":2}"# + "\r", #"{"type":"expect","t":7,"order":["c","a","b"]}"# + "\r", "",
            ])
    }

    @Test("a hard link keeps sharing the file: both names read the blessed text, one inode, two links")
    func keepsHardLinks() throws {
        let dir = try temporaryDirectory("bless-hardlink")
        let a = dir + "/a.jsonl"
        let b = dir + "/b.jsonl"
        try (Self.header + "\n" + Self.drag + "\n").write(toFile: a, atomically: false, encoding: .utf8)
        #expect(link(a, b) == 0)
        let inode = try FileSystem.status(of: a).inode
        let r = try blessRecording(path: b)
        #expect(r.appendedFinal)
        let blessed = try readText(a)
        #expect(blessed.hasPrefix(Self.header + "\n" + Self.drag + "\n{\"type\":\"expect\",\"t\":7,\"order\":[\"c\",\"a\",\"b\"]"))
        #expect(try readText(b) == blessed)
        let now = try FileSystem.status(of: a)
        let other = try FileSystem.status(of: b)
        #expect(now.inode == inode && now.linkCount == 2 && other.inode == inode)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["a.jsonl", "b.jsonl"])
        // Blessed again, nothing changes: the final expect holds.
        #expect(try blessRecording(path: a).rewrittenCount == 0)
        #expect(try readText(b) == blessed)
    }

    @Test("a temporary a killed bless left is removed by the next bless of that file; a live writer's and another file's stay")
    func removesStaleTemporaries() throws {
        let dir = try temporaryDirectory("bless-stale")
        let path = dir + "/r.jsonl"
        try (Self.header + "\n" + Self.drag + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        let dead = ".r.jsonl\(AtomicFile.temporaryMarker)999999999-12"  // above pid_max: no such process
        let live = ".r.jsonl\(AtomicFile.temporaryMarker)1-12"  // pid 1 is alive
        let other = ".s.jsonl\(AtomicFile.temporaryMarker)999999999-12"
        for name in [dead, live, other] { try "half".write(toFile: dir + "/" + name, atomically: false, encoding: .utf8) }
        _ = try blessRecording(path: path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == [other, live, "r.jsonl"].sorted())
    }

    @Test("names of 246 and 255 bytes bless (the temporary's name is shortened with a hash), and nothing is left beside them")
    func longNames() throws {
        for length in [246, 255] {
            let dir = try temporaryDirectory("bless-long")
            let name = String(repeating: "é", count: (length - 6) / 2) + String(repeating: "r", count: (length - 6) % 2) + ".jsonl"
            #expect(name.utf8.count == length)
            let path = dir + "/" + name
            try (Self.header + "\n" + Self.drag + "\n").write(toFile: path, atomically: false, encoding: .utf8)
            #expect(try blessRecording(path: path).appendedFinal)
            #expect(try readText(path).contains(#""type":"expect""#))
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [name])
            let prefix = AtomicFile.temporaryPrefix(for: name)
            #expect(prefix.utf8.count + 21 <= 255 && prefix.hasPrefix(".éé") && prefix.hasSuffix(AtomicFile.temporaryMarker))
        }
        // A short name's temporary is the name itself, as before.
        #expect(AtomicFile.temporaryPrefix(for: "r.jsonl") == ".r.jsonl" + AtomicFile.temporaryMarker)
    }

    @Test("a temporary that cannot be created is reported under the file's name, not the temporary's")
    func errorNamesTheFile() throws {
        let target = try temporaryDirectory("bless-missing") + "/gone/r.jsonl"
        do {
            _ = try AtomicFile(replacing: target)
            Issue.record("expected an error")
        } catch {
            #expect(error.path == target && error.errno == .noSuchFileOrDirectory && error.call == "open")
        }
    }
}
