import DragRecording
import ReorderCore
import Testing

@Suite("Layout validation (spec 1.2)")
struct LayoutValidationTests {
    @Test("impossible sizes are named")
    func problems() {
        let bad = Layout<StringID>(kind: .grid(columns: .fixed(5), rowHeight: 10, spacing: 30, headerHeight: 0), width: 100, height: 10)
        #expect(bad.validationProblem(collectionCount: 1)?.contains("cell width") == true)
        let zero = Layout<StringID>(kind: .list(rowHeight: 0, spacing: 0, headerHeight: 0, heights: [:]), width: 100, height: 10)
        #expect(zero.validationProblem(collectionCount: 1) == "layout field \"rowHeight\" must be a finite number > 0, got 0")
        let stack = Layout<StringID>(kind: .hstack(itemWidth: 10, spacing: 0, widths: [:]), width: 100, height: 10)
        #expect(stack.validationProblem(collectionCount: 2) == "layout \"hstack\" takes exactly one collection, got 2")
        #expect(stack.validationProblem(collectionCount: 1) == nil)
    }
}
