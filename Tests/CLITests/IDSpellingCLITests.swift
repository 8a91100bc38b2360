import Foundation
import TestSupport
import Testing

/// One spelling per ID through the command line (issue 44 class 5): `"é"`
/// as `"\u00e9"` and as `"e\u0301"` are the same text in other bytes,
/// which `String` takes for one ID. Outputs are compared byte for byte:
/// `==` on them would not tell the spellings apart.
@Suite("IDs in other bytes")
struct IDSpellingCLITests {
    static let list = #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":200,"height":100,"rowHeight":10},"#
    /// `a` dropped after `b`, `"cafe\u0301"` (decomposed) untouched.
    static let cafe =
        [
            list + #""collections":[{"items":["a","cafe\u0301","b"]}]}}"#, #"{"type":"lift","t":0,"items":["a"],"x":5,"y":5}"#,
            #"{"type":"drop","t":16,"x":5,"y":29}"#, #"{"type":"expect","t":32,"order":["cafe\u0301","b","a"]}"#,
        ].joined(separator: "\n") + "\n"

    static func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    static let spellings =
        "is another spelling of item ID \"\u{E9}\" (U+00E9) named before: IDs are compared byte for byte, and two IDs of a recording "
        + "may not be the same text in other bytes (expected the bytes named before)"

    @Test("check: é in both spellings is two spellings of one ID, refused with both named; each alone is valid")
    func check() throws {
        let both = try writeTemporary(Self.list + #""collections":[{"items":["\u00e9","e\u0301"]}]}}"# + "\n")
        let r = try runCLI(["check", both])
        #expect(r.code == 2)
        #expect(
            Self.bytes(r.stderr)
                == Self.bytes(
                    "\(both):1:127: error: item ID \"e\u{301}\" (U+0065 U+0301) \(Self.spellings)\nchecked 1 recording: 0 valid, 1 invalid\n"
                ))
        #expect(r.stdout.isEmpty)
        for one in [#"["\u00e9","x"]"#, #"["e\u0301","x"]"#] {
            let path = try writeTemporary(Self.list + #""collections":[{"items":"# + one + "}]}}\n")
            let ok = try runCLI(["check", path])
            #expect(ok.code == 0 && ok.stderr == "checked 1 recording: 1 valid, 0 invalid\n", "\(ok.stderr)")
        }
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
                "  \(path):3:1: error: app: conservation: applying [\"a\"] -> end \(tail)", "0 passed, 1 failed, 0 errors",
            ].joined(separator: "\n") + "\n"
        #expect(Self.bytes(bad.stdout + bad.stderr) == Self.bytes(expected), "\(bad.stdout)\(bad.stderr)")
    }
}
