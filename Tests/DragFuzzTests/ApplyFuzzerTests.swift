import DragFuzz
import ReorderCore
import Testing

// The articles' helpers, verbatim but for the platform attribute, over the
// app's own element types: what a user puts under test.

struct Task: Identifiable, Equatable, Sendable {
    var id: String
}

extension Array where Element: Identifiable, Element.ID: Sendable {
    mutating func apply(
        _ difference: ReorderDifference<Element.ID, ReorderableSingleCollectionIdentifier>
    ) {
        let moved = difference.sources.compactMap { id in
            first { $0.id == id }
        }
        removeAll { difference.sources.contains($0.id) }

        switch difference.destination.position {
        case .before(let id):
            let index = firstIndex { $0.id == id } ?? endIndex
            insert(contentsOf: moved, at: index)
        case .end:
            append(contentsOf: moved)
        }
    }

    /// The bug the grid article warns of: the insertion index is taken
    /// before the moved items are removed, so a forward move lands one slot
    /// too far.
    mutating func applyInsertingFirst(
        _ difference: ReorderDifference<Element.ID, ReorderableSingleCollectionIdentifier>
    ) {
        let moved = difference.sources.compactMap { id in first { $0.id == id } }
        let index: Int
        switch difference.destination.position {
        case .before(let id): index = firstIndex { $0.id == id } ?? endIndex
        case .end: index = endIndex
        }
        removeAll { difference.sources.contains($0.id) }
        insert(contentsOf: moved, at: Swift.min(index, endIndex))
    }
}

@Suite("ApplyFuzzer")
struct ApplyFuzzerTests {
    @Test("the list article's helper keeps every invariant a drag can reach")
    func listHelperSessions() {
        let report = ApplyFuzzer.check(runs: 3000, element: { Task(id: $0) }) { tasks, difference in tasks.apply(difference) }
        #expect(report.failures.isEmpty, "\(report)")
        #expect(report.description == "3000 cases (sessions, seed 1): no invariant broken\n" + report.coverage.text)
    }

    @Test("with hand-built differences too, the helper's duplicate-source finding says no drag produces it")
    func listHelperDifferences() throws {
        let report = ApplyFuzzer.check(runs: 3000, modes: .both, element: { Task(id: $0) }) { tasks, difference in
            tasks.apply(difference)
        }
        let failure = try #require(report.failures.first { $0.invariant == .conservation })
        #expect(failure.mode == .differences)
        #expect(failure.producibleByDrag == false)
        #expect(failure.notFromDrag?.hasPrefix("its sources repeat") == true, "\(failure)")
        #expect(report.failures.allSatisfy { !$0.producibleByDrag }, "\(report)")
    }

    @Test("insert-before-remove fails in sessions mode: a drag produces it, shrunk to a short readable case")
    func insertBeforeRemove() throws {
        let report = ApplyFuzzer.check(runs: 3000, element: { Task(id: $0) }) { tasks, difference in
            tasks.applyInsertingFirst(difference)
        }
        let failure = try #require(report.failures.first { $0.invariant == .placement }, "\(report)")
        #expect(failure.producibleByDrag)
        #expect(failure.steps.count <= 3, "\(failure)")
        #expect(failure.recording.hasPrefix("{\"format\":\"dragrec\""))
        #expect(failure.description.hasPrefix("placement: "))
        #expect(failure.description.contains("a drag produces it"))
        #expect(failure.description.contains("data before: ["))
    }

    @Test("one finding does not hide another: the first failure of each invariant is reported")
    func everyInvariantOnce() {
        let report = ApplyFuzzer.check(runs: 4000, modes: .both, element: { Task(id: $0) }) { tasks, difference in
            tasks.applyInsertingFirst(difference)
        }
        let invariants = report.failures.map(\.invariant)
        #expect(Set(invariants).count == invariants.count)
        #expect(invariants.contains(.placement))
        #expect(invariants.count >= 2, "\(report)")
        #expect(report.failures.map(\.caseIndex) == report.failures.map(\.caseIndex).sorted())
    }

    /// Buggy closures both modes catch: the grid article's insert-before-remove,
    /// and the moved items taken in the array's order, not the drag's.
    static let bugsDragsAlsoProduce:
        [String: @Sendable (inout [Task], ReorderDifference<String, ReorderableSingleCollectionIdentifier>) -> Void] = [
            "insert-before-remove": { $0.applyInsertingFirst($1) },
            "array-order": { tasks, difference in
                let moved = tasks.filter { difference.sources.contains($0.id) }
                tasks.removeAll { difference.sources.contains($0.id) }
                var at = tasks.endIndex
                if case .before(let anchor) = difference.destination.position, let k = tasks.firstIndex(where: { $0.id == anchor }) {
                    at = k
                }
                tasks.insert(contentsOf: moved, at: at)
            },
        ]

    @Test(
        "with .both, an invariant a drag also breaks is reported from the drag, not from a hand-built difference",
        arguments: ["insert-before-remove", "array-order"])
    func bothReportsTheDrag(_ bug: String) throws {
        let apply = try #require(Self.bugsDragsAlsoProduce[bug])
        let both = ApplyFuzzer.check(runs: 3000, modes: .both, element: { Task(id: $0) }, apply: apply)
        let bySessions = ApplyFuzzer.check(runs: 1500, element: { Task(id: $0) }, apply: apply)
        let dragBroken = Set(bySessions.failures.map(\.invariant))
        #expect(!dragBroken.isEmpty, "\(bySessions)")
        for failure in both.failures where dragBroken.contains(failure.invariant) {
            #expect(failure.producibleByDrag && failure.mode == .sessions, "\(failure)")
        }
        // Only what no drag produces stays a differences finding.
        #expect(both.failures.filter { !$0.producibleByDrag }.allSatisfy { !dragBroken.contains($0.invariant) }, "\(both)")
    }

    @Test("integer and string IDs of the app's own type, with the same verdicts")
    func idTypes() {
        struct Row: Identifiable, Sendable { var id: Int }
        let report = ApplyFuzzer.check(runs: 1000, element: { Row(id: $0) }) { rows, difference in rows.apply(difference) }
        #expect(report.failures.isEmpty, "\(report)")
        let made = IDMaker<Int>.int
        #expect(made.make("a") == made.make("a") && made.make("a") != made.make("b"))
    }

    @Test("a sectioned model gets its sections and the difference in its own IDs")
    func sectioned() {
        struct Card: Identifiable, Sendable { var id: String }
        let correct = ApplyFuzzer.check(runs: 2000, collections: 3, ids: .string, element: { Card(id: $0) }, section: { $0 ?? "" }) {
            board, difference in
            let moved = difference.sources.compactMap { id in board.lazy.flatMap(\.elements).first { $0.id == id } }
            for k in board.indices { board[k].elements.removeAll { difference.sources.contains($0.id) } }
            guard let t = board.firstIndex(where: { $0.id == difference.destination.collectionID }) else { return }
            switch difference.destination.position {
            case .before(let id):
                board[t].elements.insert(contentsOf: moved, at: board[t].elements.firstIndex { $0.id == id } ?? board[t].elements.endIndex)
            case .end: board[t].elements.append(contentsOf: moved)
            }
        }
        #expect(correct.failures.isEmpty, "\(correct)")
        // Forgetting to remove from the source section duplicates the card.
        let leaky = ApplyFuzzer.check(runs: 2000, collections: 3, ids: .string, element: { Card(id: $0) }, section: { $0 ?? "" }) {
            board, difference in
            let moved = difference.sources.compactMap { id in board.lazy.flatMap(\.elements).first { $0.id == id } }
            guard let t = board.firstIndex(where: { $0.id == difference.destination.collectionID }) else { return }
            board[t].elements.removeAll { difference.sources.contains($0.id) }
            board[t].elements.append(contentsOf: moved)
        }
        #expect(leaky.failures.contains { $0.invariant == .conservation }, "\(leaky)")
    }

    @Test("the drop-configuration article's Kanban closure: its columnIndex is caught as a configuration finding")
    func kanbanPolicy() throws {
        // The article's closure and its columnIndex(for:), as published; the
        // placement inside the column is the framework's (`request.destination`).
        let columnWidth = 220.0
        let spacing = 16.0
        @Sendable func columnIndex(for location: Point) -> Int {
            let alignedX = location.x - spacing / 2
            return max(0, Int(alignedX / (columnWidth + spacing)))
        }
        let kanban = DropPolicy<StringID, StringID?> { request in
            let index = columnIndex(for: request.session.location)
            let columns = request.container.collections
            let standard = standardConfiguration(request)
            guard standard.operation != .forbidden, columns.indices.contains(index) else { return .forbidden }
            return DropConfiguration(
                operation: standard.operation,
                destination: .init(collectionID: columns[index].id, position: request.destination?.position ?? .end))
        }
        let board = Layout<StringID>(kind: .board(columnWidth: columnWidth, spacing: spacing, rowHeight: 40), width: 0, height: 600)
        let report = ApplyFuzzer.check(policy: kanban, layout: board, runs: 3000)
        // The wrong column itself, not only a neighbouring symptom.
        let failure = try #require(report.failures.first { $0.message.hasPrefix("answered move into ") }, "\(report)")
        #expect(failure.invariant == .configuration)
        #expect(failure.producibleByDrag)
        #expect(failure.steps.count <= 3, "\(failure)")
        // One wrong column is one issue, whether the drag moved or copied
        // and wherever in the column it aimed.
        #expect(report.failures.filter { $0.invariant == .configuration }.count == 1, "\(report)")
    }
}
