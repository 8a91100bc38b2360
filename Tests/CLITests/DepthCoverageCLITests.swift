import Foundation
import TestSupport
import Testing

/// Issue 41, items 1 and 2, from the command line: `--require-coverage`
/// counts only what a drag delivered; a campaign reports its depth; a world
/// campaign is as deep as one without; campaigns without a world run the
/// cases they ran before.
@Suite("Depth and drag coverage from the command line (issue 41)")
struct DepthCoverageCLITests {
    /// A board whose last column ("templates", from x = 708) lies past the window's width (700).
    static let narrowBoard =
        #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"board","columnWidth":220,"spacing":16,"rowHeight":40,"width":700,"height":600},"#
        + #""collections":[{"id":"todo","items":["card-1","card-2","card-3"]},{"id":"doing","items":["card-4"]},"#
        + #"{"id":"done","items":["card-5","card-6"],"capacity":5},{"id":"templates","items":["bug","feature"]}]},"world":{"newItems":"card-new-#"}}"#
        + "\n"
    static let list3 =
        #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","rowHeight":44,"width":390,"height":844},"#
        + #""collections":[{"id":"cards","items":["c1","c2","c3"]}]}}"# + "\n"

    func world(_ text: String) throws -> (dir: String, path: String) {
        let dir = try temporaryDirectory("depth-cli")
        try text.write(toFile: dir + "/world.jsonl", atomically: true, encoding: .utf8)
        return (dir, dir + "/world.jsonl")
    }

    @Test("--require-coverage without --mode fails naming the column no drag can reach (direct differences do not count)")
    func unreachableColumnFails() throws {
        let (dir, path) = try world(Self.narrowBoard)
        let r = try runCLI(["fuzz", "--world", path, "--runs", "1000", "--require-coverage", "--out", dir + "/out"])
        #expect(r.code == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("\ncoverage: collection \"templates\" never received a drop (only "), "\(r.stdout)")
        #expect(r.stdout.contains(" differences handed over directly, which no drag delivered)\n"), "\(r.stdout)")
        #expect(r.stdout.contains("; handed over directly into "), "\(r.stdout)")
        let sessions = try runCLI([
            "fuzz", "--world", path, "--runs", "1000", "--mode", "sessions", "--require-coverage", "--out", dir + "/out",
        ])
        #expect(sessions.code == 1)
        #expect(sessions.stdout.contains("\ncoverage: collection \"templates\" never received a drop\n"), "\(sessions.stdout)")
    }

    @Test("a campaign without a world runs the cases it ran before issue 41 (seed 1, 2000 session cases: the same counts)")
    func noWorldUnchanged() throws {
        let dir = try temporaryDirectory("depth-cli")
        let r = try runCLI(["fuzz", "--runs", "2000", "--mode", "sessions", "--seed", "1", "--format", "json", "--out", dir])
        #expect(r.code == 0, "\(r.stderr)")
        // Measured with the build before issue 41 (b01399d): the same sessions and coverage, now with "direct" and "depth".
        #expect(
            r.stdout.contains(
                #""sessions":32076,"failingCases":0,"coverage":{"drops":{"(single)":27438,"c0":184,"c1":130,"c2":65},"direct":{},"#
                    + #""operations":{"move":27812,"copy":103,"forbidden":402},"mutationDuringDrag":1092,"multiItemDrags":1418,"#
                    + #""deferredApplies":4397,"fullOrLockedDrops":136,"swipeActions":{"leading":44,"trailing":65},"depth":{"#),
            "\(r.stdout)")
    }

    @Test("shards' summaries merge to the unsharded campaign's depth, and the text summary prints it")
    func depthMerges() throws {
        let (dir, path) = try world(Self.list3)
        let whole = try runCLI(["fuzz", "--world", path, "--runs", "600", "--format", "json", "--out", dir + "/whole"])
        #expect(whole.code == 0, "\(whole.stderr)")
        let depth = try #require(
            whole.stdout.range(of: #""depth":\{[^}]*\}"#, options: .regularExpression).map { String(whole.stdout[$0]) })
        for i in 0..<3 {
            let s = try runCLI([
                "fuzz", "--world", path, "--runs", "600", "--shard", "\(i)/3", "--out", dir + "/s\(i)", "--summary",
                dir + "/s\(i)/summary.json",
            ])
            #expect(s.code == 0, "\(s.stderr)")
        }
        let m = try runCLI(["corpus", "merge", "-o", dir + "/m", dir + "/s0", dir + "/s1", dir + "/s2", "--summary", dir + "/c.json"])
        #expect(m.code == 0, "\(m.stderr)")
        let merged = try String(contentsOfFile: dir + "/c.json", encoding: .utf8)
        #expect(merged.contains(depth), "\(depth) not in \(merged)")
        let text = try runCLI(["fuzz", "--world", path, "--runs", "600", "--out", dir + "/t"])
        #expect(text.stdout.contains("\ndepth: longest case "), "\(text.stdout)")
    }
}
