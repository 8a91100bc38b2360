import DragCorpus
import DragFuzz
import DragReader
import DragRecording
import DragReplay
import Foundation
import ReorderCore

/// A seeded recording of `count` events: drags of one to three items (mostly
/// moves, as real drags are), deferred applies, inserts and deletes by sync,
/// and an expect line now and then. Grammar-valid; replays with warnings only
/// where a sync deleted what a later lift names.
func generate(events count: Int, items: Int = 20, to path: String) throws {
    var rng = Xoshiro256(seed: 7)
    func r(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    var live: [StringID] = (0..<items).map { "item-\($0)" }
    var next = items
    let header = RecordingHeader(
        layout: Layout(kind: .list(rowHeight: 44, spacing: 1, headerHeight: 0, heights: [:]), width: 390, height: 844),
        collections: [CollectionSpec(items: live)], meta: .object(["title": .string("benchmark, \(count) events")]))
    var out = CanonicalWriter.line(for: header) + "\n"
    out.reserveCapacity(count * 80)
    var t = 0.0
    var written = 0
    let handle =
        FileHandle(forWritingAtPath: path)
        ?? {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            return FileHandle(forWritingAtPath: path)!
        }()
    handle.truncateFile(atOffset: 0)
    func emit(_ e: RecordedEvent) {
        out += CanonicalWriter.line(for: e) + "\n"
        written += 1
        if out.utf8.count > 1 << 20 {
            handle.write(Data(out.utf8))
            out = ""
        }
    }
    while written < count {
        t += Double(1 + r(16))
        switch r(20) {
        case 0 where live.count > 5:
            let i = r(live.count)
            emit(RecordedEvent(t: t, .mutation(.delete(items: [live[i]]))))
            live.remove(at: i)
        case 1:
            emit(RecordedEvent(t: t, .mutation(.insert(items: ["item-\(next)"], collection: nil, index: r(live.count + 1)))))
            live.insert("item-\(next)", at: min(r(live.count + 1), live.count))
            next += 1
        case 2:
            emit(RecordedEvent(t: t, .expect(Expectation(outcome: .moved))))
        default:
            var selection = [live[r(live.count)]]
            if r(4) == 0 {
                let extra = live[r(live.count)]
                if extra != selection[0] { selection.append(extra) }
            }
            emit(RecordedEvent(t: t, .lift(items: selection, x: 195, y: Double(r(live.count)) * 45 + 22, ops: .move, external: false)))
            for _ in 0..<(2 + r(8)) where written < count - 2 {
                t += 16
                emit(RecordedEvent(t: t, .move(x: Double(r(390)), y: Double(r(Int(45 * Double(live.count)))) + 0.5)))
            }
            t += 16
            let deferred = r(5) == 0
            if r(10) == 0 {
                emit(RecordedEvent(t: t, .cancel))
            } else {
                emit(RecordedEvent(t: t, .drop(x: 195, y: Double(r(Int(45 * Double(live.count)))), deferred: deferred)))
                if deferred {
                    t += 5
                    emit(RecordedEvent(t: t, .apply))
                }
            }
        // A lift of a deleted item is rejected at runtime; keep `live` honest for the next lift.
        }
    }
    handle.write(Data(out.utf8))
    handle.closeFile()
}

func dataPath(_ events: Int) -> String { "bench-data/recording-\(events).jsonl" }

func ensureData(_ events: Int) throws -> String {
    let path = dataPath(events)
    if !FileManager.default.fileExists(atPath: path) {
        try FileManager.default.createDirectory(atPath: "bench-data", withIntermediateDirectories: true)
        try generate(events: events, to: path)
    }
    return path
}

/// Writes `lines` to `path` through a buffered handle.
final class LineWriter {
    let handle: FileHandle
    var buffer = ""

    init(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: "bench-data", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        handle = FileHandle(forWritingAtPath: path)!
        buffer.reserveCapacity(1 << 21)
    }

    func write(_ line: String) {
        buffer += line
        buffer += "\n"
        if buffer.utf8.count > 1 << 20 { flush() }
    }

    func flush() {
        handle.write(Data(buffer.utf8))
        buffer = ""
    }

    func close() {
        flush()
        handle.closeFile()
    }
}

/// The same `count` events over a list of `items` items: drags, inserts and
/// deletes only ever touch the first `window` rows (a screenful), and the
/// rest of the container is filler after them, so only the container's
/// size differs between files. What "replay cost independent of container
/// size" is measured on. A line holds at most 1 MiB (spec 1), so the filler
/// arrives in `insert` lines of 50,000 IDs at t = 0; with `setupOnly` the
/// file stops there (its replay time is subtracted).
/// With `far` (issue 41 item 5), a drag lifts the list's last row (filler
/// no drag has moved yet) and drops it in the window at the top.
func generateWindowed(
    events count: Int, items: Int, window: Int = 100, setupOnly: Bool = false, far: Bool = false, to path: String
) throws {
    var rng = Xoshiro256(seed: 11)
    func r(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    var live: [StringID] = (0..<window).map { "w\($0)" }
    var next = window
    let header = RecordingHeader(
        layout: Layout(kind: .list(rowHeight: 44, spacing: 1), width: 390, height: Double(items + 10) * 45 + 1000),
        collections: [CollectionSpec(items: live)], meta: .object(["title": .string("windowed, \(count) events")]))
    let out = try LineWriter(path)
    out.write(CanonicalWriter.line(for: header))
    var start = 0
    while start < items - window {
        let end = min(start + 50_000, items - window)
        out.write(
            CanonicalWriter.line(
                for: RecordedEvent(t: 0, .mutation(.insert(items: (start..<end).map { "f\($0)" }, collection: nil, index: nil)))))
        start = end
    }
    if setupOnly {
        out.close()
        return
    }
    var t = 0.0
    var written = 0
    var farDrags = 0
    func emit(_ e: RecordedEvent) {
        out.write(CanonicalWriter.line(for: e))
        written += 1
    }
    while written < count {
        t += Double(1 + r(16))
        switch r(20) {
        case 0:
            let i = r(live.count)
            emit(RecordedEvent(t: t, .mutation(.delete(items: [live[i]]))))
            live[i] = "w\(next)"  // the window keeps its size: a new row takes the place
            emit(RecordedEvent(t: t, .mutation(.insert(items: [live[i]], collection: nil, index: i))))
            next += 1
        case 1:
            // A sync inserts at the top, and the bottom row of the window scrolls out of it.
            let id: StringID = "w\(next)"
            next += 1
            emit(RecordedEvent(t: t, .mutation(.insert(items: [id], collection: nil, index: 0))))
            let out = live.removeLast()
            live.insert(id, at: 0)
            emit(RecordedEvent(t: t, .mutation(.delete(items: [out]))))
        case _ where far:
            // The last row, across the whole list to the window at the top.
            emit(
                RecordedEvent(
                    t: t,
                    .lift(items: ["f\(items - window - 1 - farDrags)"], x: 195, y: Double(items - 1) * 45 + 22, ops: .move, external: false)
                ))
            farDrags += 1
            for m in 1...8 where written < count - 2 {
                t += 16
                emit(RecordedEvent(t: t, .move(x: 195, y: Double(items - 1) * 45 * Double(8 - m) / 8 + 0.5)))
            }
            t += 16
            emit(RecordedEvent(t: t, .drop(x: 195, y: Double(r(45 * live.count)), deferred: false)))
        default:
            let selection = [live[r(live.count)]]
            emit(RecordedEvent(t: t, .lift(items: selection, x: 195, y: Double(r(live.count)) * 45 + 22, ops: .move, external: false)))
            for _ in 0..<(2 + r(8)) where written < count - 2 {
                t += 16
                emit(RecordedEvent(t: t, .move(x: Double(r(390)), y: Double(r(45 * live.count)) + 0.5)))
            }
            t += 16
            emit(RecordedEvent(t: t, .drop(x: 195, y: Double(r(45 * live.count)), deferred: false)))
        // Keep the window's names honest: the drop reorders within it.
        }
    }
    out.close()
}

/// The photo grid of issue 11: a `grid` of `items` photos, drags of 48
/// moves each, and now and then a sync inserting a photo at index 0. With
/// `far` (issue 41 item 5), each drag lifts a photo among the last 400 and
/// drops it among the first 400, across the whole grid.
func generatePhotoGrid(events count: Int, items: Int = 10_000, far: Bool = false, to path: String) throws {
    var rng = Xoshiro256(seed: 13)
    func r(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    let columns = 4
    var n = items
    var next = items
    let header = RecordingHeader(
        layout: Layout(
            kind: .grid(columns: .fixed(columns), rowHeight: 96, spacing: 4), width: 400, height: Double(items / columns + 1000) * 100),
        collections: [CollectionSpec(items: (0..<items).map { "photo-\($0)" })],
        meta: .object(["title": .string("photo grid, \(count) events")]))
    let out = try LineWriter(path)
    out.write(CanonicalWriter.line(for: header))
    var t = 0.0
    var written = 0
    func emit(_ e: RecordedEvent) {
        out.write(CanonicalWriter.line(for: e))
        written += 1
    }
    func cell(_ k: Int) -> (Double, Double) { (Double(k % columns) * 100 + 25, Double(k / columns) * 100 + 48) }
    var order: [StringID] = (0..<items).map { "photo-\($0)" }
    while written < count {
        t += 16
        if r(10) == 0 {
            let id: StringID = "photo-\(next)"
            next += 1
            n += 1
            order.insert(id, at: 0)
            emit(RecordedEvent(t: t, .mutation(.insert(items: [id], collection: nil, index: 0))))
            continue
        }
        // Drag a photo from the first screens to somewhere nearby (far: from
        // the last screens to the first, in 48 even steps).
        let from = far ? n - 1 - r(min(n, 400)) : r(min(n, 400))
        let target = far ? r(min(n, 400)) : 0
        let (x, y) = cell(from)
        emit(RecordedEvent(t: t, .lift(items: [order[from]], x: x, y: y, ops: .move, external: false)))
        var to = from
        for m in 0..<48 where written < count - 2 {
            t += 16
            to = far ? from + (target - from) * (m + 1) / 48 : max(0, min(n - 1, to + r(9) - 4))
            let (mx, my) = cell(to)
            emit(RecordedEvent(t: t, .move(x: mx, y: my)))
        }
        t += 16
        let (dx, dy) = cell(to)
        emit(RecordedEvent(t: t, .drop(x: dx, y: dy, deferred: false)))
        // The replay decides where it lands; the generator only needs IDs
        // that exist for the next lift, so it re-reads nothing: `order` is
        // kept as a list of present IDs (drops do not remove any).
    }
    out.close()
}

/// `generate EVENTS PATH [ITEMS]`; the photo grid's file (`generate-grid
/// EVENTS PATH`) and the render matrix's list (`generate-list EVENTS ITEMS
/// PATH`), to measure one row alone; `-far`: every drag across the
/// container (issue 41 item 5).
func generateCommand(_ args: [String]) throws {
    switch args[0] {
    case "generate": try generate(events: Int(args[1])!, items: args.count > 3 ? Int(args[3])! : 20, to: args[2])
    case "generate-grid", "generate-grid-far":
        try generatePhotoGrid(events: Int(args[1])!, far: args[0].hasSuffix("-far"), to: args[2])
    default: try generateWindowed(events: Int(args[1])!, items: Int(args[2])!, far: args[0].hasSuffix("-far"), to: args[3])
    }
}
