import Foundation
import TestSupport
import Testing

@testable import DragRecording

/// Hardening, classes 3 and 4: the one writer of whole files.
@Suite("AtomicFile (hardening, classes 3-4)")
struct AtomicFileTests {
    @Test("a link planted at the temporary's name cannot redirect the write: the next name is taken, the link's target untouched")
    func plantedLink() throws {
        let dir = try temporaryDirectory("atomic")
        let victim = dir + "/victim"
        try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
        let target = dir + "/out.jsonl"
        var names = ["1-1", "1-2", "1-3"].makeIterator()
        try FileManager.default.createSymbolicLink(
            atPath: dir + "/.out.jsonl" + AtomicFile.temporaryMarker + "1-1", withDestinationPath: victim)
        var file = try AtomicFile(replacing: target, preservingAttributes: false) { names.next()! }
        #expect(file.temporaryPath.hasSuffix("1-2"))
        try file.write(Array("new\n".utf8))
        try file.commit()
        #expect(try readText(victim) == "precious\n")
        #expect(try readText(target) == "new\n")
        // Links at every name it would try: it gives up with an error, and
        // still writes nothing through them.
        var all = (1...20).map { "2-\($0)" }.makeIterator()
        for k in 1...9 {
            try FileManager.default.createSymbolicLink(
                atPath: dir + "/.out.jsonl" + AtomicFile.temporaryMarker + "2-\(k)", withDestinationPath: victim)
        }
        #expect(throws: SystemError.self) { try AtomicFile(replacing: target, preservingAttributes: false) { all.next()! } }
        #expect(try readText(victim) == "precious\n")
    }

    @Test("only a regular file is replaced: a device, a FIFO or a directory at the target is refused")
    func refusesNonRegular() throws {
        let dir = try temporaryDirectory("atomic")
        #expect(mkfifo(dir + "/fifo", 0o644) == 0)
        for path in ["/dev/null", dir + "/fifo", dir] {
            do {
                _ = try AtomicFile(replacing: path, preservingAttributes: true)
                Issue.record("\(path) accepted")
            } catch {
                #expect(error.description.contains("is not a regular file; refusing to replace it"), "\(error)")
            }
        }
        var s = stat()
        #expect(stat("/dev/null", &s) == 0 && s.st_mode & S_IFMT == S_IFCHR)
    }

    @Test("a write that fails names the target, not the temporary that is gone")
    func failureNamesTarget() throws {
        let error = SystemError(call: "write", path: "out.jsonl", errno: ENOSPC)
        #expect(error.description == "out.jsonl: error: write failed: No space left on device (errno 28)")
        let refusal = SystemError(call: "open", path: "/dev/full", errno: EINVAL, refusal: "is not a regular file; refusing to replace it")
        #expect(refusal.description == "/dev/full: error: is not a regular file; refusing to replace it")
    }

    @Test("a path with a control character is shown quoted and escaped in every message")
    func pathsAreEscaped() {
        let path = "evil\u{1B}[31m\nfake.jsonl:1:1: error: x"
        let d = Diagnostic(path: path, line: 2, column: 3, message: "m")
        #expect(d.description == #""evil\u001b[31m\nfake.jsonl:1:1: error: x":2:3: error: m"#)
        #expect(SystemError(call: "open", path: path, errno: ENOENT).description.hasPrefix(#""evil\u001b[31m\n"#))
        #expect(Diagnostic(path: "plain dir/a.jsonl", line: 1, message: "m").description == "plain dir/a.jsonl:1:1: error: m")
    }

    @Test("Format: quoted escapes C0, DEL, C1 and bidirectional controls and stays JSON; shellQuoted survives a paste")
    func formatEscapes() throws {
        let nasty = "a\u{1B}[2J\u{7F}\u{9B}31m\u{202E}b\n'c"
        let q = Format.quoted(nasty)
        #expect(Format.isPlain(q))
        #expect(q == #""a\u001b[2J\u007f\u009b31m\u202eb\n'c""#)
        let back = try JSONSerialization.jsonObject(with: Data(q.utf8), options: .fragmentsAllowed) as? String
        #expect(back == nasty)
        let word = Format.shellQuoted(nasty)
        #expect(Format.isPlain(word))
        // $'...' is read by bash, zsh and ksh (the shells a command is pasted into).
        let echoed = try run(systemTool("bash") ?? "/bin/bash", ["-c", "printf '%s' " + word])
        #expect(echoed.stdout == nasty)
        #expect(Format.shellQuoted("it's") == #"'it'\''s'"#)
        #expect(Format.shellQuoted("corpora/found/a-1.jsonl") == "corpora/found/a-1.jsonl")
    }

    @Test(
        "Format: invisible and bidirectional characters are made visible by the one escape, and quoted text stays exact JSON (issue 44, class 12)",
        arguments: [
            (0x200B, #"\u200b"#), (0x2060, #"\u2060"#), (0x202A, #"\u202a"#), (0x202E, #"\u202e"#), (0x2066, #"\u2066"#),
            (0x2069, #"\u2069"#), (0xAD, #"\u00ad"#), (0xFEFF, #"\ufeff"#), (0xFFFE, #"\ufffe"#), (0xFDD0, #"\ufdd0"#),
            (0xE0001, #"\udb40\udc01"#), (0xE007F, #"\udb40\udc7f"#), (0x10FFFF, #"\udbff\udfff"#), (0x1B, #"\u001b"#), (0x0A, #"\n"#),
        ] as [(UInt32, String)])
    func invisibleCharacters(_ value: UInt32, _ escaped: String) throws {
        let scalar = String(Character(try #require(Unicode.Scalar(value))))
        let text = "Pin" + scalar + "x"
        #expect(Format.escapingControls(text) == "Pin" + escaped + "x")
        #expect(!Format.isPlain(text))
        let q = Format.quoted(text)
        #expect(q == "\"Pin" + escaped + "x\"")
        #expect(try JSONSerialization.jsonObject(with: Data(q.utf8), options: .fragmentsAllowed) as? String == text)
        #expect(Format.path("a" + scalar + ".jsonl") == "\"a" + escaped + ".jsonl\"")
        if value != 0x0A { #expect(rawControlOffset(Array(text.utf8)) != nil, "the tests' own oracle names it too") }
        #expect(rawControlOffset(Array(Format.escapingControls(text).utf8)) == nil)
    }

    @Test("Format: visible text outside ASCII is left alone (accents, CJK, Cyrillic, emoji, no-break space)")
    func visibleTextKept() {
        for plain in ["café", "東京", "Пин", "🙂", "a\u{00A0}b"] {
            #expect(Format.escapingControls(plain) == plain)
            #expect(Format.isPlain(plain))
        }
    }
}
