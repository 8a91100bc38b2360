import DragRender
import ReorderCore
import Testing

/// A small input cannot make a huge page: past a multiple of the
/// recording's size (plus a constant) the builder stops, with a named error.
@Suite struct RenderSizeLimitTests {
    /// A 200-entry list whose order rotates and turns round at every event:
    /// every step is a new state of the whole container, the shape that
    /// made 1 GB pages (a rotation alone is one entry moved, stored as such).
    static func rotating(events: Int, limit: RenderSizeLimit?) -> RenderDocument {
        let ids: [StringID] = (0..<200).map { "item-\($0)" }
        var b = RenderBuilder(
            header: RenderHeader(title: "rotating", path: "big.jsonl", layout: .rows(width: 100, height: 2000)), sizeLimit: limit)
        for n in 0..<events {
            let rotated = Array(ids[(n % ids.count)...] + ids[..<(n % ids.count)])
            let order = n % 2 == 0 ? rotated : rotated.reversed()
            b.append(RenderEvent(line: n + 2, t: Double(n), text: "insert", kind: .mutation(.insert), data: Fixtures.list(order)))
        }
        return b.finish()
    }

    @Test func thePageStaysWithinItsLimitAndSaysWhereItStopped() throws {
        let limit = RenderSizeLimit(inputBytes: 2_000, multiple: 10, constant: 10_000)
        #expect(limit.bytes == 30_000)
        let doc = Self.rotating(events: 150, limit: limit)
        let tooLarge = try #require(doc.tooLarge)
        #expect(tooLarge.limit == limit)
        #expect(doc.eventCount == 150, "every event is still counted")
        #expect(doc.steps.count < 150 && tooLarge.line == doc.steps.count + 1)
        // What was kept is about the limit: one step's worth past it at most.
        let json = HTMLRenderer.json(doc).utf8.count
        #expect(json <= limit.bytes + 2_000, "the document has \(json) bytes")
        #expect(
            tooLarge.description
                == "big.jsonl:\(tooLarge.line):1: error: the page would be larger than 30000 bytes (10 × the recording's 2000 bytes + 10000) "
                + "at this line: the container is large and changes often; draw a shorter recording (dragreplay shrink)")
    }

    @Test func withoutALimitOrWithinItNothingStops() {
        #expect(Self.rotating(events: 150, limit: nil).tooLarge == nil)
        let roomy = Self.rotating(events: 150, limit: RenderSizeLimit(inputBytes: 0))
        #expect(roomy.tooLarge == nil && roomy.steps.count == 150)
    }

    @Test func theLimitSaturatesInsteadOfOverflowing() {
        #expect(RenderSizeLimit(inputBytes: .max).bytes == .max)
        #expect(RenderSizeLimit(inputBytes: -5, multiple: 2, constant: 7).bytes == 7)
    }
}
