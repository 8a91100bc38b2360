import DragFuzz
import Foundation
import ReorderConformance
import ReorderCore
import Testing

/// Issue 41, item 1: a world keeps every case profile the generator has
/// without one (the repeated drag into one gap, long cases), scaled to the
/// world's collections and geometry, and a run reports how deep it went.
@Suite("Depth in every world (issue 41)")
struct WorldDepthTests {
    /// Three cards in one list, as a phone shows them.
    static func list3() throws -> World {
        try World(collections: ["cards": ["c1", "c2", "c3"]], layout: Layout(kind: .list(rowHeight: 44), width: 390, height: 844))
    }

    /// The Kanban board of docs/world.md, every column on screen.
    static func board() throws -> World {
        try World(
            collections: [
                "todo": ["card-1", "card-2", "card-3"], "doing": ["card-4"], "done": ["card-5", "card-6"], "templates": ["bug", "feature"],
            ],
            capacity: ["done": 5],
            layout: Layout(kind: .board(columnWidth: 220, spacing: 16, rowHeight: 40), width: 960, height: 600), newItems: "card-new-#")
    }

    /// The choices of a repeated drag: the profile (mutations, deferred,
    /// external: their first options; not long; repeated, from 2 to 1,
    /// `count` times, not deferred, 3 items), then, in a world, the world's draws
    /// (the first collection with items, the same one to drop into, from
    /// position 2 before the item at position 1).
    static func repeatedChoices(count: Int, world: Bool) -> [UInt64] {
        [0, 0, 0, 0, 95, 2, 1, UInt64(count - 1), 0, 0] + (world ? [0, 50, 2, 1] : [])
    }

    func run(_ choices: [UInt64], world: World?) -> CaseRunner.Result {
        var runner = CaseRunner(applier: .canonical, mode: .sessions)
        runner.world = world
        var sequence = ChoiceSequence(replaying: choices)
        return runner.run(&sequence, code: .subject(FractionalKeys()))
    }

    @Test("a repeated drag counts its events and its drags into one gap, with a world and without")
    func repeatedDepth() throws {
        for world in [nil, try Self.list3()] {
            let r = run(Self.repeatedChoices(count: 40, world: world != nil), world: world)
            #expect(r.violation == nil, "\(r.violation.map { "\($0.message)" } ?? "")")
            #expect(r.sessions == 40)
            #expect(r.coverage.depth == Coverage.Depth(longestCase: 80, dragsIntoOneGap: 40, mutationsDuringOneDrag: 0))
            let key = world == nil ? Coverage.single : "cards"
            #expect(r.coverage.drops == [key: 40])
        }
    }

    @Test("in a world the repeated drag reaches the gap a 52-fold halving collapses, as it does without one")
    func repeatedFindsTheFloatBug() throws {
        for world in [nil, try Self.list3()] {
            let r = run(Self.repeatedChoices(count: 120, world: world != nil), world: world)
            let v = try #require(r.violation, "world: \(world != nil)")
            #expect(v.invariant == .placement, "\(v.message)")
            // Lift and drop per drag: the drag that failed is past the 50th.
            #expect(r.steps > 100 && r.steps < 240, "\(r.steps)")
        }
    }

    /// A campaign against `FractionalKeys` that stops at its first finding.
    func campaign(world: World?, runs: Int) -> CampaignSummary {
        var options = CampaignOptions(
            applierName: "fractional-keys", applier: .canonical, mode: .sessions, runs: runs, seconds: nil, seed: 1, jobs: 1,
            shard: (0, 1), outDirectory: NSTemporaryDirectory() + "world-depth-\(UUID().uuidString)")
        options.world = world
        options.code = { _ in .subject(FractionalKeys()) }
        options.stopAfterFindings = 1
        options.findingsPerInvariant = 1
        options.shrinksPerInvariant = 1
        return runCampaign(options)
    }

    @Test("the float bug (52 drags into one gap) is found with a list world and with a board world, in a few hundred cases")
    func campaignsFindIt() throws {
        for (name, world) in [("none", nil), ("list", try Self.list3()), ("board", try Self.board())] {
            let summary = campaign(world: world, runs: 5000)
            let finding = summary.findings.first?.finding
            print(
                "depth: world \(name): first finding at case \(finding?.caseIndex ?? -1) of \(summary.runs); \(summary.coverage.depth.text)"
            )
            #expect(finding?.invariant == .placement, "world \(name): not found in \(summary.runs) cases")
            #expect(summary.coverage.depth.dragsIntoOneGap >= 50, "world \(name): \(summary.coverage.depth.text)")
        }
    }
}
