import ReorderCore
import Testing

/// `ChunkedList.edit(from:)`: the one run that turns an old version of a
/// list into a new one, on lists that share chunks (one mutated from a copy
/// of the other) and on lists that share none.
@Suite struct ChunkedListEditTests {
    static func container(_ n: Int) -> ReorderContainer<String, String?> {
        ReorderContainer(collections: [ReorderCollection(id: nil, items: (0..<n).map { "i\($0)" })])
    }

    /// Applies `e` to `old`'s elements: what the page does with it.
    static func applied(_ e: ChunkedListEdit?, _ old: ChunkedList<String>, _ new: ChunkedList<String>) -> [String] {
        var a = Array(old)
        guard let e else { return a }
        a.replaceSubrange(e.start..<(e.start + e.removed), with: (e.start..<(e.start + e.inserted)).map { new[$0] })
        return a
    }

    @Test func equalListsHaveNoEdit() {
        let c = Self.container(5_000)
        #expect(c.collections[0].items.edit(from: c.collections[0].items) == nil)
        // Equal contents in unrelated chunks: compared element by element.
        #expect(Self.container(5_000).collections[0].items.edit(from: c.collections[0].items) == nil)
    }

    @Test func anInsertAtTheStartIsOneEntry() {
        let old = Self.container(10_000)
        var new = old
        _ = new.insert(["x"], into: 0, at: 0)
        let e = new.collections[0].items.edit(from: old.collections[0].items)
        #expect(e == ChunkedListEdit(start: 0, removed: 0, inserted: 1))
        #expect(Self.applied(e, old.collections[0].items, new.collections[0].items) == Array(new.collections[0].items))
    }

    @Test func aMoveIsTheRunBetweenItsEnds() {
        let old = Self.container(10_000)
        var new = old
        _ = new.delete(["i3"])
        _ = new.insert(["i3"], into: 0, at: 40)
        let e = new.collections[0].items.edit(from: old.collections[0].items)
        #expect(e == ChunkedListEdit(start: 3, removed: 38, inserted: 38))
        #expect(Self.applied(e, old.collections[0].items, new.collections[0].items) == Array(new.collections[0].items))
    }

    @Test(arguments: [0, 1, 511, 512, 513, 4_999, 5_000])
    func editsAnywhereRebuildTheNewList(at index: Int) {
        let old = Self.container(5_000)
        for shared in [true, false] {
            var new = old
            _ = new.insert(["x", "y"], into: 0, at: index)
            _ = new.delete(["i\(min(index, 4_999))"])
            if !shared { new.setOrders(new.orders) }  // fresh chunks: nothing shared
            let e = new.collections[0].items.edit(from: old.collections[0].items)
            #expect(Self.applied(e, old.collections[0].items, new.collections[0].items) == Array(new.collections[0].items))
            #expect((e?.removed ?? 0) + (e?.inserted ?? 0) <= 4, "at \(index), shared \(shared): \(String(describing: e))")
        }
    }

    @Test func aRepeatedRunIsKeptOnce() {
        // old a a b, new a b: the common prefix "a" and suffix "b" overlap nowhere.
        let old = ChunkedList(["a", "a", "b"])
        let new = ChunkedList(["a", "b"])
        let e = new.edit(from: old)
        #expect(e == ChunkedListEdit(start: 1, removed: 1, inserted: 0))
        #expect(Self.applied(e, old, new) == ["a", "b"])
    }
}
