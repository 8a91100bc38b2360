import Foundation
import TestSupport
import Testing

/// Issue 20, item 6: what the docs and the help say is what the tool does.
@Suite("Docs that are true (issue 20)")
struct DocsAgreeTests {
    @Test("every 'dragreplay N.N.N' in the docs and the README is the version --version prints")
    func versions() throws {
        let printed = try runCLI(["--version"]).stdout
        let number = try #require(printed.split(separator: " ").dropFirst().first.map(String.init))
        #expect(number.split(separator: ".").count == 3, "\(printed)")
        let docs =
            try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/docs").filter { $0.hasSuffix(".md") }
            .map { "docs/" + $0 } + ["README.md"]
        let pattern = try NSRegularExpression(pattern: #"dragreplay ([0-9]+\.[0-9]+\.[0-9]+)"#)
        var seen = 0
        for doc in docs {
            let text = try String(contentsOfFile: packageRoot + "/" + doc, encoding: .utf8)
            for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let quoted = (text as NSString).substring(with: m.range(at: 1))
                #expect(quoted == number, "\(doc) quotes dragreplay \(quoted), --version says \(number)")
                seen += 1
            }
        }
        #expect(seen > 0)  // docs/app-protocol.md's hello
    }

    @Test("help check names both versions it validates")
    func helpCheck() throws {
        let help = try runCLI(["help", "check"]).stdout
        #expect(help.contains("dragrec v1 or v2"), "\(help)")
    }

    @Test("a replay that passes with a warning shows the warning without --strict or --trace")
    func passingWarnings() throws {
        let path = "corpora/regression/delete-missing-id-warns.jsonl"
        let r = try runCLI(["replay", path])
        #expect(r.code == 0)
        #expect(r.stdout.contains("PASS \(path) (1 warning)\n  \(path):"), "\(r.stdout)")
        #expect(r.stdout.contains(": warning: "), "\(r.stdout)")
    }
}
