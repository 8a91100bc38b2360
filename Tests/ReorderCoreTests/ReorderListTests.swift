import ReorderCore
import TestSupport
import Testing

@Suite("ReorderList: the canonical rule on chunked storage")
struct ReorderListTests {
    typealias Single = ReorderDifference<Int, ReorderableSingleCollectionIdentifier>

    /// Random differences over a list long enough to span many chunks:
    /// missing and duplicated sources, anchors among the sources, missing
    /// anchors, the end; each step compared with `ReorderContainer`.
    @Test("gives the same order as the canonical container apply, step after step", arguments: [0, 1, 2, 700, 3000] as [Int])
    func differential(size: Int) {
        var rng = SplitMix64(seed: UInt64(size) + 1)
        func r(_ n: Int) -> Int { Int(rng.next() % UInt64(max(n, 1))) }
        var list = ReorderList(Array(0..<size))
        var container = ReorderContainer<Int, Int>(collections: [.init(id: 0, items: Array(0..<size))])
        for step in 0..<400 {
            var sources: [Int] = []
            let k = [0, 1, 2, 5, 40, 600][r(6)]
            for _ in 0..<k { sources.append(r(10) == 0 ? size + r(5) : r(max(size, 1))) }  // some missing, some repeated
            let anchor: Int? =
                r(6) == 0 ? nil : (r(8) == 0 ? size + 99 : (r(3) == 0 && !sources.isEmpty ? sources[r(sources.count)] : r(max(size, 1))))
            var w: [ReorderWarning<Int, Int>] = []
            let expected = container.applyCanonical(
                .init(sources: sources, destination: .init(collectionID: 0, position: anchor.map { .before($0) } ?? .end)), warnings: &w)
            let got = list.apply(
                Single(sources: sources, destination: .init(collectionID: .init(), position: anchor.map { .before($0) } ?? .end)))
            #expect(got == expected, "step \(step)")
            if list.items != container.collections[0].items {
                Issue.record("step \(step): orders differ after \(sources.count) sources before \(String(describing: anchor))")
                return
            }
        }
        #expect(list.count == size)
    }

    @Test("documented example")
    func example() {
        var list = ReorderList(Array(0..<1_000))
        list.apply(Single(sources: [7, 3], destination: .init(collectionID: .init(), position: .before(0))))
        #expect(Array(list.items.prefix(3)) == [7, 3, 0])
        #expect(list.items.count == 1_000)
    }
}
