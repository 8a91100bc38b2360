import DragCorpus
import DragFuzz
import DragReader
import DragRecording
import DragReplay
import Foundation
import ReorderCore

func benchHitTest(_ report: inout Report) {
    for n in [1_000, 100_000] {
        let items: [StringID] = (0..<n).map { "i\($0)" }
        let single = ReorderContainer<StringID, StringID?>(collections: [ReorderCollection(id: nil, items: items)])
        let columns = ReorderContainer<StringID, StringID?>(
            collections: (0..<10).map { c in ReorderCollection(id: "c\(c)", items: Array(items[(c * n / 10)..<((c + 1) * n / 10)])) })
        let cases: [(String, Layout<StringID>, ReorderContainer<StringID, StringID?>)] = [
            (
                "list", Layout(kind: .list(rowHeight: 44, spacing: 1, headerHeight: 0, heights: [:]), width: 390, height: Double(n) * 45),
                single
            ),
            ("hstack", Layout(kind: .hstack(itemWidth: 80, spacing: 4, widths: [:]), width: Double(n) * 84, height: 100), single),
            (
                "grid",
                Layout(
                    kind: .grid(columns: .adaptive(minimum: 90), rowHeight: 90, spacing: 4, headerHeight: 0), width: 390,
                    height: Double(n) * 25), single
            ),
            (
                "board",
                Layout(
                    kind: .board(columnWidth: 220, spacing: 16, rowHeight: 40, rowSpacing: 8, headerHeight: 44), width: 2400,
                    height: Double(n) * 5 + 100), columns
            ),
        ]
        for (name, layout, container) in cases {
            var rng = Xoshiro256(seed: 3)
            let points = (0..<1000).map { _ in
                Point(x: Double(rng.next() % 1_000_000) / 1e6 * layout.width, y: Double(rng.next() % 1_000_000) / 1e6 * layout.height)
            }
            var hits = 0
            let rounds = n >= 100_000 ? 2 : 200
            let elapsed = timed(3) { for _ in 0..<rounds { for p in points where layout.hitTest(p, in: container) != nil { hits += 1 } } }
            report.row(
                "hit test \(name), \(n) items", rate(Double(points.count * rounds) / elapsed) + " locations", "",
                name == "board" ? "O(1) per point" : "O(sections) per point without per-item sizes")
        }
    }
}
