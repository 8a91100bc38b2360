import DragSystem
import Foundation
import TestSupport
import Testing

@testable import DragRecording

/// Hardening, classes 3 and 4: the escapes of untrusted text in messages.
@Suite("Format: escapes (hardening, classes 3-4)")
struct FormatEscapeTests {
    @Test("Format: quoted escapes C0, DEL, C1 and bidirectional controls and stays JSON; shellQuoted survives a paste")
    func formatEscapes() throws {
        let nasty = "a\u{1B}[2J\u{7F}\u{9B}31m\u{202E}b\n'c"
        let q = Format.quoted(nasty)
        #expect(SafeText.isPlain(q))
        #expect(q == #""a\u001b[2J\u007f\u009b31m\u202eb\n'c""#)
        let back = try JSONSerialization.jsonObject(with: Data(q.utf8), options: .fragmentsAllowed) as? String
        #expect(back == nasty)
        let word = Format.shellQuoted(nasty)
        #expect(SafeText.isPlain(word))
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
        #expect(SafeText.escapingControls(text) == "Pin" + escaped + "x")
        #expect(!SafeText.isPlain(text))
        let q = Format.quoted(text)
        #expect(q == "\"Pin" + escaped + "x\"")
        #expect(try JSONSerialization.jsonObject(with: Data(q.utf8), options: .fragmentsAllowed) as? String == text)
        #expect(SafeText.path("a" + scalar + ".jsonl") == "\"a" + escaped + ".jsonl\"")
        if value != 0x0A { #expect(rawControlOffset(Array(text.utf8)) != nil, "the tests' own oracle names it too") }
        #expect(rawControlOffset(Array(SafeText.escapingControls(text).utf8)) == nil)
    }

    @Test("Format: visible text outside ASCII is left alone (accents, CJK, Cyrillic, emoji, no-break space)")
    func visibleTextKept() {
        for plain in ["café", "東京", "Пин", "🙂", "a\u{00A0}b"] {
            #expect(SafeText.escapingControls(plain) == plain)
            #expect(SafeText.isPlain(plain))
        }
    }
}
