import Foundation
import ReorderCore
import TestSupport
import Testing

/// Hardening, class 1: hit testing, frames and the engine take any Double a
/// library caller passes (the reader's limits are not theirs) without a trap,
/// and give answers in range. A trap here kills the test process: the
/// failure is loud.
@Suite("Extreme values in the core (hardening, class 1)")
struct ExtremeValuesTests {
    static let values: [Double] = [
        .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, 0, -0.0, 1e-300,
        1e300, 9.3e19, -9.3e19, 9.2e18, 1e21, 1e12, 0.5, 5, 1e-6,
    ]

    static let containers: [TContainer] = [
        single("a b c"), named(["s0": "a b", "s1": "", "s2": "c d e"]), single("a b", fixed: "f"),
    ]

    /// Every layout kind with `v` in one parameter at a time.
    static func layouts(_ v: Double) -> [Layout<StringID>] {
        let sizes: [StringID: Double] = ["a": v, "c": 3]
        return [
            Layout(kind: .list(rowHeight: v, spacing: 2, headerHeight: 5), width: 100, height: 100),
            Layout(kind: .list(rowHeight: 10, spacing: v, headerHeight: v), width: 100, height: v),
            Layout(kind: .list(rowHeight: 10, spacing: 0, headerHeight: 0, heights: sizes), width: v, height: v),
            Layout(kind: .hstack(itemWidth: v, spacing: 1, widths: sizes), width: v, height: 100),
            Layout(kind: .grid(columns: .adaptive(minimum: v), rowHeight: 10, spacing: 2, headerHeight: 0), width: 100, height: 100),
            Layout(kind: .grid(columns: .adaptive(minimum: 1e-300), rowHeight: v, spacing: v, headerHeight: 3), width: 1e300, height: v),
            Layout(kind: .grid(columns: .fixed(3), rowHeight: v, spacing: 0, headerHeight: v), width: v, height: 100),
            Layout(kind: .board(columnWidth: v, spacing: v, rowHeight: 10, rowSpacing: v, headerHeight: 0), width: 100, height: v),
            Layout(kind: .board(columnWidth: 30, spacing: 0, rowHeight: v, rowSpacing: 0, headerHeight: v), width: v, height: v),
        ]
    }

    static let columnCounts = [Int.max, Int.max / 2, Int.min, -1, 0, 1, 1_000_000]

    @Test("hit testing: any Double in any parameter and any point; the slot stays in 0 ... entries", arguments: values)
    func hitTestNeverTraps(_ v: Double) {
        for container in Self.containers {
            var layouts = Self.layouts(v)
            for n in Self.columnCounts {
                layouts.append(
                    Layout(kind: .grid(columns: .fixed(n), rowHeight: 10, spacing: v, headerHeight: 0), width: 100, height: 1e21))
            }
            for layout in layouts {
                _ = layout.gridMetrics()
                for x in Self.values + [1, 50, 99] {
                    for y in [v, 1, 9.3e19, 5, 99, .nan] + Self.values.prefix(4) {
                        guard let hit = layout.hitTest(Point(x: x, y: y), in: container) else { continue }
                        #expect(hit.collection >= 0 && hit.collection < container.collections.count)
                        #expect(hit.slot >= 0 && hit.slot <= container.collections[hit.collection].entryCount)
                        _ = container.destination(for: hit, excludingSources: ["a"])
                    }
                }
            }
        }
    }

    @Test("frames and leading-half points: any Double, any column count", arguments: values)
    func framesNeverTrap(_ v: Double) {
        for container in Self.containers {
            var layouts = Self.layouts(v)
            for n in Self.columnCounts {
                layouts.append(Layout(kind: .grid(columns: .fixed(n), rowHeight: v, spacing: 0, headerHeight: 0), width: 100, height: 100))
            }
            for layout in layouts {
                let frames = layout.frames(in: container)
                #expect(frames.count == container.collections.count)
                for f in frames.joined() { _ = layout.leadingHalfPoint(of: f) }
            }
        }
    }

    @Test("the engine: lifts, moves and drops anywhere in extreme layouts", arguments: values)
    func engineNeverTraps(_ v: Double) {
        for layout in Self.layouts(v) {
            var engine = DragEngine(container: named(["s0": "a b", "s1": "c d e"]), layout: layout)
            for (i, p) in [Point(x: v, y: v), Point(x: 5, y: v), Point(x: v, y: 5), Point(x: 1, y: 9.3e19)].enumerated() {
                _ = engine.handle(.lift(session: i, items: ["a"], at: p, operations: .all, external: i == 2))
                _ = engine.handle(.move(session: i, at: p))
                _ = engine.handle(.drop(session: i, at: p, deferred: false))
            }
        }
    }

    @Test("the sweep's repros: a list 1e21 high hit at 9.3e19; 2^63-1 columns; an adaptive grid 1e300 wide with minimum 1e-300")
    func repros() {
        let c = single("a b")
        let list = Layout<StringID>(kind: .list(rowHeight: 10), width: 100, height: 1e21)
        #expect(list.hitTest(Point(x: 5, y: 9.3e19), in: c) == HitTarget(collection: 0, slot: 2))
        let wide = Layout<StringID>(kind: .grid(columns: .fixed(Int.max), rowHeight: 10), width: 100, height: 100)
        // Cells 1e-17 wide: x = 0 is before the first one's midpoint; x = 5
        // is in column 5e17, past both entries.
        #expect(wide.hitTest(Point(x: 0, y: 5), in: c) == HitTarget(collection: 0, slot: 0))
        #expect(wide.hitTest(Point(x: 5, y: 5), in: c) == HitTarget(collection: 0, slot: 2))
        let adaptive = Layout<StringID>(
            kind: .grid(columns: .adaptive(minimum: 1e-300), rowHeight: 10), width: 1e300, height: 100)
        #expect(adaptive.gridMetrics()?.columns == Int.max / 2)
        #expect(adaptive.hitTest(Point(x: 1e299, y: 5), in: c) != nil)
    }

    @Test("the clamped slot guess agrees with counting midpoints one by one (10,000 random finite layouts)")
    func uniformSlotIsExact() {
        var rng = SplitMix64(seed: 3)
        func draw(_ scale: Double) -> Double { Double(rng.next() % 1_000_000) / 1_000_000 * scale }
        for _ in 0..<10_000 {
            let magnitude = [1e-6, 1e-3, 1, 10, 1e6, 1e12][Int(rng.next() % 6)]
            let rowHeight = max(1e-6, draw(magnitude))
            let spacing = rng.next() % 3 == 0 ? 0 : draw(magnitude)
            let header = rng.next() % 2 == 0 ? 0 : draw(magnitude * 100)
            let n = Int(rng.next() % 40)
            let items = (0..<n).map { "i\($0)" }.joined(separator: " ")
            let layout = Layout<StringID>(
                kind: .list(rowHeight: rowHeight, spacing: spacing, headerHeight: header), width: 100, height: 1e300)
            let y = draw(header + Double(n + 1) * (rowHeight + spacing))
            var expected = 0
            for k in 0..<n where header + Double(k) * (rowHeight + spacing) + rowHeight / 2 <= y { expected = k + 1 }
            #expect(layout.hitTest(Point(x: 1, y: y), in: single(items))?.slot == expected)
        }
    }
}
