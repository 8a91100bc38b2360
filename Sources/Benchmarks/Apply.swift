import DragCorpus
import DragFuzz
import DragReader
import DragRecording
import DragReplay
import Foundation
import ReorderCore

func benchApply(_ report: inout Report, quick: Bool) {
    for n in quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000] {
        for k in [1, 100, 1000] { applyRow(&report, n: n, k: k, id: { $0 }, type: "Int") }
    }
    // The CLI's own ID type.
    applyRow(&report, n: quick ? 100_000 : 1_000_000, k: 1000, id: { "item-\($0)" }, type: "String")
}

func applyRow<ID: Hashable & Sendable>(_ report: inout Report, n: Int, k: Int, id: (Int) -> ID, type: String) {
    let items = (0..<n).map(id)
    let base = ReorderContainer<ID, Int>(collections: [ReorderCollection(id: 0, items: items)])
    var rng = Xoshiro256(seed: UInt64(n + k))
    var picked = Set<Int>()
    while picked.count < k { picked.insert(Int(rng.next() % UInt64(n))) }
    let sources = picked.map(id)
    let sourceSet = Set(sources)
    var anchorIndex = Int(rng.next() % UInt64(n))
    while picked.contains(anchorIndex) { anchorIndex = Int(rng.next() % UInt64(n)) }
    let anchor = id(anchorIndex)
    let d = ReorderDifference<ID, Int>(sources: sources, destination: .init(collectionID: 0, position: .before(anchor)))
    let repeats = n >= 1_000_000 ? 5 : 9
    var sink = 0
    let copy = timed(repeats) {
        let c = items.map { $0 }
        sink &+= c.count
    }
    let canonical = timed(repeats) {
        var c = base
        var w: [ReorderWarning<ID, Int>] = []
        c.applyCanonical(d, warnings: &w)
        sink &+= c.collections[0].items.count
    }
    // The floor of any design that hashes every item: one Set probe per item.
    let probe = timed(repeats) {
        var hits = 0
        for x in items where sourceSet.contains(x) { hits += 1 }
        sink &+= hits
    }
    // The grid article's helper: filter and removeAll with Array.contains, O(n * k).
    let naive = timed(n * k >= 100_000_000 ? 1 : 3) {
        var a = items
        let moving = a.filter { d.sources.contains($0) }
        a.removeAll { d.sources.contains($0) }
        let index = a.firstIndex { $0 == anchor } ?? a.endIndex
        a.insert(contentsOf: moving, at: index)
        sink &+= a.count
    }
    // ReorderList: the same rule on chunked storage. Built once (the app's
    // data structure), then consecutive applies of different differences.
    let buildStart = seconds()
    var list = ReorderList(items)
    let build = seconds() - buildStart
    var listTimes: [Double] = []
    for r in 0..<repeats {
        var g = Xoshiro256(seed: UInt64(n * 31 + k * 7 + r))
        var chosen = Set<Int>()
        while chosen.count < k { chosen.insert(Int(g.next() % UInt64(n))) }
        var a = Int(g.next() % UInt64(n))
        while chosen.contains(a) { a = Int(g.next() % UInt64(n)) }
        let step = ReorderDifference<ID, ReorderableSingleCollectionIdentifier>(
            sources: chosen.map(id), destination: .init(collectionID: .init(), position: .before(id(a))))
        let t = seconds()
        list.apply(step)
        listTimes.append(seconds() - t)
    }
    let listed = median(listTimes)
    sink &+= list.count
    report.row(
        "apply \(type) n=\(n) k=\(k): ReorderList (chunked)", "\(f(listed * 1000, 3))ms",
        "copy \(f(copy * 1000, 2))ms; naive \(f(naive * 1000, 1))ms",
        "\(f(listed / copy, 2))x copy; naive \(f(naive / listed, 0))x slower; built once in \(f(build * 1000, 1))ms")
    if n == 1_000_000 && k == 1000 {
        report.target("\(type): ReorderList canonical (n=10^6, k=1000) within 3x a copy", listed / copy <= 3, "\(f(listed / copy, 2))x")
        report.target(
            "\(type): ReorderList canonical at least 100x faster than the naive helper", naive / listed >= 100, "\(f(naive / listed, 0))x")
    }
    // Each timed apply starts from a copy of `base`, so it pays copy-on-write
    // for the chunks it touches and the ID index: what applying to a value
    // someone else still holds costs. The engine's own consecutive applies
    // are the "engine apply" row (Container.swift), with its target.
    report.row(
        "apply \(type) n=\(n) k=\(k): ReorderContainer on a shared copy", "\(f(canonical * 1000, 2))ms",
        "copy \(f(copy * 1000, 2))ms; Set probe per item \(f(probe * 1000, 2))ms; naive \(f(naive * 1000, 1))ms",
        "\(f(canonical / copy, 2))x copy, \(f(canonical / probe, 2))x the probe floor; naive \(f(naive / canonical, 0))x slower")
}
