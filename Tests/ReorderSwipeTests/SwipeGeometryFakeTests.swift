import ReorderCore
import ReorderSwipe
import TestSupport
import Testing

@Suite("Swipe test geometry (the fake of spec 1.2)")
struct SwipeGeometryFakeTests {
    @Test("entries stack 10 high from y = 0, fixed first, across sections")
    func frames() {
        var rows = SwipeRows("a b", fixed: "h")
        rows.sections.append(.init(fixed: [], items: ["c"]))
        #expect(rows.frame(of: "h") == Rect(x: 0, y: 0, width: 100, height: 10))
        #expect(rows.frame(of: "a") == Rect(x: 0, y: 10, width: 100, height: 10))
        #expect(rows.frame(of: "c") == Rect(x: 0, y: 30, width: 100, height: 10))
        #expect(rows.frame(of: "z") == nil)
        #expect(rows.status(of: "h") == .fixed && rows.status(of: "c") == .reorderable && rows.status(of: "z") == .gone)
        #expect(rows.reorderableItems(inCollectionOf: "h") == ["a", "b"])
        #expect(rows.isOutside(Point(x: 100, y: 5)) && rows.isOutside(Point(x: -0.1, y: 5)) && !rows.isOutside(Point(x: 0, y: 0)))
    }

    @Test(
        "SwipeFixture.opened opens the row on the edge asked, in both directions",
        arguments: [LayoutDirection.ltr, .rtl], SwipeEdge.allCases)
    func opened(direction: LayoutDirection, edge: SwipeEdge) {
        let model = SwipeFixture.opened("b", edge, SwipeFixture.config(direction), SwipeRows("a b c d"))
        #expect(model.open == SwipeOpenRow(item: "b", edge: edge))
    }
}
