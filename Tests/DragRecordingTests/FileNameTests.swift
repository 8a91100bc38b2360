import Testing

@testable import DragRecording

/// Hardening, class 2: the one way untrusted text becomes a file name.
@Suite("FileName (hardening, class 2)")
struct FileNameTests {
    @Test(
        "a component keeps [A-Za-z0-9._-], makes anything else '-', drops a leading '.' or '-', is never empty",
        arguments: [
            ("placement", "placement"), ("configuration-2", "configuration-2"), ("a_B.9-z", "a_B.9-z"),
            ("../../escaped", "escaped"), ("/etc/passwd", "etc-passwd"), (".hidden", "hidden"), ("-rf", "rf"),
            ("a\nb", "a-b"), ("\u{1B}[31mred", "31mred"), ("tab\there", "tab-here"), ("a\u{0}b", "a-b"),
            ("a b", "a-b"), ("caf\u{E9}", "caf-"), ("\u{202E}txt", "txt"), ("a\u{1F600}b", "a-b"),
            ("..", "recording"), ("", "recording"), ("/", "recording"), ("\n", "recording"), ("a/../b", "a-..-b"),
        ])
    func component(input: String, expected: String) {
        #expect(FileName.component(from: input) == expected)
    }

    @Test("a component is at most 64 bytes, and the fallback is the caller's")
    func boundedAndFallback() {
        #expect(FileName.component(from: String(repeating: "x", count: 300)) == String(repeating: "x", count: 64))
        #expect(FileName.component(from: "..." + String(repeating: "\u{E9}", count: 300)) == "recording")
        #expect(FileName.component(from: "../..", fallback: "finding") == "finding")
        #expect(FileName.component(from: String(repeating: "ab/", count: 100)).utf8.count == 64)
    }
}
