import DragRender
import Foundation
import ReorderCore
import Testing

/// Size and speed on synthetic recordings: a list of 20 rows, drags of a
/// lift, 48 moves and a drop, an insert every 20 drags. Prints the figures
/// (no timed assertions: machines differ); checks only what must hold
/// anywhere: the output stays small per event. 10^5 events run in release
/// builds, or with DRAGRENDER_BENCH_FULL=1.
@Suite(.serialized) struct RenderBenchmarkTests {
    static let optimized: Bool = {
        #if DEBUG
        return false
        #else
        return true
        #endif
    }()

    static var sizes: [Int] {
        let full = optimized || ProcessInfo.processInfo.environment["DRAGRENDER_BENCH_FULL"] == "1"
        return full ? [1_000, 10_000, 100_000] : [1_000, 10_000]
    }

    /// `fresh`: a new snapshot value with every event, as a replayer that
    /// does not keep its last one gives them (the builder then compares
    /// contents instead of storage).
    @Test(arguments: [false, true])
    func buildAndRenderFigures(fresh: Bool) {
        for n in Self.sizes {
            let events = Synthetic.events(n, freshSnapshots: fresh)
            let clock = ContinuousClock()
            var doc: RenderDocument?
            let build = clock.measure {
                var b = RenderBuilder(header: Synthetic.header, initial: Synthetic.snapshot(Synthetic.initialItems))
                for e in events { b.append(e) }
                doc = b.finish()
            }
            guard let doc else { return }
            var page = ""
            let render = clock.measure { page = HTMLRenderer.page(doc) }
            var svg = ""
            let svgTime = clock.measure { svg = SVGRenderer.svg(doc) }
            let bytes = page.utf8.count
            print(
                "DragRenderTests: \(n) events\(fresh ? " (fresh snapshots)" : "") -> \(doc.steps.count) steps, "
                    + "\(doc.steps.count { $0.modelChange != nil }) data changes, \(doc.paths.count) paths; build \(ms(build)), page \(ms(render)) "
                    + "(\(String(format: "%.2f", Double(bytes) / 1_000_000)) MB, \(bytes / max(n, 1)) B/event), svg \(ms(svgTime)) "
                    + "(\(svg.utf8.count / 1000) kB)")
            #expect(doc.eventCount == n)
            #expect(bytes < 200 * n + 100_000, "the page grows faster than expected: \(bytes) bytes for \(n) events")
        }
    }

    private func ms(_ d: Duration) -> String {
        let c = d.components
        return String(format: "%.1f ms", Double(c.seconds) * 1000 + Double(c.attoseconds) / 1e15)
    }
}

/// The synthetic recording, built the way a replayer fills `RenderEvent`:
/// the current data, a placeholder bar at the hit slot, one data value
/// reused while the data does not change.
enum Synthetic {
    static let rowHeight = 10.0, width = 100.0
    static let initialItems: [StringID] = (0..<20).map { "item-\($0)" }
    static let header = RenderHeader(
        title: "synthetic", path: "synthetic.jsonl", subject: "benchmark",
        layout: .rows(
            width: width, height: 100_000))

    static func snapshot(_ items: [StringID]) -> RenderData { Fixtures.list(items) }

    static func events(_ n: Int, freshSnapshots: Bool = false) -> [RenderEvent] {
        var items = initialItems
        var data = snapshot(items)
        var out: [RenderEvent] = []
        out.reserveCapacity(n)
        var line = 2
        var t = 0.0
        var drag = 0
        var inserted = 0
        var rng = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)
        func random(_ bound: Int) -> Int { Int(rng.next() % UInt64(bound)) }
        func emit(_ e: RenderEvent) {
            guard out.count < n else { return }
            var e = e
            if freshSnapshots { e.data = snapshot(items) }
            out.append(e)
            line += 1
            t += 16
        }
        while out.count < n {
            if drag > 0 && drag % 20 == 0 && inserted < drag / 20 {
                inserted += 1
                let id: StringID = "new-\(inserted)"
                let index = random(items.count + 1)
                items.insert(id, at: index)
                data = snapshot(items)
                emit(RenderEvent(line: line, t: t, text: "insert [\(id)] at \(index)", kind: .mutation(.insert), data: data))
                continue
            }
            drag += 1
            let from = random(items.count)
            let item = items[from]
            let session = [RenderSession(number: 0, items: [item], sources: [item])]
            let startY = Double(from) * rowHeight + rowHeight / 2
            let endY = Double(random(items.count)) * rowHeight + rowHeight * 0.3
            emit(
                RenderEvent(
                    line: line, t: t, text: "lift s0 [\(item)] at (50, \(startY))", kind: .lift, session: 0,
                    location: Point(x: 50, y: startY), data: data, activeSessions: session))
            var hit = HitTarget(collection: 0, slot: 0)
            var anchor: StringID?
            for j in 1...49 {
                let y = ((startY + (endY - startY) * Double(min(j, 48)) / 48) * 2).rounded() / 2
                let slot = min(max(Int((y + rowHeight / 2) / rowHeight), 0), items.count)
                hit = HitTarget(collection: 0, slot: slot)
                anchor = items[slot...].first { $0 != item }
                let bar = Rect(x: 0, y: Double(slot) * rowHeight - 1, width: width, height: 2)
                let destination = anchor.map { "before \"\($0)\"" } ?? "end"
                let isDrop = j == 49
                if isDrop {
                    items.removeAll { $0 == item }
                    if let anchor, let k = items.firstIndex(of: anchor) { items.insert(item, at: k) } else { items.append(item) }
                    data = snapshot(items)
                }
                emit(
                    RenderEvent(
                        line: line, t: t, text: isDrop ? "drop s0 at (50, \(y))" : "move s0 to (50, \(y))",
                        kind: isDrop ? .drop : .move, session: 0, location: Point(x: 50, y: y), hit: hit,
                        placeholder: bar, operation: .move, destination: destination, outcome: isDrop ? "moved" : nil,
                        difference: isDrop ? RenderDifference(sources: [item], before: anchor) : nil, data: data,
                        activeSessions: isDrop ? [] : session))
            }
        }
        return out
    }
}
