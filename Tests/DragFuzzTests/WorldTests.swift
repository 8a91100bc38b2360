import DragFuzz
import DragReader
import DragRecording
import ReorderConformance
import ReorderCore
import Synchronization
import TestSupport
import Testing

/// Fuzzing in the user's world (issue 20): the app's own collections,
/// items, capacities and layout, judged by its rules or by geometry alone.
@Suite("World")
struct WorldTests {
    static let ids: [StringID] = ["todo", "doing", "done", "templates"]

    /// The world of examples/worlds/kanban.jsonl: the header is the world.
    func fileWorld() throws -> World {
        let reader = try RecordingReader(path: packageRoot + "/examples/worlds/kanban.jsonl")
        return try World(header: reader.header)
    }

    /// The article's board as the app's own values: "done" holds 4 of its 5.
    func board(done: [StringID] = ["d1", "d2", "d3", "d4"]) throws -> World {
        let layout = Layout<StringID>(kind: .board(columnWidth: 220, spacing: 16, rowHeight: 40), width: 960, height: 600)
        return try World(
            collections: ["todo": ["t1", "t2", "t3"], "doing": ["g1"], "done": done, "templates": ["bug", "feature"]],
            capacity: ["done": 5], layout: layout, lifts: ["templates": .copy], drops: ["templates": []], newItems: "card-#")
    }

    /// Spec 3.3, with the board's own rules: a lift from templates offers
    /// only copy (the standard policy forbids that for an internal drag), and
    /// nothing is dropped into templates.
    static func intended(_ request: DropRequest<StringID, StringID?>) -> DropConfiguration<StringID, StringID?> {
        if let t = request.target, request.container.collections[t.collection].id == "templates" { return .forbidden }
        if !request.isExternal && request.session.suggestedOperations == .copy {
            var asMove = request
            asMove.session.suggestedOperations = .move
            let moved = standardConfiguration(asMove)
            return moved.operation == .move ? DropConfiguration(operation: .copy, destination: moved.destination) : moved
        }
        return standardConfiguration(request)
    }

    @Test("the world file: its collections in order, capacity 5 on done, templates lifts offer copy, the board's metrics")
    func worldFromFile() throws {
        let world = try fileWorld()
        #expect(world.collectionIDs == Self.ids)
        #expect(world.collections.map(\.capacity) == [nil, nil, 5, nil])
        #expect(world.collections.map(\.lifts) == [.move, .move, .move, .copy])
        #expect(world.allowedDrops == ["todo": .all, "doing": .all, "done": .all, "templates": []])
        #expect(world.hasRules)
        guard case .board(let columnWidth, let spacing, _, _, _) = world.layout.kind else {
            Issue.record("not a board: \(world.layout)")
            return
        }
        #expect(columnWidth == 220 && spacing == 16)
    }

    @Test("every generated case lives in the world: its collection IDs, its items or new ones of its form, its layout")
    func casesLiveInTheWorld() throws {
        let world = try fileWorld()
        let names = world.itemNames
        var runner = CaseRunner(applier: .canonical, mode: .sessions)
        runner.world = world
        var seen = Set<StringID>()
        for index in 0..<300 {
            var choices = ChoiceSequence(seed: Xoshiro256.caseSeed(7, UInt64(index)))
            let result = runner.run(&choices)
            #expect(result.violation == nil, "\(result.violation.map(\.description) ?? "")")
            let recording = result.fuzzCase.recording()
            #expect(recording.header.collections.map(\.id) == Self.ids)
            #expect(recording.header.layout == world.layout)
            for event in recording.events {
                for item in event.itemNames {
                    let known = names.id(item) != nil
                    #expect(known, "\(item) is neither the world's nor of its form")
                    seen.insert(item)
                }
                for c in event.collectionNames { #expect(Self.ids.contains(c), "collection \(c)") }
            }
        }
        // New items follow the world's pattern, and the world's own are lifted.
        #expect(seen.contains("card-new-0"))
        #expect(seen.contains("bug") && seen.contains("card-1"))
    }

    @Test("a policy answering copy from templates, as the rules allow, is not reported; it was asked about it")
    func intendedCopyNotReported() throws {
        let copies = Mutex(0)
        let policy = DropPolicy<StringID, StringID?> { request in
            let answer = Self.intended(request)
            if answer.operation == .copy && !request.isExternal { copies.withLock { $0 += 1 } }
            return answer
        }
        let report = ApplyFuzzer.check(policy: policy, world: try board(), runs: 400)
        #expect(report.failures.isEmpty, "\(report)")
        #expect(copies.withLock { $0 } > 0)
    }

    @Test("a policy that ignores the capacity of done is reported, naming the policy and the capacity")
    func capacityViolationNamesPolicy() throws {
        // The board's rules, without spec 3.3's capacity step (nor its lock step).
        let policy = DropPolicy<StringID, StringID?> { request in
            guard request.container.isEnabled, let t = request.target, let d = request.destination,
                request.container.collections[t.collection].id != "templates"
            else { return .forbidden }
            let ops = request.session.suggestedOperations
            let op: DropOperation = request.isExternal ? (ops.contains(.copy) ? .copy : .move) : (ops.contains(.move) ? .move : .copy)
            return DropConfiguration(operation: op, destination: d)
        }
        let report = ApplyFuzzer.check(policy: policy, world: try board(), runs: 400)
        let failure = try #require(report.failures.first { $0.message.contains("capacity") }, "\(report)")
        #expect(failure.invariant == .configuration)
        #expect(failure.message.hasPrefix("the policy answered "), "\(failure.message)")
        #expect(failure.message.contains(" into \"done\" ("), "\(failure.message)")
        #expect(failure.message.hasSuffix(" items, capacity 5): the drop would exceed the declared capacity"), "\(failure.message)")
        #expect(!report.description.contains("applier"), "\(report)")
    }

    @Test("geometry judges where the finger is, not the choice: a board that takes nothing into done passes geometry, fails the model")
    func geometryLeavesTheChoice() throws {
        let policy = DropPolicy<StringID, StringID?> { request in
            if let t = request.target, request.container.collections[t.collection].id == "done" { return .forbidden }
            return Self.intended(request)
        }
        let world = try board()
        let geometry = ApplyFuzzer.check(policy: policy, world: world, oracle: .geometry, runs: 400)
        #expect(geometry.failures.isEmpty, "\(geometry)")
        let model = ApplyFuzzer.check(policy: policy, world: world, oracle: .model, runs: 400)
        let failure = try #require(model.failure, "\(model)")
        #expect(failure.message.hasPrefix("answered forbidden, the model answers "), "\(failure.message)")
        // The wrong column is still found by geometry alone.
        let published = DropPolicy<StringID, StringID?> { request in
            let index = max(0, Int((request.session.location.x - 8) / 236))
            let answer = Self.intended(request)
            let columns = request.container.collections
            guard answer.operation != .forbidden, columns.indices.contains(index) else { return answer }
            return DropConfiguration(
                operation: answer.operation,
                destination: .init(collectionID: columns[index].id, position: request.destination?.position ?? .end))
        }
        let wrong = ApplyFuzzer.check(policy: published, world: world, oracle: .geometry, runs: 400)
        let column = try #require(wrong.failure, "\(wrong)")
        #expect(column.message.hasPrefix("the policy answered "), "\(column.message)")
        #expect(column.message.contains(", the collection under the finger is "), "\(column.message)")
    }

    @Test("an item name of the world's form maps back to its integer; other names do not")
    func itemNames() {
        let names = ItemNames(names: ["bug", "feature"], pattern: "card-#")
        #expect(names.name(0) == "bug" && names.name(2) == "card-0" && names.name(13) == "card-11")
        #expect(names.id("card-11") == 13 && names.id("feature") == 1)
        #expect(names.id("card-") == nil && names.id("card-01") == nil && names.id("a") == nil)
        #expect(names.id(names.name(FuzzIDs.absentBase)) == FuzzIDs.absentBase)
    }

    @Test("a world that cannot be is refused with a reason")
    func invalidWorlds() {
        let layout = Layout<StringID>(kind: .list(rowHeight: 10), width: 100, height: 100)
        #expect(throws: WorldError.self) { try World(collections: ["a": ["x"], "b": ["x"]], layout: layout) }
        #expect(throws: WorldError.self) { try World(collections: ["a": ["x"]], layout: layout, newItems: "new") }
    }
}

extension RecordedEvent {
    /// The item IDs an event names (lifted, inserted, ...).
    var itemNames: [StringID] {
        switch kind {
        case .lift(let items, _, _, _, _): items
        case .mutation(.insert(let items, _, _)): items
        default: []
        }
    }

    var collectionNames: [StringID] {
        switch kind {
        case .mutation(.insert(_, let c, _)): c.map { [$0] } ?? []
        default: []
        }
    }
}
