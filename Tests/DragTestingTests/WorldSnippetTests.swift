import DragFuzz
import DragTesting
import ReorderCore
import Testing

/// Issue 41, item 7: the Swift block of docs/world.md, compiled and run
/// (`DocsDriftTests` holds the block between the markers below to the doc's).
@Suite("docs/world.md's Swift block, compiled and run (issue 41)")
struct WorldSnippetTests {
    @Test("the block builds its world and fuzzes a correct Kanban policy in it: no issue, no finding")
    func snippet() throws {
        // A Kanban board's policy: nothing into templates; a copy from
        // templates lands where a move would; the rest as spec 3.3 says.
        let kanbanPolicy = DropPolicy<StringID, StringID?> { request in
            if let t = request.target, request.container.collections[t.collection].id == "templates" { return .forbidden }
            if !request.isExternal && request.session.suggestedOperations == .copy {
                var asMove = request
                asMove.session.suggestedOperations = .move
                let moved = standardConfiguration(asMove)
                return moved.operation == .move ? DropConfiguration(operation: .copy, destination: moved.destination) : moved
            }
            return standardConfiguration(request)
        }
        // world.md begin
        let board = Layout<StringID>(kind: .board(columnWidth: 220, spacing: 16, rowHeight: 40), width: 960, height: 600)
        let world = try World(
            collections: ["todo": ["t1", "t2"], "doing": [], "done": [], "templates": ["bug", "feature"]],
            capacity: ["done": 5], layout: board,
            lifts: ["templates": .copy], drops: ["templates": []], newItems: "card-#")
        expectReorderInvariants(policy: kanbanPolicy, world: world)  // the policy, as a test's issues
        let report = ApplyFuzzer.check(policy: kanbanPolicy, world: world, oracle: .geometry)  // the same, as a FuzzReport
        // world.md end
        #expect(world.collectionIDs == ["todo", "doing", "done", "templates"])
        #expect(report.failures.isEmpty, "\(report)")
        #expect(report.runs > 0)
    }
}
