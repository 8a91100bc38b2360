import Foundation
import ReorderCore
import TestSupport
import Testing

/// Issue 21's other big page: a list of 10^6 rows (100 rows of a screen,
/// then 999,900 more inserted at the start of the recording, 50,000 a
/// line) and 10^5 events of drags, inserts and deletes near the top, as
/// `Sources/Benchmarks` generates it, with one failing `expect` half way.
/// Rendered by the real (debug) CLI and opened in headless Chromium: the
/// page must open at the failure with a small window of rows in the DOM,
/// the rows around the finger among them and the far ones not. The open
/// time and the per-step script time are printed, not asserted. In the
/// same serialized suite as the grid's page, so the two never share the
/// machine's cores.
extension BigPageBrowserTests {
    static let listRow = 45.0  // rowHeight 44, spacing 1

    /// The recording: rows `w0` ... `w{window-1}`, then `f0` ... appended,
    /// then `events` events that only touch the first `window` rows.
    static func longList(events: Int, items: Int, window: Int = 100) -> String {
        var rng = SplitMix64(seed: 11)
        func r(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        var live = (0..<window).map { "w\($0)" }
        let header =
            #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":390,"height":\#((items + 10) * 45 + 1000),"#
            + #""rowHeight":44,"spacing":1},"collections":[{"items":[\#(live.map { "\"\($0)\"" }.joined(separator: ","))]}]},"#
            + #""meta":{"title":"a list of \#(items) rows, \#(events) events"}}"#
        var lines = [header]
        for start in stride(from: 0, to: items - window, by: 50_000) {
            let ids = (start..<min(start + 50_000, items - window)).map { "\"f\($0)\"" }.joined(separator: ",")
            lines.append(#"{"type":"insert","t":0,"items":[\#(ids)]}"#)
        }
        var t = 0
        var written = 0
        var next = window
        var failed = false
        func emit(_ s: String) {
            lines.append(s)
            written += 1
        }
        while written < events {
            t += 1 + r(16)
            switch r(20) {
            case 0:  // a row deleted, another inserted in its place
                let i = r(live.count)
                emit(#"{"type":"delete","t":\#(t),"items":["\#(live[i])"]}"#)
                live[i] = "w\(next)"
                next += 1
                emit(#"{"type":"insert","t":\#(t),"items":["\#(live[i])"],"index":\#(i)}"#)
            case 1:  // a sync inserts at the top; the window's last row scrolls out
                let id = "w\(next)"
                next += 1
                emit(#"{"type":"insert","t":\#(t),"items":["\#(id)"],"index":0}"#)
                emit(#"{"type":"delete","t":\#(t),"items":["\#(live.removeLast())"]}"#)
                live.insert(id, at: 0)
            default:
                emit(#"{"type":"lift","t":\#(t),"items":["\#(live[r(live.count)])"],"x":195,"y":\#(r(live.count) * 45 + 22)}"#)
                for _ in 0..<(2 + r(8)) where written < events - 2 {
                    t += 16
                    emit(#"{"type":"move","t":\#(t),"x":\#(r(390)),"y":\#(Double(r(45 * live.count)) + 0.5)}"#)
                    if !failed && written > events / 2 {
                        failed = true  // the drag answers move: an expected copy fails
                        emit(#"{"type":"expect","t":\#(t),"operation":"copy"}"#)
                    }
                }
                t += 16
                emit(#"{"type":"drop","t":\#(t),"x":195,"y":\#(r(45 * live.count))}"#)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The first `h` rows of the data after step `n`, and how many rows
    /// there are, from the page's own document: its initial data with each
    /// step's edits applied. Past the first `h` rows the list is the filler
    /// in order (`f0`, `f1`, ...: nothing after the fill touches it), so an
    /// edit there only changes the count, and rows that shift into the
    /// first `h` are the filler's next ones.
    static func head(of page: CLIPageBrowserTests.Page, at n: Int, rows h: Int) throws -> (ids: [String], count: Int) {
        let data = try #require(page.json["data"] as? [String: Any])
        let first = try #require((data["collections"] as? [[Any]])?.first)
        var head = try #require(first[3] as? [String])
        var count = head.count
        for st in page.steps.prefix(n + 1) {
            guard let change = st["dm"] as? [String: Any] else { continue }
            #expect(change["all"] == nil, "a change of the collections themselves")
            for e in change["edits"] as? [[Any]] ?? [] {
                let start = try #require(e[1] as? Int)
                let removed = try #require(e[2] as? Int)
                let inserted = try #require(e[3] as? [Any])
                count += inserted.count - removed
                guard start < h else {
                    #expect(removed == 0, "an edit past the first \(h) rows that removes rows: \(start), \(removed)")
                    continue
                }
                try #require(start + removed <= head.count, "an edit across the first \(h) rows: \(start), \(removed)")
                head.replaceSubrange(start..<(start + removed), with: try #require(inserted as? [String]))
                if head.count > h { head.removeLast(head.count - h) }
                while head.count < min(h, count), let last = head.last, last.hasPrefix("f"), let k = Int(last.dropFirst()) {
                    head.append("f\(k + 1)")
                }
            }
        }
        return (head, count)
    }

    /// The DOM dump without the document's JSON (24 MB here), which the
    /// dump repeats and the checks do not read.
    static func withoutDocument(_ html: String) -> String {
        guard let start = html.range(of: #"<script type="application/json" id="doc">"#),
            let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex)
        else { return html }
        return String(html[..<start.upperBound]) + String(html[end.lowerBound...])
    }

    @Test func theMillionRowListOpensAtItsFailureDrawingOnlyWhatIsInView() throws {
        _ = try Browser.require()
        let (events, items) = (100_000, 1_000_000)
        let dir = try Browser.temporaryDirectory("big-list")
        defer { try? FileManager.default.removeItem(at: dir) }
        let profiled = 20
        let big = try BigPage.open(
            Self.longList(events: events, items: items), in: dir, name: "list", profiled: profiled, strip: Self.withoutDocument)
        let (page, failing, dump) = (big.page, big.failing, big.dump)
        let (renderSeconds, wall) = (big.renderSeconds, big.wall)

        // The rows in view: those within 3 rows of the finger are drawn, those
        // from 300 rows on are not, and what is drawn is a run of the data in
        // order (the window), a small part of it.
        let h = 2_000
        let (data, count) = try Self.head(of: page, at: failing, rows: h)
        #expect(count == items)
        #expect(dump.byID("layout")?.attributes["data-entries"] == String(count))
        let finger = try #require(page.finger(at: failing), "no finger location up to the failing step")
        let fingerRow = Int(finger.y / Self.listRow)
        #expect(fingerRow < 120, "the drags are near the top (finger at row \(fingerRow))")
        let drawn = Self.drawn(dump)
        let near = data.indices.filter { abs($0 - fingerRow) <= 3 }.map { data[$0] }
        let far = Array(data[300...])
        #expect(Set(near).isSubset(of: Set(drawn)), "rows beside the finger (row \(fingerRow)) are not drawn")
        #expect(Set(far).isDisjoint(with: Set(drawn)), "rows far from the finger are drawn")
        #expect(!drawn.isEmpty && drawn.count < 500, "\(drawn.count) of \(count) rows drawn")
        if let first = drawn.first, let k0 = data.firstIndex(of: first) {
            #expect(Array(data[k0..<min(k0 + drawn.count, data.count)]) == drawn, "the drawn rows are not a run of the data")
        } else {
            Issue.record("the first row drawn, \(drawn.first ?? "none"), is not among the first \(h)")
        }

        // The script time of the first draw and of `profiled` more steps.
        let draw = try #require(dump.byID("step")?.attributes["data-draw-ms"].flatMap(Double.init), "no numeric data-draw-ms")
        let steps = (dump.byID("step")?.attributes["data-profile-ms"] ?? "").split(separator: ",").compactMap { Double($0) }
        #expect(steps.count == profiled, "data-profile-ms: \(steps)")
        let open = try #require(dump.all("body").first?.attributes["data-open-ms"].flatMap(Double.init), "no numeric data-open-ms")
        let sorted = steps.sorted()
        func ms(_ v: Double) -> String { String(format: "%.1f", v) }
        print(
            "DragRenderTests: \(events) events over a \(items)-row list: rendered in \(String(format: "%.1f", renderSeconds)) s "
                + "(debug CLI), \(page.steps.count) steps, opens at failing step \(failing) drawing \(drawn.count) of \(count) "
                + "rows; open \(String(format: "%.0f", open)) ms in the page (\(String(format: "%.1f", wall)) s with the browser's "
                + "start), step script \(ms(draw)) ms; \(profiled) more steps: median \(ms(sorted.isEmpty ? 0 : sorted[sorted.count / 2])) ms, "
                + "max \(ms(sorted.last ?? 0)) ms (\(steps.map(ms).joined(separator: ", ")))"
        )
    }
}
