import Foundation
import TestSupport
import Testing

/// Issue 41, item 7: docs that cannot drift. What one doc states is quoted
/// from one place, word for word; a doc's code block is the code a test
/// runs; a recipe's command lines run.
@Suite("Docs that cannot drift (issue 41)")
struct DocsDriftTests {
    func read(_ path: String) throws -> String { try String(contentsOfFile: packageRoot + "/" + path, encoding: .utf8) }

    /// The lines of `text` from the first that starts with `first` through the first after it that ends with `last`.
    func block(_ text: String, from first: String, through last: String) throws -> [Substring] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix(first) }, "no line starting \(first)")
        let end = try #require(lines[start...].firstIndex { $0.hasSuffix(last) }, "no line ending \(last)")
        return Array(lines[start...end])
    }

    @Test("app-protocol.md quotes format.md's canonical apply word for word, and nothing states the self-anchor case otherwise")
    func canonicalRule() throws {
        let format = try read("docs/format.md")
        let heading = try #require(format.range(of: "### The canonical apply"))
        let section = String(format[heading.lowerBound...])
        let rule = try block(section, from: "1. The moving items", through: "(or at the end).")
        #expect(rule.count == 9, "\(rule)")
        let protocolDoc = try read("docs/app-protocol.md")
        #expect(protocolDoc.contains(rule.joined(separator: "\n")), "docs/app-protocol.md does not quote format.md's canonical apply")
        for doc in ["docs/app-protocol.md", "docs/format.md", "docs/library.md", "README.md"] {
            let flat = try read(doc).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(!flat.contains("or is itself one of the sources"), "\(doc) sends a self-anchored block to the end")
        }
    }

    @Test("world.md's Swift block is the block WorldSnippetTests compiles and runs")
    func worldSnippet() throws {
        let doc = try read("docs/world.md")
        let start = try #require(doc.range(of: "```swift\nimport DragFuzz\n"))
        let body = doc[start.upperBound...]
        let code = body[..<(try #require(body.range(of: "\n```")).lowerBound)]
        let test = try read("Tests/DragTestingTests/WorldSnippetTests.swift")
        let inTest = try block(test, from: "        // world.md begin", through: "// world.md end").dropFirst().dropLast()
        // The block's imports are the test file's own, at its top; the rest is the test's code between its markers.
        let lines = ("import DragFuzz\n" + code).split(separator: "\n").filter { !$0.isEmpty }
        let imports = lines.filter { $0.hasPrefix("import ") }
        #expect(imports == ["import DragFuzz", "import DragTesting", "import ReorderCore"])
        #expect(imports.allSatisfy { test.hasPrefix($0 + "\n") || test.contains("\n" + $0 + "\n") })
        #expect(
            lines.filter { !$0.hasPrefix("import ") } == inTest.map { $0.dropFirst(8) },
            "docs/world.md's block and WorldSnippetTests differ")
    }

    @Test("an app gets the tool's environment plus DRAGREPLAY_APP, and no PYTHONUNBUFFERED, as app-protocol.md says")
    func appEnvironment() throws {
        let doc = try read("docs/app-protocol.md")
        #expect(doc.contains("`DRAGREPLAY_APP=<tool pid>.<n>`") && doc.contains("not `PYTHONUNBUFFERED`"))
        let dir = try temporaryDirectory("app-env")
        let app = "env > '\(dir)/env.txt'; exec python3 examples/apps/plain_lists.py"
        let r = try run(
            "/usr/bin/env",
            ["-u", "PYTHONUNBUFFERED", dragreplayBinary, "replay", "--app", app, "corpora/regression/delete-missing-id-warns.jsonl"])
        #expect(r.code == 0, "\(r.stdout)\(r.stderr)")
        let seen = try String(contentsOfFile: dir + "/env.txt", encoding: .utf8).split(separator: "\n")
        #expect(seen.contains { $0.hasPrefix("DRAGREPLAY_APP=") }, "\(seen)")
        #expect(!seen.contains { $0.hasPrefix("PYTHONUNBUFFERED=") }, "\(seen)")
    }

    @Test("campaigns.md's GitHub Actions recipe runs: two shards write --summary files, and the merge of them is exit 0")
    func actionsRecipe() throws {
        let doc = try read("docs/campaigns.md")
        let fuzz = try block(doc, from: "          .build/release/dragreplay fuzz", through: "|| [ $? -eq 1 ]")
        let merge = try block(doc, from: "      - run: .build/release/dragreplay corpus merge", through: "campaign.json")
        let dir = try temporaryDirectory("actions-recipe")
        for shard in 0..<2 {
            // The step's script as Actions would run it, with the matrix's values, a small campaign and this build.
            let script =
                "dir=campaign/shard-\(shard)\nmkdir -p \"$dir\"\n"
                + fuzz.joined(separator: "\n").replacingOccurrences(of: "${{ github.run_number }}", with: "3")
                .replacingOccurrences(of: "${{ strategy.job-index }}", with: "\(shard)")
                .replacingOccurrences(of: "${{ strategy.job-total }}", with: "2").replacingOccurrences(of: "250000", with: "40")
                .replacingOccurrences(of: ".build/release/dragreplay", with: "\"$DRAGREPLAY\"")
            let r = try runShell(script, cwd: dir)
            #expect(r.code == 0, "\(script)\n\(r.stderr)")
            #expect(FileManager.default.fileExists(atPath: dir + "/campaign/shard-\(shard)/summary.json"))
        }
        let line = merge.joined().replacingOccurrences(of: "      - run: .build/release/dragreplay", with: "\"$DRAGREPLAY\"")
        let m = try runShell(line, cwd: dir)
        #expect(m.code == 0, "\(line)\n\(m.stderr)")
        let merged = try String(contentsOfFile: dir + "/campaign.json", encoding: .utf8)
        #expect(merged.contains("\"shards\":2,\"seed\":3,"), "\(merged)")
        #expect(merged.contains("\"runs\":40,"), "\(merged)")
    }
}
