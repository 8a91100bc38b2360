import DragCorpus
import DragFuzz
import DragReader
import DragRecording
import DragReplay
import Foundation
import ReorderCore

/// Issue 11: replay cost independent of container size, the photo grid,
/// `check` in constant memory, and the engine's own apply against a copy.
func benchContainer(_ report: inout Report, quick: Bool) throws {
    try benchWindowedReplay(&report, quick: quick)
    try benchPhotoGrid(&report, quick: quick)
    try benchCheckMemory(&report, quick: quick)
    benchEngineApply(&report, quick: quick)
}

/// The same 10^5 events over 10^2, 10^4 and 10^6 items.
private func benchWindowedReplay(_ report: inout Report, quick: Bool) throws {
    let events = quick ? 20_000 : 100_000
    var rates: [(Int, Double)] = []
    for items in [100, 10_000, 1_000_000] {
        let path = "bench-data/windowed-\(events)-\(items).jsonl"
        let setup = "bench-data/windowed-setup-\(items).jsonl"
        if !FileManager.default.fileExists(atPath: path) { try generateWindowed(events: events, items: items, to: path) }
        if !FileManager.default.fileExists(atPath: setup) { try generateWindowed(events: 0, items: items, setupOnly: true, to: setup) }
        // Rounds interleave the two files, so drift lands on both alike.
        var full: [Double] = []
        var bare: [Double] = []
        for _ in 0..<3 {
            full.append(child(["replay", path]).0)
            bare.append(child(["replay", setup]).0)
        }
        rates.append((items, Double(events) / max(median(full) - median(bare), 1e-6)))
    }
    for (items, r) in rates {
        report.row(
            "replay the same \(events) events over \(items) items (setup inserts subtracted)", rate(r) + " events",
            "10^2 items: \(rate(rates[0].1))", "\(f(r / rates[0].1, 2))x")
    }
    let ratio = rates.last!.1 / rates.first!.1
    report.target("replay over 10^6 items at least 0.5x the events/s over 10^2", ratio >= 0.5, "\(f(ratio, 2))x")
}

/// The photo grid: 10,000 photos, drags of 48 moves, inserts at index 0.
private func benchPhotoGrid(_ report: inout Report, quick: Bool) throws {
    let gridEvents = quick ? 100_000 : 1_000_000
    let grid = "bench-data/photo-grid-\(gridEvents).jsonl"
    if !FileManager.default.fileExists(atPath: grid) { try generatePhotoGrid(events: gridEvents, to: grid) }
    var read: [Double] = []
    var replay: [Double] = []
    for _ in 0..<3 {
        read.append(child(["read", grid]).0)
        replay.append(child(["replay", grid]).0)
    }
    let (r, p) = (median(read), median(replay))
    report.row("photo grid (10,000 items, \(gridEvents) events): replay", "\(f(p))s", "read alone \(f(r))s", "\(f(p / r, 2))x reading")
    report.target("photo-grid replay at most 1.25x reading (issue 24)", p / r <= 1.25, "\(f(p / r, 2))x")
}

/// `check` peak memory at 10^4, 10^5, 10^6 events.
private func benchCheckMemory(_ report: inout Report, quick: Bool) throws {
    var peaks: [(Int, Double)] = []
    for size in quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000] {
        peaks.append((size, child(["check", try ensureData(size)]).1))
    }
    report.row("check peak memory", peaks.map { "\($0.0): \(f($0.1, 1)) MiB" }.joined(separator: ", "), "", "")
    let growth = peaks.last!.1 / peaks.first!.1
    report.target("check peak at \(peaks.last!.0) events within 1.2x of 10^4", growth <= 1.2, "\(f(growth, 2))x")
}

/// The engine's own apply: k = 1000 sources into n = 10^6, consecutive
/// applies on the container the engine owns, against one array copy.
private func benchEngineApply(_ report: inout Report, quick: Bool) {
    let n = quick ? 100_000 : 1_000_000
    let items = Array(0..<n)
    var container = ReorderContainer<Int, Int>(collections: [ReorderCollection(id: 0, items: items)])
    var sink = 0
    let copy = timed(9) {
        let c = items.map { $0 }
        sink &+= c.count
    }
    var times: [Double] = []
    var warnings: [ReorderWarning<Int, Int>] = []
    for round in 0..<9 {
        var g = Xoshiro256(seed: UInt64(round + 1))
        var chosen = Set<Int>()
        while chosen.count < 1000 { chosen.insert(Int(g.next() % UInt64(n))) }
        var anchor = Int(g.next() % UInt64(n))
        while chosen.contains(anchor) { anchor = Int(g.next() % UInt64(n)) }
        let d = ReorderDifference<Int, Int>(sources: Array(chosen), destination: .init(collectionID: 0, position: .before(anchor)))
        let t = seconds()
        container.applyCanonical(d, warnings: &warnings)
        times.append(seconds() - t)
    }
    sink &+= container.collections[0].items.count
    let apply = median(times)
    report.row(
        "engine apply, Int, n=\(n), k=1000 (ReorderContainer.applyCanonical)", "\(f(apply * 1000, 3))ms",
        "array copy \(f(copy * 1000, 3))ms",
        "\(f(apply / copy, 2))x copy")
    report.target("engine's canonical apply (n=\(n), k=1000) within 3x one array copy", apply / copy <= 3, "\(f(apply / copy, 2))x")
    if sink == 42 { print("") }
}
