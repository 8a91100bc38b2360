import Foundation
import ReorderCore
import TestSupport
import Testing

/// Issue 44 class 9: a board of 30,000 one-item columns and 400 drags of a
/// card a few columns over (about 1 MB), with one failing `expect` half
/// way, rendered by the real CLI and opened in headless Chromium. The page
/// must draw only the columns around the finger (areas, cards, labels),
/// list only a few collections in its data table, and say so in its
/// counts; the open time and the per-step script time are printed.
@Suite(.serialized) struct BigBoardBrowserTests {
    static let columnWidth = 100.0, spacing = 10.0, rowHeight = 30.0, headerHeight = 20.0

    /// The recording: columns `c0` ... each holding one card `k0` ...; each
    /// drag lifts the top card of a column, moves 4 times by up to 3
    /// columns either way and drops there. `drags / 2`'s drag expects a
    /// copy, which fails (it answers move).
    static func board(columns: Int, drags: Int) -> String {
        var rng = SplitMix64(seed: 7)
        func r(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        let pitch = columnWidth + spacing
        let collections = (0..<columns).map { #"{"id":"c\#($0)","items":["k\#($0)"]}"# }.joined(separator: ",")
        var lines = [
            #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"board","width":\#(Int(Double(columns) * pitch)),"#
                + #""height":500,"columnWidth":\#(Int(columnWidth)),"spacing":\#(Int(spacing)),"rowHeight":\#(Int(rowHeight)),"#
                + #""headerHeight":\#(Int(headerHeight))},"collections":[\#(collections)]},"#
                + #""meta":{"title":"board of \#(columns) columns, \#(drags) drags"}}"#
        ]
        var cards = (0..<columns).map { ["k\($0)"] }
        var t = 0
        func at(_ c: Int) -> String { "\"x\":\(Int(Double(c) * pitch + columnWidth / 2)),\"y\":\(Int(headerHeight + rowHeight / 2))" }
        for d in 0..<drags {
            var from = r(columns)
            while cards[from].isEmpty { from = r(columns) }
            let card = cards[from][0]
            t += 16
            lines.append(#"{"type":"lift","t":\#(t),"items":["\#(card)"],\#(at(from))}"#)
            var to = from
            for m in 0..<4 {
                to = max(0, min(columns - 1, to + r(7) - 3))
                t += 16
                lines.append(#"{"type":"move","t":\#(t),\#(at(to))}"#)
                if d == drags / 2 && m == 1 { lines.append(#"{"type":"expect","t":\#(t),"operation":"copy"}"#) }
            }
            t += 16
            lines.append(#"{"type":"drop","t":\#(t),\#(at(to))}"#)
            cards[from].removeFirst()
            cards[to].insert(card, at: 0)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func theThirtyThousandColumnBoardDrawsOnlyTheColumnsInView() throws {
        _ = try Browser.require()
        let (columns, drags) = (30_000, 400)
        let dir = try Browser.temporaryDirectory("board")
        defer { try? FileManager.default.removeItem(at: dir) }
        let profiled = 20
        let text = Self.board(columns: columns, drags: drags)
        let big = try BigPage.open(text, in: dir, name: "board", profiled: profiled)
        let (page, failing, dump) = (big.page, big.failing, big.dump)

        // The areas drawn are a run of columns around the finger's, a few of
        // the 30,000; every card drawn is in one of them, and the cards of
        // the finger's column are drawn.
        let finger = try #require(page.finger(at: failing), "no finger location up to the failing step")
        let fingerColumn = Int(finger.x / (Self.columnWidth + Self.spacing))
        let layout = dump.section(from: "layout", to: ["legend"])
        let areas = layout.filter { $0.name == "rect" && $0.has(class: "area") }.compactMap {
            $0.attributes["data-collection"].flatMap(Int.init)
        }
        #expect(!areas.isEmpty && areas.count <= 40, "\(areas.count) columns drawn")
        #expect(
            areas == Array((areas.first ?? 0)..<((areas.first ?? 0) + areas.count)), "the columns drawn are not a run: \(areas.prefix(5))")
        #expect(
            areas.contains(fingerColumn),
            "the finger's column \(fingerColumn) is not drawn (drawn: \(areas.first ?? -1)...\(areas.last ?? -1))")
        let data = page.entries(at: failing)
        #expect(data.count == columns)
        let drawnIDs = layout.filter { $0.name == "g" && $0.has(class: "entry") }.compactMap { $0.attributes["data-id"] }
        #expect(!drawnIDs.isEmpty && drawnIDs.count <= 3 * areas.count, "\(drawnIDs.count) cards drawn in \(areas.count) columns")
        let labels = layout.filter { $0.name == "text" && $0.has(class: "area-label") }
        #expect(labels.count <= areas.count, "\(labels.count) column labels for \(areas.count) columns drawn")
        #expect(dump.byID("layout")?.attributes["data-entries"] == String(columns))
        #expect(dump.byID("layout")?.attributes["data-drawn"] == String(drawnIDs.count))

        // The data table lists 12 collections per column (before, after), and says how many it leaves out.
        let listed = dump.withClass("coll").count
        #expect(listed == 24, "\(listed) collections listed in the data table")
        let more = dump.withClass("more").map(\.text).filter { $0.contains("collections") }
        #expect(more.contains { $0.hasSuffix("collections before") || $0.hasSuffix("collections after") }, "\(more.prefix(4))")

        let draw = try #require(dump.byID("step")?.attributes["data-draw-ms"].flatMap(Double.init), "no numeric data-draw-ms")
        let steps = (dump.byID("step")?.attributes["data-profile-ms"] ?? "").split(separator: ",").compactMap { Double($0) }
        #expect(steps.count == profiled, "data-profile-ms: \(steps)")
        let open = try #require(dump.all("body").first?.attributes["data-open-ms"].flatMap(Double.init), "no numeric data-open-ms")
        let sorted = steps.sorted()
        print(
            "DragRenderTests: a board of \(columns) columns, \(drags) drags (\(text.utf8.count) bytes): rendered in "
                + "\(String(format: "%.1f", big.renderSeconds)) s (debug CLI), \(page.steps.count) steps, opens at failing step \(failing) "
                + "drawing \(areas.count) columns and \(drawnIDs.count) cards; open \(String(format: "%.0f", open)) ms in the page, "
                + "step script \(String(format: "%.1f", draw)) ms; \(profiled) more steps: median "
                + "\(String(format: "%.1f", sorted.isEmpty ? 0 : sorted[sorted.count / 2])) ms, max \(String(format: "%.1f", sorted.last ?? 0)) ms"
        )
    }
}
