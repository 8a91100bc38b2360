import Foundation
import TestSupport
import Testing

/// `fuzz --world` and `explore --world` (issue 20): every case in the
/// world of examples/worlds/kanban.jsonl, judged by its rules, by geometry
/// or by the model.
@Suite("World on the CLI")
struct WorldCLITests {
    static let world = "examples/worlds/kanban.jsonl"
    static let kanban = "python3 examples/apps/kanban_board.py"
    static let ids = ["todo", "doing", "done", "templates"]

    /// The findings of a seeded campaign against the Kanban board: (message, header collection IDs).
    func findings(oracle: String) throws -> [(message: String, collections: [String])] {
        let out = try temporaryDirectory("world-\(oracle)")
        let r = try runCLI([
            "fuzz", "--world", Self.world, "--app", Self.kanban, "--oracle", oracle, "--runs", "100", "--out", out, "--format", "json",
        ])
        #expect(r.code == 1, "\(r.stdout)\(r.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let list = try #require(summary["findings"] as? [[String: Any]])
        return try list.map { finding in
            let path = try #require(finding["path"] as? String)
            let first = try #require(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").first)
            let header = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
            let collections = try #require((header["container"] as? [String: Any])?["collections"] as? [[String: Any]])
            return (finding["message"] as? String ?? "", collections.compactMap { $0["id"] as? String })
        }
    }

    @Test("the world file is a valid recording")
    func worldFileChecks() throws {
        let r = try runCLI(["check", Self.world])
        #expect(r.code == 0, "\(r.stdout)\(r.stderr)")
    }

    @Test("--oracle geometry finds the board's columnIndex bug and nothing about its choice of operation; the model also flags the choice")
    func geometryAgainstModel() throws {
        let geometry = try findings(oracle: "geometry")
        #expect(!geometry.isEmpty)
        for f in geometry {
            #expect(f.collections == Self.ids)
            #expect(f.message.hasPrefix("the app answered "), "\(f.message)")
            #expect(
                f.message.contains(", the collection under the finger is ") || f.message.contains("no collection is under the finger"),
                "\(f.message)")
        }
        // The model's default policy judges the operation: the app's own
        // answers into the world's "templates" (which the rules forbid) disagree.
        let model = try findings(oracle: "model")
        #expect(model.contains { $0.message.hasPrefix("answered move, the model answers forbidden") }, "\(model.map(\.message))")
        #expect(model.allSatisfy { $0.collections == Self.ids })
    }

    @Test("explore --world runs its scripts in the world: every drag script of one item into every slot of every collection")
    func exploreInWorld() throws {
        let out = try temporaryDirectory("world-explore")
        let r = try runCLI(["explore", "--world", Self.world, "--mutations", "0", "--out", out])
        #expect(r.code == 0, "\(r.stdout)\(r.stderr)")
        // 8 items x (8 entries + 4 column ends) targets x (at once, deferred).
        #expect(r.stdout.hasPrefix("192 drag scripts x 1 mutation scripts: 192 interleavings, "), "\(r.stdout)")
    }

    /// A recording in the world of examples/worlds/kanban.jsonl (its header,
    /// field `world` included) of the intended copy of "bug" from
    /// "templates" to the end of "todo": PASS by the world's rules, FAIL by
    /// the model's default policy (spec 3.3 forbids an internal copy-only
    /// drop, so nothing moves and the `expect` line fails).
    func intendedCopy(in directory: String) throws -> String {
        let header = try #require(try String(contentsOfFile: packageRoot + "/" + Self.world, encoding: .utf8).split(separator: "\n").first)
        let path = directory + "/copy-from-templates.jsonl"
        let events = [
            #"{"type":"lift","t":0,"items":["bug"],"ops":["copy"],"x":800,"y":20}"#,
            #"{"type":"drop","t":16,"x":100,"y":130}"#,
            #"{"type":"expect","t":32,"collections":{"todo":["card-1","card-2","card-3","bug"],"doing":["card-4"],"done":["card-5","card-6"],"templates":["feature"]},"operation":"copy"}"#,
        ]
        try ([String(header)] + events).joined(separator: "\n").appending("\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("render and fuzz --db judge a recording in a world by the world's rules, as replay does")
    func worldRecordingJudgedByItsRules() throws {
        let dir = try temporaryDirectory("world-judged")
        let out = try temporaryDirectory("world-judged-out")
        let path = try intendedCopy(in: dir)
        let replay = try runCLI(["replay", path])
        #expect(replay.code == 0, "\(replay.stdout)\(replay.stderr)")
        let render = try runCLI(["render", path, "-o", out + "/page.html"])
        #expect(render.code == 0, "\(render.stdout)\(render.stderr)")
        #expect(render.stdout.hasPrefix("PASS "), "\(render.stdout)")
        // The database replays it first: a world recording that passes by its rules "now passes".
        let fuzz = try runCLI(["fuzz", "--world", Self.world, "--runs", "1", "--out", out, "--db", dir])
        #expect(fuzz.code == 0, "\(fuzz.stdout)\(fuzz.stderr)")
        #expect(fuzz.stderr.contains("1 replayed, 0 still fail, 1 now pass"), "\(fuzz.stderr)")
    }

    @Test("bless writes what the world's rules produce: the intended copy's expect line, which then replays as PASS")
    func blessByWorldRules() throws {
        let dir = try temporaryDirectory("world-bless")
        let path = try intendedCopy(in: dir)
        // Without its expect line: bless appends the final one from the replay.
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropLast()
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let blessed = try runCLI(["bless", path])
        #expect(blessed.code == 0, "\(blessed.stdout)\(blessed.stderr)")
        #expect(blessed.stdout.contains("added a final expect"), "\(blessed.stdout)")
        let last = try #require(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").last)
        let expect = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        let collections = try #require(expect["collections"] as? [String: [String]])
        // The world's rules answer copy and the difference lands "bug" at the
        // end of "todo" (as `intendedCopy` states); the model's default policy
        // forbids the drop and would leave both columns as they were.
        #expect(collections["todo"] == ["card-1", "card-2", "card-3", "bug"], "\(last)")
        #expect(collections["templates"] == ["feature"], "\(last)")
        let replay = try runCLI(["replay", path])
        #expect(replay.code == 0, "\(replay.stdout)\(replay.stderr)")
    }

    @Test("a world that names no collection ids is refused with the reason, exit 2")
    func worldWithoutIDs() throws {
        let dir = try temporaryDirectory("world-bad")
        let path = dir + "/single.jsonl"
        try
            #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","rowHeight":10,"width":100,"height":100},"collections":[{"items":["a"]}]}}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let r = try runCLI(["fuzz", "--world", path, "--runs", "1", "--out", dir])
        #expect(r.code == 2)
        #expect(r.stderr.contains("collection 0 has no id"), "\(r.stderr)")
    }

    @Test(
        "a message names the option that chose the layout or the scope: --world, not an absent --layout or an unused --items (issue 44, class 13)"
    )
    func messagesNameTheirOption() throws {
        let dir = try temporaryDirectory("world-messages")
        let list = dir + "/list.jsonl"
        let items = (0..<40).map { "\"i\($0)\"" }.joined(separator: ",")
        try
            (#"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":1000,"rowHeight":10},"#
            + #""collections":[{"id":"c0","items":["# + items + "]}]}}\n").write(toFile: list, atomically: true, encoding: .utf8)
        let world = try runCLI(["fuzz", "--world", list, "--app", Self.kanban, "--runs", "5", "--out", dir + "/f"])
        #expect(world.code == 2)
        #expect(
            world.stderr == "error: The world's layout 'list' ('--world' \(list)) is not one the app draws (its hello lists board); "
                + "give a world in a layout it draws, or an app that draws list.\n", "\(world.stderr)")
        #expect(!world.stderr.contains("--layout"))
        let layout = try runCLI(["fuzz", "--layout", "list,grid", "--app", Self.kanban, "--runs", "5", "--out", dir + "/f"])
        #expect(layout.code == 2)
        #expect(
            layout.stderr == "error: '--layout' 'list,grid' leaves no layout the app draws (its hello lists board).\n", "\(layout.stderr)")
        let explore = try runCLI(["explore", "--world", list, "--mutations", "3", "--out", dir + "/e"])
        #expect(explore.code == 2)
        #expect(
            explore.stderr.hasPrefix("error: The world of '--world' \(list) (40 items) with --mutations 3 is "), "\(explore.stderr)")
        #expect(
            explore.stderr.hasSuffix(
                "over the limit of 2000000 (about two minutes); lower --mutations or give a world with fewer items (--items is unused with a world).\n"
            ))
        #expect(!explore.stderr.contains("lower --items"))
    }
}
