import DragCorpus
import DragRecording
import DragReplay
import DragSystem
import Foundation
import TestSupport
import Testing

/// Hardening, class 3: bless changes the expect lines and nothing else, and
/// refuses what it cannot read exactly.
@Suite("Bless keeps every byte (hardening, class 3)")
struct BlessHardeningTests {
    static let header =
        #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10},"collections":[{"items":["a","b","c"]}]}}"#
    static let drag = #"{"type":"lift","t":0,"items":["c"],"x":5,"y":25}"# + "\n" + #"{"type":"drop","t":7,"x":5,"y":2}"#

    func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test(
        "values JSON or the format refuses (5., 1e999, a lone surrogate) make bless refuse, and the file stays byte for byte",
        arguments: [
            #"{"type":"enable","t":5.}"#, #"{"type":"enable","t":1e999}"#, #"{"type":"update","t":1,"item":"\ud800"}"#,
            #"{"type":"enable","t":1,"note":NaN}"#, #"{"type":"enable","t":99999999999999999999}"#,
        ])
    func refusesWhatItCannotRead(_ line: String) throws {
        let text = Self.header + "\n" + Self.drag + "\n" + line + "\n"
        let path = try writeTemporary(text)
        #expect(throws: CorpusError.self) { try blessRecording(path: path) }
        #expect(try readText(path) == text)
    }

    @Test("every line but the expect lines keeps its bytes: odd spacing, escapes, exponents, CRLF, unknown fields")
    func keepsBytes() throws {
        let odd = [
            #"{"format":"dragrec","version":1,"meta":{"n":1E+2,"z":-0.0,"s":"\/\u00e9\ud834\udd1e","list":[ 1 , 2 ]},"container":{"layout":{"kind":"list","width":100,"height":100,"rowHeight":10},"collections":[{"items":["a","b","c"]}]}}"#,
            "",
            "  {\"type\" : \"lift\",\"t\":0 ,\"items\":[\"c\"],\"x\":5.0,\"y\":2.5e1,\"extra\":{\"k\":[true,null]}}\r",
            #"{"type":"drop","t":7,"x":5,"y":2}"#,
            #"{"type":"expect","t":7,"order":["a","b","c"]}"#,
            "\t",
            #"{"type":"enable","t":8}"#,
        ]
        let text = odd.joined(separator: "\n") + "\n"
        let path = try writeTemporary(text)
        let r = try blessRecording(path: path)
        #expect(r.rewritten == [5])
        // Split bytes, not Characters: "\r\n" is one Character in Swift.
        let now = try bytes(path).split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        for (i, line) in odd.enumerated() where i != 4 { #expect(now[i] == line, "line \(i + 1)") }
        #expect(now[4] == #"{"type":"expect","t":7,"order":["c","a","b"]}"#)
        #expect(now.count == odd.count + 2)  // a final expect, then the last newline
    }

    @Test("a final valid line without a newline is kept, and the final expect goes after it on a line of its own")
    func finalLineWithoutNewline() throws {
        let text = Self.header + "\n" + Self.drag
        let path = try writeTemporary(text)
        let r = try blessRecording(path: path)
        #expect(r.appendedFinal && !r.droppedTruncatedTail)
        #expect(
            try readText(path) == text + "\n"
                + #"{"type":"expect","t":7,"order":["c","a","b"],"outcome":"moved","difference":{"sources":["c"],"before":"a"}}"# + "\n")
    }

    @Test("a truncated tail over 1 MiB (a recorder that died mid-line) is removed; the rest is kept")
    func longTruncatedTail() throws {
        let tail = #"{"type":"update","t":9,"item":""# + String(repeating: "x", count: (1 << 20) + 10)
        let path = try writeTemporary(Self.header + "\n" + Self.drag + "\n" + tail)
        let r = try blessRecording(path: path)
        #expect(r.droppedTruncatedTail && r.appendedFinal)
        let now = try readText(path)
        #expect(now.hasPrefix(Self.header + "\n" + Self.drag + "\n{\"type\":\"expect\""))
        #expect(now.utf8.count < 2_000)
        #expect(Replayer(options: .init(strict: true)).run(path: path).status == .pass)
    }

    @Test("mode, owner and a symbolic link are kept; the link's target is what changes")
    func keepsModeOwnerLink() throws {
        let dir = try temporaryDirectory("bless")
        let real = dir + "/real.jsonl"
        try (Self.header + "\n" + Self.drag + "\n").write(toFile: real, atomically: false, encoding: .utf8)
        #expect(chmod(real, 0o640) == 0)
        let owner: uid_t = isRoot ? 65534 : getuid()
        if isRoot { #expect(chown(real, 65534, 65534) == 0) }
        let link = dir + "/link.jsonl"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.jsonl")
        let r = try blessRecording(path: link)
        #expect(r.appendedFinal)
        let linkStatus = try FileSystem.status(of: link, followingLinks: false)
        #expect(linkStatus.isSymbolicLink)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.jsonl")
        let realStatus = try FileSystem.status(of: real)
        #expect(realStatus.isRegularFile)
        #expect(realStatus.permissions == 0o640)
        #expect(realStatus.owner == owner)
        #expect(try readText(real).contains(#""type":"expect""#))
        // No temporary is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["link.jsonl", "real.jsonl"])
    }

    @Test("bless of something that is not a regular file is refused (a device is never replaced)")
    func refusesDevices() throws {
        #expect(throws: CorpusError.self) { try blessRecording(path: "/dev/null") }
        var s = stat()
        #expect(stat("/dev/null", &s) == 0 && s.st_mode & S_IFMT == S_IFCHR)
    }
}
