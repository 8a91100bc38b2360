import ReorderCore
import TestSupport
import Testing

@Suite("ReorderContainer: the index and chunked storage against plain arrays")
struct ReorderContainerTests {
    /// Random interleavings of every mutation kind with canonical applies,
    /// at sizes that span one chunk, many chunks and splits and merges;
    /// each step compared with the array reference, the index checked.
    @Test("every mutation and apply agrees with the array reference, step after step", arguments: [0, 1, 2, 700, 3000, 10_000])
    func differential(size: Int) {
        var rng = SplitMix64(seed: UInt64(size) + 11)
        func r(_ n: Int) -> Int { Int(rng.next() % UInt64(max(n, 1))) }
        let collections = size < 3 ? 1 : 3
        var items = Array(0..<size).chunked(into: collections)
        var fixed = Array(repeating: [Int](), count: collections)
        if size > 10 { fixed[0] = [size + 1_000_000, size + 1_000_001] }
        items = items.map { $0.filter { !fixed[0].contains($0) } }
        var container = ReorderContainer<Int, Int>(
            collections: (0..<collections).map { ReorderCollection(id: $0, items: items[$0], fixed: fixed[$0]) })
        var model = ArrayModel(items: items, fixed: fixed)
        var next = size + 10
        let steps = size >= 10_000 ? 300 : 600
        for step in 0..<steps {
            func any() -> Int { r(8) == 0 ? next + 5 + r(5) : r(max(next, 1)) }
            let kind = r(6)
            var w: [ReorderWarning<Int, Int>] = []
            switch kind {
            case 0, 1:
                let k = [1, 2, 3, 8, 40, 600][r(6)]
                let sources = (0..<k).map { _ in any() }
                let anchor: Int? = r(6) == 0 ? nil : (r(3) == 0 && !sources.isEmpty ? sources[r(sources.count)] : any())
                let t = r(collections)
                container.applyCanonical(
                    .init(sources: sources, destination: .init(collectionID: t, position: .init(anchor: anchor))), warnings: &w)
                model.applyCanonical(sources: sources, collection: t, before: anchor)
            case 2:
                let ids = (0..<(1 + r(r(8) == 0 ? 900 : 3))).map { _ in
                    r(3) == 0
                        ? any()
                        : {
                            next += 1
                            return next
                        }()
                }
                let c = r(collections)
                let index: Int? = r(4) == 0 ? nil : r(model.items[c].count + 3)
                container.insert(ids, into: c, at: index)
                model.insert(ids, into: c, at: index)
            case 3:
                let ids = (0..<(1 + r(r(8) == 0 ? 900 : 3))).map { _ in any() }
                container.delete(ids)
                model.delete(ids)
            case 4:
                let ids = [next + 1, next + 2]
                next += 2
                let c = r(collections)
                let anchor: Int? = r(4) == 0 ? nil : any()
                container.insert(ids, into: c, before: anchor)
                model.insert(ids, into: c, before: anchor)
            default:
                if r(20) == 0 {
                    // A reload: new data, some of it the same.
                    let reloaded = model.items.map { $0.shuffled(using: &rng).filter { _ in r(10) != 0 } }
                    container.replaceCollections(
                        (0..<collections).map { ReorderCollection(id: $0, items: reloaded[$0], fixed: model.fixed[$0]) })
                    model.items = reloaded
                }
            }
            if ArrayModel(container) != model {
                Issue.record("step \(step) (kind \(kind)): the container and the reference differ")
                return
            }
            let problems = container._invariantProblems()
            if !problems.isEmpty {
                Issue.record("step \(step) (kind \(kind)): \(problems.prefix(3).joined(separator: "; "))")
                return
            }
            // Every present item is found where the arrays have it.
            for _ in 0..<3 {
                let id = any()
                let expected = model.items.indices.compactMap { c in model.items[c].firstIndex(of: id).map { (c, $0) } }.first
                let located = container.location(of: id)
                if let (c, i) = expected {
                    #expect(located == ItemLocation(collection: c, index: i, isFixed: false), "step \(step): \(id)")
                } else if !model.fixed.contains(where: { $0.contains(id) }) {
                    #expect(located == nil, "step \(step): \(id)")
                }
            }
        }
    }

    /// Per-item sizes: the measured O(log n) hit test against summing every entry.
    @Test("hit testing with per-item sizes matches the entry-by-entry sum at any size", arguments: [5, 600, 10_000])
    func measuredHitTest(size: Int) {
        var rng = SplitMix64(seed: UInt64(size))
        func r(_ n: Int) -> Int { Int(rng.next() % UInt64(max(n, 1))) }
        var heights: [Int: Double] = [:]
        for _ in 0..<(size / 5 + 1) { heights[r(size)] = [4.0, 30, 7.5, 13][r(4)] }
        let layout = Layout<Int>(kind: .list(rowHeight: 10, spacing: 2, heights: heights), width: 100, height: 1e9)
        var engine = DragEngine(
            container: ReorderContainer<Int, Int>(collections: [ReorderCollection(id: 0, items: Array(0..<size), fixed: [-1])]),
            layout: layout)
        var model = ArrayModel(engine.container)
        for round in 0..<40 {
            // Move a few items around so chunks split and sizes move with them.
            let sources = (0..<(1 + r(30))).map { _ in r(size) }
            let anchor = r(size)
            var w: [ReorderWarning<Int, Int>] = []
            var container = engine.container
            container.applyCanonical(.init(sources: sources, destination: .init(collectionID: 0, position: .before(anchor))), warnings: &w)
            engine.container = container
            model.applyCanonical(sources: sources, collection: 0, before: anchor)
            #expect(engine.container._invariantProblems().isEmpty)
            #expect(layout.isMeasured(by: engine.container))
            for _ in 0..<20 {
                let y = Double(r(size * 12 + 40)) + [0, 0.5, 0.25][r(3)]
                let got = layout.hitTest(Point(x: 50, y: y), in: engine.container)?.slot
                #expect(got == model.slot(at: y, in: 0, heights: heights, rowHeight: 10, spacing: 2), "round \(round), y \(y)")
            }
        }
    }

    @Test("a container too big to check itself after each mutation stays sound (checked here, as the tests must)")
    func bigContainerCheckedExplicitly() {
        // Above `_largestSelfChecked`, builds with DRAGREPLAY_INTERNAL_CHECKS
        // skip the O(n) check after each mutation; this test does it.
        let size = ReorderContainer<Int, Int>._largestSelfChecked + 1_000
        var c = ReorderContainer<Int, Int>(collections: [ReorderCollection(id: 0, items: Array(0..<size))])
        var model = Array(0..<size)
        _ = c.insert([-1, -2], into: 0, at: 0)
        model.insert(contentsOf: [-1, -2], at: 0)
        #expect(c._invariantProblems().isEmpty)
        _ = c.delete([5, size - 1])
        model.removeAll { $0 == 5 || $0 == size - 1 }
        var w: [ReorderWarning<Int, Int>] = []
        c.applyCanonical(.init(sources: [size - 2, 7], destination: .init(collectionID: 0, position: .before(-1))), warnings: &w)
        model.removeAll { $0 == size - 2 || $0 == 7 }
        model.insert(contentsOf: [size - 2, 7], at: 0)
        #expect(c._invariantProblems().isEmpty)
        #expect(c.orders == [model])
    }

    @Test("data where an ID stands twice (a buggy applier's) is held and handled the plain way")
    func irregular() {
        var c = ReorderContainer<Int, Int>(collections: [ReorderCollection(id: 0, items: [1, 2, 3])])
        #expect(!c.hasRepeatedIDs)
        c.setOrders([[1, 2, 2, 3]])
        #expect(c.hasRepeatedIDs)
        #expect(c._invariantProblems().isEmpty)
        #expect(c.orders == [[1, 2, 2, 3]])
        var w: [ReorderWarning<Int, Int>] = []
        c.applyCanonical(.init(sources: [3], destination: .init(collectionID: 0, position: .before(1))), warnings: &w)
        #expect(c.orders == [[3, 1, 2, 2]])
        c.delete([2])
        #expect(c.orders == [[3, 1]])
        #expect(!c.hasRepeatedIDs)
        #expect(c._invariantProblems().isEmpty)
        // An ID in a fixed entry and among the items, past the index threshold too.
        let big = ReorderContainer<Int, Int>(collections: [ReorderCollection(id: 0, items: Array(0..<100) + [5], fixed: [7])])
        #expect(big.hasRepeatedIDs)
        #expect(!ReorderContainer<Int, Int>(collections: [ReorderCollection(id: 0, items: Array(0..<100))]).hasRepeatedIDs)
    }
}

extension Array {
    /// Splits into `n` runs of nearly equal length.
    func chunked(into n: Int) -> [[Element]] {
        (0..<n).map { i in Array(self[(i * count / n)..<((i + 1) * count / n)]) }
    }
}

@Suite("ReorderList: a single list on the container's storage")
struct ReorderListTests {
    typealias Single = ReorderDifference<Int, ReorderableSingleCollectionIdentifier>

    @Test("documented example")
    func example() {
        var list = ReorderList(Array(0..<1_000))
        list.apply(Single(sources: [7, 3], destination: .init(collectionID: .init(), position: .before(0))))
        #expect(Array(list.items.prefix(3)) == [7, 3, 0])
        #expect(list.items.count == 1_000)
        #expect(list.container._invariantProblems().isEmpty)
    }
}
