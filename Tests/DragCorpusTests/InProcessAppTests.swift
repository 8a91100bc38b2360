import DragCorpus
import DragReplay
import ReorderConformance
import ReorderCore
import TestSupport
import Testing

/// How a Swift test target puts its own `move` and `dropConfiguration`
/// closures under the same checks as `--app`, with no subprocess: an
/// `InProcessSubject` given to the replayer. The same recordings, the same
/// engine path, the same messages (docs/app-protocol.md, "In Swift").
@Suite("The app's own Swift closures under test")
struct InProcessAppTests {
    /// The drop-configuration article's board, its `columnIndex(for:)` exactly as published.
    struct ArticleBoard {
        var columnWidth = 220.0
        var spacing = 16.0

        func columnIndex(for location: Point) -> Int {
            let alignedX = location.x - spacing / 2
            return max(0, Int(alignedX / (columnWidth + spacing)))
        }

        /// The article's closure: the highlighted column, forbidden over a locked card.
        func dropConfiguration(_ request: DropRequest<StringID, StringID?>) -> SubjectConfiguration<StringID, StringID?> {
            let index = columnIndex(for: request.session.location)
            let columns = request.container.collections
            guard columns.indices.contains(index) else { return SubjectConfiguration(operation: .forbidden) }
            let column = columns[index]
            let cards = column.fixed + Array(column.items)
            let allowed =
                request.session.suggestedOperations.contains(.move)
                && !cards.contains { request.container.locked.contains($0) && !request.sources.contains($0) }
            return allowed ? SubjectConfiguration(operation: .move, collection: column.id) : SubjectConfiguration(operation: .forbidden)
        }
    }

    func replay(_ path: String, _ subject: some ReorderSubject<StringID, StringID?>) -> ReplayResult {
        var code: (any ReorderSubject<StringID, StringID?>)? = subject
        return Replayer().run(path: packageRoot + "/" + path, subject: &code)
    }

    @Test("the article's columnIndex fails the bug report at the drop, as --app kanban_board.py does")
    func articleBoard() {
        let board = ArticleBoard()
        let subject = InProcessSubject<StringID, StringID?>(applier: .canonical, configure: board.dropConfiguration, name: "board")
        let result = replay("corpora/reports/card-snaps-to-wrong-column.jsonl", subject)
        #expect(result.status == .fail)
        #expect(
            result.failures.map { "\($0.line): \($0.message)" } == [
                "7: board: configuration: answered move into \"backlog\", the model answers move -> \"doing\" before \"build\""
            ], "\(result)")
    }

    @Test("the board with columnIndex fixed (the gap splits at its middle) passes every board recording")
    func fixedBoard() {
        struct FixedBoard {
            var inner = ArticleBoard()
            func dropConfiguration(_ request: DropRequest<StringID, StringID?>) -> SubjectConfiguration<StringID, StringID?> {
                var shifted = request
                // Half a spacing further right: the boundary moves to the gap's middle.
                shifted.session.location.x += inner.spacing
                return inner.dropConfiguration(shifted)
            }
        }
        let subject = InProcessSubject<StringID, StringID?>(applier: .canonical, configure: FixedBoard().dropConfiguration, name: "board")
        let result = replay("corpora/reports/card-snaps-to-wrong-column.jsonl", subject)
        #expect(result.status == .pass, "\(result)")
    }

    @Test("a move closure of the app's own, over plain arrays: a correct one passes the regression corpus, a buggy one fails")
    func moveClosure() {
        // The app's own apply: remove the sources, then insert before the anchor.
        let correct = Applier<StringID, StringID?>.orders(name: "mine") { orders, ids, difference in
            var orders = orders
            let moving = difference.sources.filter { id in orders.contains { $0.contains(id) } }
            for k in orders.indices { orders[k].removeAll { moving.contains($0) } }
            guard let t = ids.firstIndex(of: difference.destination.collectionID) else { return orders }
            let anchor = difference.destination.position.anchor
            let at = anchor.flatMap { orders[t].firstIndex(of: $0) } ?? orders[t].count
            orders[t].insert(contentsOf: moving, at: at)
            return orders
        }
        // The classic bug: the insertion index is taken before the sources are
        // removed, so a forward move lands one slot too far.
        let buggy = Applier<StringID, StringID?>.orders(name: "mine") { orders, ids, difference in
            var orders = orders
            guard let t = ids.firstIndex(of: difference.destination.collectionID) else { return orders }
            let anchor = difference.destination.position.anchor
            let at = anchor.flatMap { orders[t].firstIndex(of: $0) } ?? orders[t].count
            let moving = difference.sources.filter { id in orders.contains { $0.contains(id) } }
            for k in orders.indices { orders[k].removeAll { moving.contains($0) } }
            orders[t].insert(contentsOf: moving, at: min(at, orders[t].count))
            return orders
        }
        let recordings = corpus("regression").map { String($0.dropFirst(packageRoot.count + 1)) }
        #expect(recordings.count > 60)
        for path in recordings {
            let result = replay(path, InProcessSubject(applier: correct))
            #expect(result.status == .pass, "\(result)")
        }
        let failing = recordings.filter { replay($0, InProcessSubject(applier: buggy)).status == .fail }
        let backward = replay("corpora/regression/list-backward-move.jsonl", InProcessSubject(applier: buggy))
        // A backward move lands right, but applying the same difference again
        // (what a retried sync does) moves it: the idempotence check sees it.
        #expect(
            backward.failures.map(\.message) == [
                "applier mine: idempotence: applying [\"d\"] -> before \"b\" again changed [\"a\", \"d\", \"b\", \"c\", \"e\"] to [\"a\", \"b\", \"d\", \"c\", \"e\"]"
            ], "\(backward)")
        #expect(failing.contains("corpora/regression/list-forward-move-lands-before-target.jsonl"), "\(failing)")
        let forward = replay("corpora/regression/list-forward-move-lands-before-target.jsonl", InProcessSubject(applier: buggy))
        #expect(forward.failures.first?.message.hasPrefix("applier mine: placement: ") == true, "\(forward)")
    }
}
