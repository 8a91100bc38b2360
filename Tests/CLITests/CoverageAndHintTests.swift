import Foundation
import TestSupport
import Testing

/// Issue 20, items 3 and 4: what a run covered, in every summary, and
/// finding hints that reproduce.
@Suite("Coverage and replay hints (issue 20)")
struct CoverageAndHintTests {
    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("fuzz prints its coverage in text and json; --require-coverage fails a run that missed something, naming it")
    func coverage() throws {
        let out = try temporaryDirectory("coverage")
        let text = try runCLI(["fuzz", "--runs", "300", "--out", out])
        #expect(text.code == 0)
        #expect(text.stdout.contains("\ncoverage: drops into \"(single)\" "), "\(text.stdout)")
        #expect(text.stdout.contains(" drags with a mutation, "), "\(text.stdout)")
        let j = try json(try runCLI(["fuzz", "--runs", "300", "--out", out, "--format", "json"]).stdout)
        let coverage = try #require(j["coverage"] as? [String: Any])
        let operations = try #require(coverage["operations"] as? [String: Int])
        #expect(operations["move", default: 0] > 0)
        #expect(Set(coverage.keys).isSuperset(of: ["drops", "multiItemDrags", "deferredApplies", "fullOrLockedDrops", "swipeActions"]))
        // Four cases cannot answer every operation their lifts offered.
        let short = try runCLI(["fuzz", "--runs", "4", "--out", out, "--require-coverage"])
        #expect(short.code == 1, "\(short.stdout)")
        #expect(short.stdout.contains("coverage: operation move was never answered at a drop"), "\(short.stdout)")
        let enough = try runCLI(["fuzz", "--runs", "2000", "--out", out, "--require-coverage"])
        #expect(enough.code == 0, "\(enough.stdout)")
        let explore = try runCLI(["explore", "--items", "2", "--mutations", "0", "--out", out])
        #expect(explore.stdout.contains("\ncoverage: drops into \"(single)\" "), "\(explore.stdout)")
    }

    @Test(
        "every finding's replay command, run as printed, replays the same code under test and fails",
        arguments: [
            ["--applier", "insert-before-remove"], ["--app", "python3 Tests/CLITests/Apps/broken_app.py ok-false", "--app-timeout", "60"],
        ])
    func hintsReproduce(subject: [String]) throws {
        let out = try temporaryDirectory("hints")
        let r = try runCLI(["fuzz"] + subject + ["--runs", "40", "--jobs", "1", "--out", out])
        #expect(r.code == 1, "\(r.stderr)")
        // The summary prints each finding's command on its own line, indented.
        let commands = r.stdout.split(separator: "\n").filter { $0.hasPrefix("  dragreplay ") }.map { $0.dropFirst(2) }
        #expect(!commands.isEmpty, "\(r.stdout)")
        for command in commands {
            #expect(command.hasPrefix("dragreplay replay "))
            #expect(!command.contains("--applier yours"))
            let replay = try runShell("\"$DRAGREPLAY\"" + command.dropFirst("dragreplay".count))
            #expect(replay.code == 1, "\(command)\n\(replay.stdout)\(replay.stderr)")
        }
    }
}
