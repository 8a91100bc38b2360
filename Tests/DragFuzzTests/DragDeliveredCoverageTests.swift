import DragFuzz
import ReorderCore
import Testing

/// Issue 41, item 2: coverage says what a drag reached. Differences handed
/// over directly are counted apart from a drag's drops, and a requirement
/// is met only by a drag's drop.
@Suite("Coverage that says what a drag reached (issue 41)")
struct DragDeliveredCoverageTests {
    /// The Kanban board with its window too narrow for its last column:
    /// templates starts at x = 708, the window ends at 700.
    static func narrowBoard(templatesDrops: DropOperation.Set = .all) throws -> World {
        try World(
            collections: [
                "todo": ["card-1", "card-2", "card-3"], "doing": ["card-4"], "done": ["card-5", "card-6"], "templates": ["bug", "feature"],
            ],
            capacity: ["done": 5],
            layout: Layout(kind: .board(columnWidth: 220, spacing: 16, rowHeight: 40), width: 700, height: 600),
            drops: ["templates": templatesDrops], newItems: "card-new-#")
    }

    @Test("a column past the window's width gets direct differences, never a drag's drop, and the requirement names it with the count")
    func unreachableColumn() throws {
        let report = ApplyFuzzer.check(.canonical, options: ApplyFuzzer.Options(runs: 1000, modes: .both, world: try Self.narrowBoard()))
        #expect(report.coverage.drops["templates"] == nil, "\(report.coverage.text)")
        let direct = try #require(report.coverage.direct["templates"], "\(report.coverage.text)")
        #expect(direct > 0)
        #expect(["todo", "doing", "done"].allSatisfy { report.coverage.drops[$0, default: 0] > 0 }, "\(report.coverage.text)")
        #expect(
            report.unmetCoverage == [
                "coverage: collection \"templates\" never received a drop (only \(direct) differences handed over directly, which no drag delivered)"
            ])
        #expect(report.coverage.text.contains("; handed over directly into "), "\(report.coverage.text)")
    }

    @Test("sessions alone hand nothing over directly; differences alone deliver no drop and are held to no default requirement")
    func modesApart() throws {
        let world = try Self.narrowBoard()
        let sessions = ApplyFuzzer.check(.canonical, options: ApplyFuzzer.Options(runs: 300, modes: .sessions, world: world))
        #expect(sessions.coverage.direct.isEmpty)
        #expect(!sessions.coverage.drops.isEmpty)
        let differences = ApplyFuzzer.check(.canonical, options: ApplyFuzzer.Options(runs: 300, modes: .differences, world: world))
        #expect(differences.coverage.drops.isEmpty, "\(differences.coverage.text)")
        #expect(!differences.coverage.direct.isEmpty)
        #expect(differences.coverage.depth.dragsIntoOneGap == 0)
        // The world's default requirement is what drags reach: without drags it does not apply.
        #expect(differences.unmetCoverage.isEmpty, "\(differences.unmetCoverage)")
        #expect(sessions.unmetCoverage == ["coverage: collection \"templates\" never received a drop"])
    }

    @Test("a collection the world's rules allow no drop into is not required; a direct difference meets nothing")
    func notRequiredByRules() throws {
        let world = try Self.narrowBoard(templatesDrops: [])
        let required = CoverageRequirement(world: world)
        #expect(required.collections == ["todo", "doing", "done"])
        var c = Coverage()
        c.drops = ["todo": 1, "doing": 1]
        c.direct = ["done": 4]
        c.operations = [.move: 1, .copy: 1]
        #expect(
            required.unmet(by: c) == [
                "coverage: collection \"done\" never received a drop (only 4 differences handed over directly, which no drag delivered)"
            ])
        c.drops["done"] = 1
        #expect(required.unmet(by: c).isEmpty)
    }

    @Test("the depth of two runs is the larger figure of each; direct counts add up; both read back from json")
    func depthAndDirectAddUp() throws {
        var a = Coverage()
        a.direct = ["c0": 2]
        a.depth = Coverage.Depth(longestCase: 10, dragsIntoOneGap: 1, mutationsDuringOneDrag: 7)
        var b = Coverage()
        b.direct = ["c0": 3, "c1": 1]
        b.depth = Coverage.Depth(longestCase: 300, dragsIntoOneGap: 52, mutationsDuringOneDrag: 2)
        let sum = a.adding(b)
        #expect(sum.direct == ["c0": 5, "c1": 1])
        #expect(sum.depth == Coverage.Depth(longestCase: 300, dragsIntoOneGap: 52, mutationsDuringOneDrag: 7))
        #expect(try a.checkedAdding(b) == sum)
        #expect(
            sum.json
                == #"{"drops":{},"direct":{"c0":5,"c1":1},"operations":{"move":0,"copy":0,"forbidden":0},"mutationDuringDrag":0,"#
                + #""multiItemDrags":0,"deferredApplies":0,"fullOrLockedDrops":0,"swipeActions":{"leading":0,"trailing":0},"#
                + #""depth":{"longestCase":300,"dragsIntoOneGap":52,"mutationsDuringOneDrag":7}}"#)
        #expect(sum.text.hasSuffix("depth: longest case 300 events, 52 drags into one gap, 7 mutations during one drag\n"), "\(sum.text)")
    }
}
