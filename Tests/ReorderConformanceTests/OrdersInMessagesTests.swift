import ReorderConformance
import ReorderCore
import Testing

/// A violation over a long list names where the lists differ, not every ID
/// twice: over a 10^4-item grid one message was 280 KB, in every replay
/// report and 201 times in one page.
@Suite("Orders in violation messages")
struct OrdersInMessagesTests {
    static func container(_ n: Int) -> ReorderContainer<String, String?> {
        ReorderContainer(collections: [ReorderCollection(id: nil, items: (0..<n).map { "p\($0)" })])
    }

    /// `p7` dropped before `p2`, delivered one slot too far (after `p2`).
    static func tooFar(_ n: Int) -> (ReorderDifference<String, String?>, [[String]]) {
        let d = ReorderDifference<String, String?>(sources: ["p7"], destination: .init(collectionID: nil, position: .before("p2")))
        var ids = (0..<n).map { "p\($0)" }
        ids.removeAll { $0 == "p7" }
        ids.insert("p7", at: 3)
        return (d, [ids])
    }

    @Test("a short list is shown whole, as before")
    func shortListWhole() throws {
        let (d, after) = Self.tooFar(10)
        let v = try #require(Self.container(10).checkDelivery(d, after: after, text: .plain))
        #expect(v.invariant == .placement)
        #expect(
            v.message
                == #"applying ["p7"] -> nil before "p2": ["p7"] should stand right before "p2" in nil, got ["p0", "p1", "p2", "p7", "p3", "p4", "p5", "p6", "p8", "p9"]"#
        )
    }

    @Test("a long list shows the run that differs, two IDs of context, and counts for the rest")
    func longListWindow() throws {
        let (d, after) = Self.tooFar(10_000)
        let v = try #require(Self.container(10_000).checkDelivery(d, after: after, text: .plain))
        #expect(v.invariant == .placement)
        #expect(
            v.message
                == #"applying ["p7"] -> nil before "p2": ["p7"] should stand right before "p2" in nil, got ["p0", "p1", "p2", "p7", "p3", "p4", … 9994 more]"#
        )
    }

    @Test("a long run that differs keeps its first and last 12 IDs")
    func longRunCut() throws {
        // p0 moved to the end, delivered 100 IDs before it: the lists differ over the last 101.
        let n = 10_000
        let d = ReorderDifference<String, String?>(sources: ["p0"], destination: .init(collectionID: nil, position: .end))
        var ids = (1..<n).map { "p\($0)" }
        ids.insert("p0", at: n - 101)
        let v = try #require(Self.container(n).checkDelivery(d, after: [ids], text: .plain))
        let first = ["p9898", "p9899", "p0"] + (9900...9908).map { "p\($0)" }
        let last = (9988...9999).map { "p\($0)" }
        let shown = (first.map { "\"\($0)\"" } + ["… 79 more"] + last.map { "\"\($0)\"" }).joined(separator: ", ")
        #expect(v.message == #"applying ["p0"] -> nil end: ["p0"] should stand at the end in nil, got [… 9897 more, "# + shown + "]")
    }
}
