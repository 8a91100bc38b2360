import Foundation
import ReorderCore
import TestSupport
import Testing

/// The page of issue 21's photo library: a 10^5-event recording over a
/// 10^4-item grid (drags of 48 moves near the top, a photo inserted at
/// index 0 now and then, as `Sources/Benchmarks` generates it) with one
/// failing `expect` half way, rendered by the real CLI and opened in
/// headless Chromium. The page must open at the failure with the entries
/// around the finger in the DOM and the far ones not; the open time and
/// the per-step script time (`#step=N&profile=K`) are printed, not asserted.
@Suite(.serialized) struct BigPageBrowserTests {
    static let columns = 4, cell = 100.0, rowHeight = 96.0

    /// The recording: `items` photos `photo-0` ..., then `events` events.
    /// With `far`, each drag lifts a photo among the last 400 and drops it
    /// among the first 400, in 48 even steps (issue 41 item 5).
    static func photoGrid(events: Int, items: Int, far: Bool = false) -> String {
        var rng = SplitMix64(seed: 13)
        func r(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        let ids = (0..<items).map { "\"photo-\($0)\"" }.joined(separator: ",")
        var lines = [
            #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"grid","width":400,"height":\#((items / columns + 1000) * 100),"#
                + #""columns":\#(columns),"rowHeight":\#(Int(rowHeight)),"spacing":4},"collections":[{"items":[\#(ids)]}]},"#
                + #""meta":{"title":"photo grid, \#(events) events"}}"#
        ]
        var order = (0..<items).map { "photo-\($0)" }
        var t = 0
        var written = 0
        var failed = false
        func emit(_ s: String) {
            lines.append(s)
            written += 1
        }
        func at(_ k: Int) -> String {
            "\"x\":\(Double(k % columns) * cell + 25),\"y\":\(Double(k / columns) * cell + 48)"
        }
        while written < events {
            t += 16
            if r(10) == 0 {
                let id = "photo-\(order.count)"  // new IDs: photo-10000, ...
                order.insert(id, at: 0)
                emit(#"{"type":"insert","t":\#(t),"items":["\#(id)"],"index":0}"#)
                continue
            }
            let from = far ? order.count - 1 - r(min(order.count, 400)) : r(min(order.count, 400))
            let target = far ? r(min(order.count, 400)) : 0
            emit(#"{"type":"lift","t":\#(t),"items":["\#(order[from])"],\#(at(from))}"#)
            var to = from
            for m in 0..<48 where written < events - 2 {
                t += 16
                to = far ? from + (target - from) * (m + 1) / 48 : max(0, min(order.count - 1, to + r(9) - 4))
                emit(#"{"type":"move","t":\#(t),\#(at(to))}"#)
                if !failed && written > events / 2 {
                    failed = true  // the drag answers move: an expected copy fails
                    emit(#"{"type":"expect","t":\#(t),"operation":"copy"}"#)
                }
            }
            t += 16
            emit(#"{"type":"drop","t":\#(t),\#(at(to))}"#)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func theTenThousandItemGridOpensAtItsFailureDrawingOnlyWhatIsInView() throws {
        _ = try Browser.require()
        let (events, items) = (100_000, 10_000)
        let dir = try Browser.temporaryDirectory("big")
        defer { try? FileManager.default.removeItem(at: dir) }
        let profiled = 20
        let big = try BigPage.open(Self.photoGrid(events: events, items: items), in: dir, name: "grid", profiled: profiled)
        let (file, page, failing, dump) = (big.file, big.page, big.failing, big.dump)
        let (renderSeconds, wall) = (big.renderSeconds, big.wall)

        // The entries in view: those within 3 rows of the finger are drawn,
        // those more than 200 rows away are not, and what is drawn is a run
        // of the data in order (the window), a small part of it.
        let data = page.entries(at: failing).map(\.id)
        #expect(data.count > items)
        let finger = try #require(page.finger(at: failing), "no finger location up to the failing step")
        let drawn = Self.drawn(dump)
        let fingerRow = Int(finger.y / Self.cell)
        func row(_ k: Int) -> Int { k / Self.columns }
        let near = data.indices.filter { abs(row($0) - fingerRow) <= 3 }.map { data[$0] }
        let far = data.indices.filter { abs(row($0) - fingerRow) > 200 }.map { data[$0] }
        #expect(Set(near).isSubset(of: Set(drawn)), "entries beside the finger (row \(fingerRow)) are not drawn")
        #expect(Set(far).isDisjoint(with: Set(drawn)), "entries far from the finger are drawn")
        #expect(!far.isEmpty && drawn.count < data.count / 10, "\(drawn.count) of \(data.count) entries drawn")
        if let first = drawn.first, let k0 = data.firstIndex(of: first) {
            #expect(Array(data[k0..<min(k0 + drawn.count, data.count)]) == drawn, "the drawn entries are not a run of the data")
        }
        #expect(dump.byID("layout")?.attributes["data-entries"] == String(data.count))

        // Paged 20 views down from the failing step: the window follows, past
        // the one the step opened with, still a run of the data, still small.
        let paged = DOMDump(try Browser.dumpDOM(file, fragment: "scroll=20"))
        #expect(paged.innerHTML(ofDivWithID: "script-errors") == "")
        #expect(paged.byID("step")?.attributes["data-step"] == String(failing))
        let after = Self.drawn(paged)
        if let a = after.first, let k1 = data.firstIndex(of: a), let b = drawn.last, let k0 = data.firstIndex(of: b) {
            #expect(k1 > k0, "after paging down the window starts at entry \(k1), not past the step's (it ended at \(k0))")
            #expect(Array(data[k1..<min(k1 + after.count, data.count)]) == after, "the paged window is not a run of the data")
        } else {
            Issue.record("nothing drawn after paging down, or an unknown ID: \(after.prefix(3))")
        }
        #expect(after.count < data.count / 10)

        // The script time of the first draw and of `profiled` more steps.
        let draw = try #require(dump.byID("step")?.attributes["data-draw-ms"].flatMap(Double.init), "no numeric data-draw-ms")
        let steps = (dump.byID("step")?.attributes["data-profile-ms"] ?? "").split(separator: ",").compactMap { Double($0) }
        #expect(steps.count == profiled, "data-profile-ms: \(steps)")
        let open = try #require(dump.all("body").first?.attributes["data-open-ms"].flatMap(Double.init), "no numeric data-open-ms")
        let sorted = steps.sorted()
        print(
            "DragRenderTests: \(events) events over a \(items)-item grid: rendered in \(String(format: "%.1f", renderSeconds)) s "
                + "(debug CLI), \(page.steps.count) steps, opens at failing step \(failing) drawing \(drawn.count) of \(data.count) "
                + "entries; open \(String(format: "%.0f", open)) ms in the page (\(String(format: "%.1f", wall)) s with the browser's "
                + "start), step script \(String(format: "%.1f", draw)) ms; \(profiled) more steps: median "
                + "\(String(format: "%.1f", sorted.isEmpty ? 0 : sorted[sorted.count / 2])) ms, max \(String(format: "%.1f", sorted.last ?? 0)) ms"
                + "; paged 20 views down: entries \(after.first ?? "-") ... \(after.last ?? "-") drawn"
        )
    }

    /// Issue 41 item 5: the same grid with every drag across it (lifted
    /// among the last 400 photos, dropped among the first 400) makes a page
    /// about the size of the nearby drags' (a drop is stored as what moved,
    /// not the 9,600 IDs between), which opens at its failure.
    @Test func dragsAcrossTheGridCostWhatMovedNotTheDistance() throws {
        _ = try Browser.require()
        let (events, items) = (100_000, 10_000)
        let dir = try Browser.temporaryDirectory("far")
        defer { try? FileManager.default.removeItem(at: dir) }
        let near = dir.appendingPathComponent("near.jsonl")
        try Self.photoGrid(events: events, items: items).write(to: near, atomically: true, encoding: .utf8)
        let rendered = Date()
        let r = try runCLI(["render", "--applier", "canonical", "-o", dir.appendingPathComponent("near.html").path, near.path])
        let nearSeconds = Date().timeIntervalSince(rendered)
        #expect(r.code == 0 && (r.stdout + r.stderr).contains("1 failing"), "render: \(r.stdout) \(r.stderr)")
        let big = try BigPage.open(Self.photoGrid(events: events, items: items, far: true), in: dir, name: "far", profiled: 10)
        let nearBytes = try #require(
            try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("near.html").path)[.size] as? Int)
        let farBytes = try #require(try FileManager.default.attributesOfItem(atPath: big.file.path)[.size] as? Int)
        // A drop of the far page moves a photo thousands of places, stored as
        // what moved: one ID (a photo lifted again near where an earlier drag
        // left it moves a few places: a splice of at most 9).
        let drops = big.page.steps.filter { ($0["k"] as? String) == "drop" }
        let ids = drops.map {
            (($0["dm"] as? [String: Any])?["edits"] as? [[Any]] ?? []).reduce(0) { $0 + (($1[3] as? [String])?.count ?? 0) }
        }
        let total = ids.reduce(0, +)
        #expect(
            drops.count > 1000 && (ids.max() ?? 0) <= 9 && total <= 2 * drops.count,
            "\(drops.count) drops wrote \(total) IDs, up to \(ids.max() ?? 0)")
        #expect(ids.filter { $0 == 1 }.count > drops.count * 9 / 10, "\(ids.filter { $0 == 1 }.count) of \(drops.count) drops wrote one ID")
        #expect(Double(farBytes) < 1.25 * Double(nearBytes), "far \(farBytes) bytes, nearby \(nearBytes) bytes")
        let steps = (big.dump.byID("step")?.attributes["data-profile-ms"] ?? "").split(separator: ",").compactMap { Double($0) }.sorted()
        print(
            "DragRenderTests: \(events) events over a \(items)-item grid: nearby drags \(String(format: "%.1f", Double(nearBytes) / 1e6)) MB "
                + "rendered in \(String(format: "%.1f", nearSeconds)) s; drags across the grid \(String(format: "%.1f", Double(farBytes) / 1e6)) MB "
                + "rendered in \(String(format: "%.1f", big.renderSeconds)) s (debug CLI); far page: open at step \(big.failing), "
                + "\(steps.count) steps drawn: median \(String(format: "%.1f", steps.isEmpty ? 0 : steps[steps.count / 2])) ms, "
                + "max \(String(format: "%.1f", steps.last ?? 0)) ms")
    }

    /// The entries drawn in the model's drawing, in document order.
    static func drawn(_ dump: DOMDump) -> [String] {
        dump.section(from: "layout", to: ["legend"]).filter { $0.name == "g" && $0.has(class: "entry") }
            .compactMap { $0.attributes["data-id"] }
    }
}
