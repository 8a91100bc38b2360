import Foundation
import TestSupport
import Testing

/// Issue 23, classes 1 and 8: the one directory walker ends on link loops,
/// lists each file once, and reports names it cannot decode.
@Suite("Directory walks")
struct DirectoryWalkTests {
    static let report = "corpora/reports/task-lands-one-row-too-far.jsonl"

    /// A directory with one recording and the links `setup` plants (a shell
    /// fragment run inside it).
    func directory(_ setup: String) throws -> String {
        let dir = try temporaryDirectory("walk")
        let made = try runShell("cp \(Self.report) '\(dir)/r.jsonl' && cd '\(dir)' && \(setup)")
        #expect(made.code == 0, "\(made.stderr)")
        return dir
    }

    @Test(
        "link loops and repeated links end, and every file is listed once, for check, replay and corpus merge",
        arguments: [
            "ln -s . s1 && ln -s . s2",
            "mkdir -p a/b && ln -s .. a/b/up && ln -s ../.. a/b/top && ln -s . a/self",
            "mkdir sub && ln -s sub l1 && ln -s sub l2 && ln -s ../sub sub/again",
            "mkdir x y && ln -s ../y x/toy && ln -s ../x y/tox",
        ])
    func loops(_ setup: String) throws {
        let dir = try directory(setup)
        let check = try runShell(#"timeout 30 "$DRAGREPLAY" check "\#(dir)""#)
        #expect(check.code == 0, "\(check.stderr)")
        #expect(check.stderr.contains("checked 1 recording: 1 valid"), "\(check.stderr)")
        let replay = try runShell(#"timeout 30 "$DRAGREPLAY" replay "\#(dir)""#)
        #expect(replay.code == 1 || replay.code == 0, "\(replay.stderr)")
        #expect(replay.code != 124)
        let out = try temporaryDirectory("walk-out")
        let merge = try runShell(#"timeout 30 "$DRAGREPLAY" corpus merge -o "\#(out)" "\#(dir)""#)
        #expect(merge.code != 124, "\(merge.stderr)")
    }

    @Test(
        "a name that is not UTF-8 is an error naming it escaped, in a directory or a subdirectory, never skipped",
        arguments: [
            (#"cp r.jsonl "$(printf '\377\376bad.jsonl')""#, #"\xff\xfebad.jsonl"#),
            (#"mkdir "$(printf 'sub\377')" && cp r.jsonl "$(printf 'sub\377')/x.jsonl""#, #"sub\xff"#),
            (#"mkdir -p ok/deeper && cp r.jsonl "ok/deeper/$(printf '\300.jsonl')""#, #"ok/deeper/\xc0.jsonl"#),
        ])
    func undecodable(_ setup: String, _ shown: String) throws {
        let dir = try directory(setup)
        for command in ["check", "replay"] {
            let r = try runShell(#"timeout 30 "$DRAGREPLAY" \#(command) "\#(dir)""#)
            #expect(r.code == 2, "\(command): \(r.stderr)")
            #expect(r.stderr.contains("\(dir)/\(shown): error: the file name is not valid UTF-8"), "\(command): \(r.stderr)")
            #expect(!r.stderr.contains("\u{FFFD}"))
        }
    }

    @Test("a hidden name that is not UTF-8 is left out like every hidden name")
    func hiddenUndecodable() throws {
        let dir = try directory(#"cp r.jsonl "$(printf '.\377.jsonl')""#)
        let r = try runShell(#"timeout 30 "$DRAGREPLAY" check "\#(dir)""#)
        #expect(r.code == 0 && r.stderr.contains("checked 1 recording"), "\(r.stderr)")
    }
}
