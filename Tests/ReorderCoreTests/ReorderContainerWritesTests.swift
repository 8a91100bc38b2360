import ReorderCore
import TestSupport
import Testing

/// The write count (`_writes`) lets the conformance checks tell that a step
/// left the data alone without holding a copy of it across the step: an
/// unchanged count must mean unchanged data, and a read must not count.
@Suite("ReorderContainer: the write count")
struct ReorderContainerWritesTests {
    typealias Container = ReorderContainer<Int, Int>

    static func sample() -> Container {
        Container(
            collections: [
                ReorderCollection(id: 0, items: [1, 2, 3, 4], fixed: [90], capacity: 9),
                ReorderCollection(id: 1, items: [5, 6]),
            ], locked: [6])
    }

    @Test("reads count nothing")
    func reads() {
        let c = Self.sample()
        let start = c._writes
        _ = c.location(of: 3)
        _ = c.contains(5)
        _ = c.orders
        _ = c.entries
        _ = c.allItems()
        _ = c.locations()
        _ = c.destination(for: HitTarget(collection: 0, slot: 2), excludingSources: [2])
        _ = c.hasOrders([[1, 2, 3, 4], [5, 6]])
        var copy = c
        copy.isEnabled = false
        #expect(c._writes == start)
        #expect(copy._writes != start)
    }

    /// Each mutation that changes the data, by every way the API offers.
    @Test(
        "every change counts",
        arguments: [
            "apply", "insert at", "insert before", "delete", "delete fixed", "reload", "set orders", "set capacity", "set items",
            "lock", "unlock", "disable",
        ])
    func changes(_ name: String) {
        var c = Self.sample()
        let before = c
        var w: [ReorderWarning<Int, Int>] = []
        switch name {
        case "apply": c.applyCanonical(.init(sources: [4], destination: .init(collectionID: 0, position: .before(1))), warnings: &w)
        case "insert at": c.insert([7], into: 1, at: 0)
        case "insert before": c.insert([7], into: 0, before: 2)
        case "delete": c.delete([2])
        case "delete fixed": c.delete([90])
        case "reload": c.replaceCollections([ReorderCollection(id: 0, items: [1])])
        case "set orders": c.setOrders([[4, 3, 2, 1], [5, 6]])
        case "set capacity": c.setCapacity(3, in: 0)
        case "set items": c.setItems([9, 8], in: 1)
        case "lock": c.locked.insert(1)
        case "unlock": c.locked.remove(6)
        default: c.isEnabled = false
        }
        #expect(c != before)
        #expect(c._writes != before._writes)
    }

    /// Random steps, many of them no-ops (sources that are gone, deletes of
    /// missing IDs, inserts of present ones): wherever the count is
    /// unchanged, the data is the same.
    @Test("an unchanged count means unchanged data", arguments: [0, 1, 2])
    func unchangedMeansSame(seed: UInt64) {
        var rng = SplitMix64(seed: seed + 40)
        func r(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        var c = Container(collections: [ReorderCollection(id: 0, items: Array(0..<20)), ReorderCollection(id: 1, items: Array(20..<30))])
        var unchanged = 0
        var changed = 0
        for _ in 0..<2_000 {
            let before = c
            var w: [ReorderWarning<Int, Int>] = []
            switch r(4) {
            case 0:
                let sources = (0..<(1 + r(3))).map { _ in r(45) }
                c.applyCanonical(
                    .init(sources: sources, destination: .init(collectionID: r(3), position: .init(anchor: r(45)))), warnings: &w)
            case 1: c.insert([r(45)], into: r(2), at: r(12))
            case 2: c.delete([r(45)])
            default:
                let view = c.orders
                _ = view
            }
            if c._writes == before._writes {
                unchanged += 1
                #expect(c == before)
            } else {
                changed += 1
            }
        }
        // Both sides were exercised: the check above is not vacuous.
        #expect(unchanged > 200)
        #expect(changed > 200)
    }
}
