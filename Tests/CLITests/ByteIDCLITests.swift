import Foundation
import TestSupport
import Testing

/// IDs byte for byte through the command line (issue 44 class 5): `"é"` as
/// `"\u00e9"` (C3 A9) and as `"e\u0301"` (65 CC 81) are the same text in
/// other bytes, and two IDs: the reader, the engine, the app host, the
/// writer and the page keep them apart. Outputs are compared byte for
/// byte: `String`'s `==` would not tell the spellings apart.
@Suite("IDs byte for byte")
struct ByteIDCLITests {
    static let list = #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":200,"height":100,"rowHeight":10},"#
    /// `a` dropped after `b`, `"cafe\u0301"` (decomposed) untouched.
    static let cafe =
        [
            list + #""collections":[{"items":["a","cafe\u0301","b"]}]}}"#, #"{"type":"lift","t":0,"items":["a"],"x":5,"y":5}"#,
            #"{"type":"drop","t":16,"x":5,"y":29}"#, #"{"type":"expect","t":32,"order":["cafe\u0301","b","a"]}"#,
        ].joined(separator: "\n") + "\n"

    /// Both spellings in one list: the decomposed one (row 1) dragged below
    /// `b`, then an expectation of the order.
    static func both(expect order: String) -> String {
        [
            list + #""collections":[{"items":["\u00e9","e\u0301","b"]}]}}"#, #"{"type":"lift","t":0,"items":["e\u0301"],"x":5,"y":15}"#,
            #"{"type":"drop","t":16,"x":5,"y":29}"#, #"{"type":"expect","t":32,"order":"# + order + "}",
        ].joined(separator: "\n") + "\n"
    }

    static func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    @Test("check: é in both spellings is two IDs, valid; a repeated spelling is still refused")
    func check() throws {
        let both = try writeTemporary(Self.list + #""collections":[{"items":["\u00e9","e\u0301"]}]}}"# + "\n")
        let r = try runCLI(["check", both])
        #expect(r.code == 0, "\(r.stderr)")
        #expect(r.stderr == "checked 1 recording: 1 valid, 0 invalid\n")
        let twice = try writeTemporary(Self.list + #""collections":[{"items":["e\u0301","e\u0301"]}]}}"# + "\n")
        let refused = try runCLI(["check", twice])
        #expect(refused.code == 2)
        #expect(
            Self.bytes(refused.stderr)
                == Self.bytes(
                    "\(twice):1:127: error: item ID \"e\u{301}\" appears twice (IDs are unique across items and fixed of every collection)\n"
                        + "checked 1 recording: 0 valid, 1 invalid\n"), "\(refused.stderr)")
    }

    @Test("replay: the engine moves the one the lift names; the expectation tells the spellings apart")
    func replay() throws {
        let right = try writeTemporary(Self.both(expect: #"["\u00e9","b","e\u0301"]"#))
        let pass = try runCLI(["replay", right])
        #expect(pass.code == 0, "\(pass.stdout)\(pass.stderr)")
        let swapped = try writeTemporary(Self.both(expect: #"["e\u0301","b","\u00e9"]"#))
        let fail = try runCLI(["replay", swapped])
        #expect(fail.code == 1)
        // Both lists print alike: each says which is which.
        #expect(
            Self.bytes(fail.stdout).firstRange(
                of: Self.bytes(
                    #"expected order ["e\#u{301}", "b", "\#u{E9}"] ("e\#u{301}" is U+0065 U+0301, "\#u{E9}" is U+00E9), "#
                        + #"got ["\#u{E9}", "b", "e\#u{301}"] ("\#u{E9}" (U+00E9) where "e\#u{301}" (U+0065 U+0301) was expected: "#
                        + "the same text in other bytes is another ID)")) != nil, "\(fail.stdout)")
        // The app host sends and reads both spellings as given.
        let app = try runCLI(["replay", "--app", "python3 examples/apps/plain_lists.py", right])
        #expect(app.code == 0, "\(app.stdout)\(app.stderr)")
    }

    @Test("bless writes the order in the recording's own bytes")
    func bless() throws {
        let path = try writeTemporary(Self.both(expect: #"["b"]"#))
        let r = try runCLI(["bless", path])
        #expect(r.code == 0, "\(r.stdout)\(r.stderr)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let last = try #require(text.split(separator: "\n").last.map(String.init))
        #expect(Self.bytes(last) == Self.bytes(#"{"type":"expect","t":32,"order":["\#u{E9}","b","e\#u{301}"]}"#), "\(last)")
    }

    @Test("replay --app: an app answering \"cafe\\u0301\" as \"caf\\u00e9\" fails conservation; the plain app passes")
    func appRespelling() throws {
        let path = try writeTemporary(Self.cafe)
        let good = try runCLI(["replay", "--app", "python3 examples/apps/plain_lists.py", path])
        #expect(good.code == 0, "\(good.stdout)\(good.stderr)")
        let bad = try runCLI(["replay", "--app", "python3 Tests/CLITests/Apps/broken_app.py nfc-ids", path])
        #expect(bad.code == 1)
        let tail =
            "gave \"caf\u{E9}\" (U+0063 U+0061 U+0066 U+00E9) where the model has \"cafe\u{301}\" (U+0063 U+0061 U+0066 U+0065 U+0301): "
            + "the same text in other bytes is another ID (IDs are compared byte for byte)"
        let expected =
            [
                "FAIL \(path)", "  \(path):1:1: error: app: conservation: reset \(tail)",
                "  \(path):3:1: error: app: conservation: applying [\"a\"] -> end \(tail)",
                // The app's data, not the model's, is what the expectation reads.
                "  \(path):4:1: error: expected order [\"cafe\u{301}\", \"b\", \"a\"], got [\"caf\u{E9}\", \"b\", \"a\"] (\"caf\u{E9}\" "
                    + "(U+0063 U+0061 U+0066 U+00E9) where \"cafe\u{301}\" (U+0063 U+0061 U+0066 U+0065 U+0301) was expected: "
                    + "the same text in other bytes is another ID)",
                "0 passed, 1 failed, 0 errors",
            ].joined(separator: "\n") + "\n"
        #expect(Self.bytes(bad.stdout + bad.stderr) == Self.bytes(expected), "\(bad.stdout)\(bad.stderr)")
    }
}
