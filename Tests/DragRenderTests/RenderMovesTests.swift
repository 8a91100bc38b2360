import DragRender
import Foundation
import ReorderCore
import Testing

/// Issue 41 item 5: the page costs what moved. A step that moved a few
/// entries across a collection is stored as what moved (`ChunkedList.moves`:
/// taken out, then put in), never as the run between source and
/// destination; any other change stays one splice. Either way the
/// document's changes rebuild every step's data exactly.
@Suite struct RenderMovesTests {
    typealias Collection = ReorderCollection<StringID, StringID?>

    /// One entry moved across a list of 3,000 (six chunks), a few from
    /// apart put together or into the other collection, new entries and
    /// deletes, 400 steps at random: each step's data rebuilds from the
    /// document, and a move of one entry 8 or more places away writes one
    /// ID, at any distance.
    @Test func everyStepRebuildsAndAMoveWritesOneIDAtAnyDistance() throws {
        var rng = SplitMix64(seed: 41)
        func r(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        let start = RenderData(collections: [
            Collection(id: "a", items: (0..<3000).map { "i\($0)" }), Collection(id: "b", items: ["j0"]),
        ])
        var d = start
        var data: [RenderData] = []
        var singleMoves: [Int: Int] = [:]  // step -> distance
        var next = 0
        for k in 0..<400 {
            let items = Array(d.collections[0].items)
            switch r(5) {
            case 0, 1, 2:
                let from = r(items.count)
                let to = r(items.count)
                _ = d.delete([items[from]])
                _ = d.insert([items[from]], into: 0, at: to)
                if from != to { singleMoves[k] = abs(from - to) }
            case 3:
                let ids = Array(Set((0...r(4)).map { _ in items[r(items.count)] })).sorted()
                _ = d.delete(ids)
                _ = d.insert(ids, into: r(2), at: r(2) == 0 ? nil : 0)
            default:
                if r(2) == 0 {
                    _ = d.insert((0..<(1 + r(100))).map { "n\(next + $0)" }, into: 0, at: r(items.count))
                    next += 100
                } else {
                    _ = d.delete(Array(items[r(items.count - 50)...].prefix(1 + r(50))))
                }
            }
            data.append(d)
        }
        var b = RenderBuilder(header: RenderHeader(title: "moves", layout: .rows(width: 100, height: 40_000)), initial: start)
        for (k, x) in data.enumerated() {
            b.append(RenderEvent(line: k + 2, t: Double(k), text: "step \(k)", kind: .mutation(.insert), data: x))
        }
        let doc = b.finish()
        for k in data.indices { #expect(doc.data(after: k) == data[k], "step \(k)") }

        let json = try #require(try JSONSerialization.jsonObject(with: Data(HTMLRenderer.json(doc).utf8)) as? [String: Any])
        let steps = try #require(json["steps"] as? [[String: Any]])
        #expect(steps.count == data.count)
        func written(_ k: Int) -> Int {
            ((steps[k]["dm"] as? [String: Any])?["edits"] as? [[Any]] ?? []).reduce(0) { $0 + (($1[3] as? [String])?.count ?? 0) }
        }
        let far = singleMoves.filter { $0.value >= 8 }
        #expect(far.count > 100 && far.values.contains { $0 > 2000 }, "\(far.count) moves 8 or more apart")
        for (k, distance) in singleMoves.sorted(by: { $0.key < $1.key }) {
            if distance >= 8 {
                #expect(written(k) == 1, "step \(k): a move \(distance) places away wrote \(written(k)) IDs")
            } else {
                #expect(written(k) <= distance + 1, "step \(k): a move \(distance) places away wrote \(written(k)) IDs")
            }
        }
    }

    /// The core's answer on its own: the entries taken out and put in, and
    /// nil past the limit or when the rest does not keep its order.
    @Test func movesAreWhatWasTakenOutAndPutIn() throws {
        var d = RenderData(collections: [Collection(id: nil, items: (0..<2000).map { "i\($0)" })])
        let old = d.collections[0].items
        _ = d.delete(["i1999"])
        _ = d.insert(["i1999"], into: 0, at: 3)
        let new = d.collections[0].items
        let e = try #require(new.edit(from: old))
        #expect(e.start == 3 && e.removed == 1997 && e.inserted == 1997)
        #expect(new.moves(from: old, within: e, limit: 8) == ChunkedListMoves(removed: [1999], inserted: [3]))
        // Reversed: nothing keeps its order; a block of 100 inserted: past a limit of 64, within one of 100.
        let reversed = ChunkedList(old.reversed())
        #expect(reversed.moves(from: old, within: try #require(reversed.edit(from: old)), limit: 64) == nil)
        _ = d.insert((0..<100).map { "n\($0)" }, into: 0, at: 10)
        let block = d.collections[0].items
        let be = try #require(block.edit(from: new))
        #expect(block.moves(from: new, within: be, limit: 64) == nil)
        #expect(block.moves(from: new, within: be, limit: 100) == ChunkedListMoves(removed: [], inserted: Array(10..<110)))
    }
}
