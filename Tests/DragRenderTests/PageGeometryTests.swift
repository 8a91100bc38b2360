import DragRender
import Foundation
import ReorderCore
import Testing

/// The page lays each step's data out in its script, from the layout's rule
/// in the document; the core's `Layout` is the definition. These documents
/// (Tests/page/geometry) carry, beside each document, every step's frames
/// and areas as the core computes them: `node --test Tests/page` checks the
/// script's equal them (Tests/page/geometry.test.mjs), and this suite checks
/// the files are what the renderer and the core write today
/// (`DRAGREPLAY_BLESS_PAGE_FIXTURES=1` rewrites them).
@Suite struct PageGeometryTests {
    static let directory = Browser.packageRoot.appendingPathComponent("Tests/page/geometry")

    typealias Collection = ReorderCollection<StringID, StringID?>

    /// The fixtures of each layout kind: a name (the file in
    /// Tests/page/geometry), a layout and its data before the first step.
    /// Every `LayoutKind` has at least one, so a new kind names its own here
    /// (the switch is exhaustive) and the page's tests check it.
    static func cases(_ kind: LayoutKind) -> [(name: String, layout: Layout<StringID>, start: RenderData)] {
        let sections = RenderData(collections: [
            Collection(id: "todo", items: ["a", "b", "c"], fixed: ["h1"]), Collection(id: "done", items: ["d"]),
        ])
        let cards = RenderData(collections: [
            Collection(id: "backlog", items: ["a", "b"]), Collection(id: "doing", items: ["c"], capacity: 2),
            Collection(id: "done", items: []),
        ])
        let heights: [StringID: Double] = ["b": 80, "h1": 20, "x": 12.5]
        switch kind {
        case .list:
            return [
                (
                    "list", Layout(kind: .list(rowHeight: 44, spacing: 2, headerHeight: 30, heights: heights), width: 390, height: 900),
                    sections
                )
            ]
        case .grid:
            return [
                (
                    "grid", Layout(kind: .grid(columns: .fixed(3), rowHeight: 96, spacing: 4, headerHeight: 20), width: 400, height: 900),
                    sections
                ),
                ("grid-adaptive", Layout(kind: .grid(columns: .adaptive(minimum: 90), rowHeight: 50), width: 400, height: 900), sections),
            ]
        case .board:
            let board = Layout<StringID>.Kind.board(columnWidth: 220, spacing: 16, rowHeight: 40, rowSpacing: 3, headerHeight: 24)
            return [("board", Layout(kind: board, width: 700, height: 500), cards)]
        case .hstack:
            return [
                (
                    "hstack", Layout(kind: .hstack(itemWidth: 60, spacing: 5, widths: ["b": 90, "x": 30]), width: 800, height: 50),
                    RenderData(collections: [Collection(id: nil, items: ["a", "b", "c", "d"])])
                )
            ]
        }
    }

    /// Every fixture, of every kind in `LayoutKind.allCases`.
    static var allCases: [(name: String, layout: Layout<StringID>, start: RenderData)] { LayoutKind.allCases.flatMap { cases($0) } }

    /// The data after each step, from `start`, changed through the core's
    /// own mutations: 40 entries added to the first collection, moves
    /// across them (stored as what moved: one entry from the end to the
    /// start, one back, two apart put together) and their removal; an
    /// insert at the start, a delete, a move to the last collection, locks,
    /// a collection emptied, the container disabled, the whole data
    /// replaced, a collection added.
    static func steps(_ start: RenderData) -> [RenderData] {
        var d = start
        var out: [RenderData] = []
        func step(_ change: (inout RenderData) -> Void) {
            change(&d)
            out.append(d)
        }
        let last = d.collections.count - 1
        let far: [StringID] = (0..<40).map { "n\($0)" }
        step { _ = $0.insert(far, into: 0, at: nil) }
        step {
            _ = $0.delete(["n39"])
            _ = $0.insert(["n39"], into: 0, at: 0)
        }
        step {
            _ = $0.delete(["n0"])
            _ = $0.insert(["n0"], into: 0, at: nil)
        }
        step {
            _ = $0.delete(["n10", "n30"])
            _ = $0.insert(["n10", "n30"], into: 0, at: 1)
        }
        step { _ = $0.delete(far) }
        step { _ = $0.insert(["x"], into: 0, at: 0) }
        step { _ = $0.delete(["a"]) }
        step { _ = $0.insert(["a"], into: last, at: nil) }
        step { $0.locked = ["b", "x"] }
        step { _ = $0.delete(Array($0.collections[0].items)) }
        step { $0.isEnabled = false }
        step { _ = $0.insert(["y", "z"], into: 0, at: 0) }
        step {
            $0.replaceCollections($0.collections.map { Collection(id: $0.id, items: Array($0.items).reversed(), capacity: $0.capacity) })
        }
        step { $0.replaceCollections($0.collections + [Collection(id: "more", items: ["m"])]) }
        return out
    }

    static func document(_ layout: Layout<StringID>, _ data: [RenderData], initial: RenderData) -> RenderDocument {
        var b = RenderBuilder(header: RenderHeader(title: "geometry", layout: layout), initial: initial)
        for (k, d) in data.enumerated() {
            b.append(RenderEvent(line: k + 2, t: Double(k), text: "step \(k)", kind: .mutation(.insert), data: d))
        }
        return b.finish()
    }

    /// `[[x, y, w, h, [[id, x, y, w, h, fixed, locked], ...]], ...]` per collection.
    static func frames(_ s: RenderSnapshot) -> Any {
        s.collections.map { c -> [Any] in
            [
                c.area.x, c.area.y, c.area.width, c.area.height,
                c.entries.map { [$0.id.string, $0.frame.x, $0.frame.y, $0.frame.width, $0.frame.height, $0.fixed, $0.locked] as [Any] },
            ]
        }
    }

    /// Issue 41 item 5: a move across a collection is stored as what moved
    /// (taken out, last first, then put in), not as the run between.
    @Test func aMoveAcrossACollectionIsStoredAsWhatMoved() throws {
        let (_, layout, start) = try #require(Self.cases(.list).first)
        let doc = Self.document(layout, Self.steps(start), initial: start)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(HTMLRenderer.json(doc).utf8)) as? [String: Any])
        let steps = try #require(json["steps"] as? [[String: Any]])
        func edits(_ k: Int) -> [String] {
            ((steps[k]["dm"] as? [String: Any])?["edits"] as? [[Any]] ?? []).map { e in
                "\(e[0]) \(e[1]) \(e[2]) [\((e[3] as? [String] ?? []).joined(separator: ","))] \(e[4] is NSNull ? "null" : "\(e[4])")"
            }
        }
        // "todo": h1 (fixed), a, b, c, then n0 ... n39 (entries 4 to 43).
        #expect(edits(0) == ["0 4 0 [\((0..<40).map { "n\($0)" }.joined(separator: ","))] null"])
        #expect(edits(1) == ["0 43 1 [] null", "0 1 0 [n39] null"], "n39 from the end to the start")
        #expect(edits(2) == ["0 5 1 [] null", "0 43 0 [n0] null"], "n0 from the start to the end")
        #expect(edits(3) == ["0 34 1 [] null", "0 14 1 [] null", "0 2 0 [n10,n30] null"], "n10 and n30 put together")
    }

    @Test(arguments: LayoutKind.allCases)
    func theFixturesHoldTheCoresFramesAtEveryStep(kind: LayoutKind) throws {
        let cases = Self.cases(kind)
        #expect(!cases.isEmpty, "no geometry fixture for \(kind.rawValue)")
        for (name, layout, start) in cases {
            #expect(layout.kindName == kind, "\(name) is a \(layout.kindName.rawValue), listed as a \(kind.rawValue)")
            try checkFixture(name: name, layout: layout, start: start)
        }
    }

    /// Tests/page/geometry holds the fixtures of `allCases` and no other
    /// (the page's tests read every file there).
    @Test func theDirectoryHoldsExactlyTheFixtures() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0.hasSuffix(".json") }
        #expect(files.sorted() == Self.allCases.map { "\($0.name).json" }.sorted())
    }

    func checkFixture(name: String, layout: Layout<StringID>, start: RenderData) throws {
        let data = Self.steps(start)
        let doc = Self.document(layout, data, initial: start)
        // The Swift side rebuilds each step's data from the changes alone.
        for k in data.indices { #expect(doc.data(after: k) == data[k], "\(name) step \(k)") }
        // From the data before the first step (-1) to the last step's.
        let expected: [Any] = (-1..<data.count).map { Self.frames(doc.snapshot(after: $0)) }
        let document = try JSONSerialization.jsonObject(with: Data(HTMLRenderer.json(doc).utf8))
        let json = try JSONSerialization.data(withJSONObject: ["document": document, "frames": expected], options: [.sortedKeys])
        let text = String(decoding: json, as: UTF8.self) + "\n"
        let file = Self.directory.appendingPathComponent("\(name).json")
        if ProcessInfo.processInfo.environment["DRAGREPLAY_BLESS_PAGE_FIXTURES"] == "1" {
            try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == text, "Tests/page/geometry/\(name).json is not what the renderer writes")
    }
}
