import ReorderCore
import TestSupport
import Testing

@Suite("Hit testing (spec 1.3)")
struct HitTestTests {
    // Sections [a b] and [c]: header 5, rows 10, spacing 2.
    // Section 0: header 0..<5, a 5..<15 (mid 10), b 17..<27 (mid 22); ends at 29.
    // Section 1: header 29..<34, c 34..<44 (mid 39).
    let twoSections = named(["s0": "a b", "s1": "c"])
    let list = Layout<StringID>(kind: .list(rowHeight: 10, spacing: 2, headerHeight: 5, heights: [:]), width: 100, height: 100)

    @Test(
        "list: slot counts entries whose midpoint is <= y",
        arguments: [
            (3.0, 0, 0), (9.99, 0, 0), (10.0, 0, 1), (21.9, 0, 1), (22.0, 0, 2), (28.9, 0, 2),
            (29.0, 1, 0), (33.0, 1, 0), (38.9, 1, 0), (39.0, 1, 1), (99.0, 1, 1),
        ])
    func listSlots(y: Double, collection: Int, slot: Int) {
        #expect(list.hitTest(Point(x: 50, y: y), in: twoSections) == HitTarget(collection: collection, slot: slot))
    }

    @Test(
        "outside the container hits nothing",
        arguments: [
            Point(x: -0.1, y: 5), Point(x: 5, y: -0.1), Point(x: 100, y: 5), Point(x: 5, y: 100), Point(x: -1e300, y: 1e300),
        ])
    func outside(p: Point) {
        #expect(list.hitTest(p, in: twoSections) == nil)
        let grid = Layout<StringID>(kind: .grid(columns: .fixed(2), rowHeight: 10, spacing: 0, headerHeight: 0), width: 100, height: 100)
        #expect(grid.hitTest(p, in: twoSections) == nil)
        let board = Layout<StringID>(
            kind: .board(columnWidth: 40, spacing: 0, rowHeight: 10, rowSpacing: 0, headerHeight: 0), width: 100, height: 100)
        #expect(board.hitTest(p, in: twoSections) == nil)
    }

    @Test("an empty section with no header has no area")
    func emptySection() {
        let c = named(["a": "x", "empty": "", "b": "y"])
        let flat = Layout<StringID>(kind: .list(rowHeight: 10, spacing: 0, headerHeight: 0, heights: [:]), width: 100, height: 100)
        // Tops: a 0, empty 10, b 10: the last top <= 12 is b.
        #expect(flat.hitTest(Point(x: 1, y: 12), in: c) == HitTarget(collection: 2, slot: 0))
        #expect(flat.hitTest(Point(x: 1, y: 10), in: c) == HitTarget(collection: 2, slot: 0))
        // With a header the empty section has area and can be targeted.
        let headed = Layout<StringID>(kind: .list(rowHeight: 10, spacing: 0, headerHeight: 4, heights: [:]), width: 100, height: 100)
        #expect(headed.hitTest(Point(x: 1, y: 15), in: c) == HitTarget(collection: 1, slot: 0))
    }

    @Test("list: per-item heights")
    func heights() {
        let c = single("a b c")
        let l = Layout<StringID>(kind: .list(rowHeight: 10, spacing: 0, headerHeight: 0, heights: ["a": 40]), width: 100, height: 100)
        // a 0..<40 (mid 20), b 40..<50 (mid 45), c 50..<60 (mid 55)
        #expect(l.hitTest(Point(x: 1, y: 19.9), in: c)?.slot == 0)
        #expect(l.hitTest(Point(x: 1, y: 20), in: c)?.slot == 1)
        #expect(l.hitTest(Point(x: 1, y: 44), in: c)?.slot == 1)
        #expect(l.hitTest(Point(x: 1, y: 45), in: c)?.slot == 2)
        #expect(l.hitTest(Point(x: 1, y: 56), in: c)?.slot == 3)
    }

    @Test("list: fixed entries come first and count as slots")
    func fixedEntries() {
        let c = single("a b", fixed: "h")
        // h 0..<10, a 10..<20, b 20..<30
        #expect(rows().hitTest(Point(x: 1, y: 4), in: c)?.slot == 0)
        #expect(rows().hitTest(Point(x: 1, y: 5), in: c)?.slot == 1)
        #expect(rows().hitTest(Point(x: 1, y: 15), in: c)?.slot == 2)
    }

    @Test(
        "hstack: along x, with per-item widths and spacing",
        arguments: [
            (0.0, 0), (14.9, 0), (15.0, 1), (39.9, 1), (40.0, 2), (99.0, 3),
        ])
    func hstack(x: Double, slot: Int) {
        // a 0..<30 (mid 15), spacing 5, b 35..<45 (mid 40), c 50..<60 (mid 55)
        let l = Layout<StringID>(kind: .hstack(itemWidth: 10, spacing: 5, widths: ["a": 30]), width: 100, height: 20)
        #expect(l.hitTest(Point(x: x, y: 10), in: single("a b c")) == HitTarget(collection: 0, slot: slot))
    }

    // 3 columns, width 100, spacing 5: cellWidth (100 - 10) / 3 = 30, column pitch 35,
    // rowHeight 20, row pitch 25. Entries a...g (7): rows of 3.
    let grid = Layout<StringID>(kind: .grid(columns: .fixed(3), rowHeight: 20, spacing: 5, headerHeight: 0), width: 100, height: 200)
    let seven = single("a b c d e f g")

    @Test(
        "grid: left half of a cell targets it, right half the next",
        arguments: [
            (1.0, 1.0, 0), (14.9, 1.0, 0), (15.0, 1.0, 1), (32.4, 1.0, 1), (32.5, 1.0, 1), (49.9, 1.0, 1), (50.0, 1.0, 2),
            (99.0, 1.0, 3), (1.0, 22.4, 0), (1.0, 22.5, 3), (50.0, 30.0, 5), (1.0, 50.0, 6), (40.0, 55.0, 7), (99.0, 199.0, 7),
        ])
    func gridSlots(x: Double, y: Double, slot: Int) {
        #expect(grid.hitTest(Point(x: x, y: y), in: seven) == HitTarget(collection: 0, slot: slot))
    }

    @Test("grid: adaptive columns and section headers")
    func adaptive() {
        let l = Layout<StringID>(
            kind: .grid(columns: .adaptive(minimum: 30), rowHeight: 20, spacing: 5, headerHeight: 10), width: 100, height: 200)
        #expect(l.gridMetrics()?.columns == 3)  // floor(105 / 35)
        let c = named(["s0": "a b c d", "s1": "e"])
        // s0: header 0..<10, two rows (pitch 25): height 60. s1 from 60.
        #expect(l.hitTest(Point(x: 1, y: 5), in: c) == HitTarget(collection: 0, slot: 0))
        #expect(l.hitTest(Point(x: 1, y: 36), in: c) == HitTarget(collection: 0, slot: 3))
        #expect(l.hitTest(Point(x: 99, y: 36), in: c) == HitTarget(collection: 0, slot: 4))
        #expect(l.hitTest(Point(x: 1, y: 65), in: c) == HitTarget(collection: 1, slot: 0))
        #expect(l.hitTest(Point(x: 20, y: 75), in: c) == HitTarget(collection: 1, slot: 1))
        let narrow = Layout<StringID>(
            kind: .grid(columns: .adaptive(minimum: 500), rowHeight: 20, spacing: 5, headerHeight: 0), width: 100, height: 200)
        #expect(narrow.gridMetrics()?.columns == 1)
    }

    // Columns 100 wide, 20 apart: column 0 at 0..<100, column 1 at 120..<220.
    // Rows: header 20, entry k at 20 + 12k (height 10): midpoints 25, 37.
    let board = Layout<StringID>(
        kind: .board(columnWidth: 100, spacing: 20, rowHeight: 10, rowSpacing: 2, headerHeight: 20), width: 400, height: 300)
    let columns = named(["todo": "a b", "done": "c"])

    @Test(
        "board: the gap between columns splits at its middle",
        arguments: [
            (0.0, 0), (109.9, 0), (110.0, 1), (219.0, 1),
        ])
    func boardColumns(x: Double, column: Int) {
        #expect(board.hitTest(Point(x: x, y: 5), in: columns) == HitTarget(collection: column, slot: 0))
    }

    @Test("board: past the last column hits nothing")
    func boardPastLast() {
        #expect(board.hitTest(Point(x: 230, y: 5), in: columns) == nil)
        #expect(board.hitTest(Point(x: 229.9, y: 5), in: columns) == HitTarget(collection: 1, slot: 0))
    }

    @Test("board: rows within a column", arguments: [(5.0, 0), (24.9, 0), (25.0, 1), (36.9, 1), (37.0, 2), (299.0, 2)])
    func boardRows(y: Double, slot: Int) {
        #expect(board.hitTest(Point(x: 50, y: y), in: columns) == HitTarget(collection: 0, slot: slot))
    }
}

@Suite("Destination from a hit (spec 1.4)")
struct DestinationTests {
    @Test("the first non-source entry from the slot")
    func skipsSources() {
        let c = single("a b c d")
        #expect(c.destination(for: HitTarget(collection: 0, slot: 1), excluding: []) == destination(nil, "b"))
        #expect(c.destination(for: HitTarget(collection: 0, slot: 1), excluding: ["b", "c"]) == destination(nil, "d"))
        #expect(c.destination(for: HitTarget(collection: 0, slot: 3), excluding: ["d"]) == destination(nil, nil))
        #expect(c.destination(for: HitTarget(collection: 0, slot: 4), excluding: []) == destination(nil, nil))
    }

    @Test("a slot among the fixed entries targets the first reorderable item")
    func fixedSlots() {
        let c = single("a b", fixed: "h i")
        #expect(c.destination(for: HitTarget(collection: 0, slot: 0), excluding: []) == destination(nil, "a"))
        #expect(c.destination(for: HitTarget(collection: 0, slot: 1), excluding: ["a"]) == destination(nil, "b"))
        #expect(c.destination(for: HitTarget(collection: 0, slot: 3), excluding: []) == destination(nil, "b"))
    }
}
