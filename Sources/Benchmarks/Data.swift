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
    var live = (0..<items).map { "item-\($0)" }
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
            emit(RecordedEvent(t: t, .delete(items: [live[i]])))
            live.remove(at: i)
        case 1:
            emit(RecordedEvent(t: t, .insert(items: ["item-\(next)"], collection: nil, index: r(live.count + 1))))
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
