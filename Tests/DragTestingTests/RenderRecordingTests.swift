import DragFuzz
import DragTesting
import Foundation
import ReorderCore
import Synchronization
import Testing

/// A Swift finding drawn with the test's own closures (issue 41, item 4).
@Suite("renderRecording: a Swift finding drawn with the test's closures")
struct RenderRecordingTests {
    struct Note: Identifiable, Sendable {
        var id: String
    }

    /// A closure with a bug: the sources always go to the front, wherever
    /// they were dropped.
    static let toFront: @Sendable (inout [Note], ReorderDifference<String, ReorderableSingleCollectionIdentifier>) -> Void = {
        notes, difference in
        let moved = difference.sources.compactMap { id in notes.first { $0.id == id } }
        notes.removeAll { difference.sources.contains($0.id) }
        notes.insert(contentsOf: moved, at: 0)
    }

    static func directory() -> String { NSTemporaryDirectory() + "render-recording-\(UUID().uuidString)" }

    /// The page's document (`<script id="doc">`), parsed.
    static func document(ofPage path: String) throws -> [String: Any] {
        let html = try String(contentsOfFile: path, encoding: .utf8)
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"doc\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        return try #require(try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
    }

    /// Each collection's entries in `data` (the document's `data`).
    static func orders(_ data: [String: Any]?) -> [[String]] {
        ((data?["collections"] as? [[Any]]) ?? []).map { ($0.last as? [String]) ?? [] }
    }

    /// `orders` after a step's change (`dm` or `da`): its edits applied in
    /// order, each `[collection, start, removed, [IDs], fixed]` a splice.
    static func applying(_ change: [String: Any]?, to orders: [[String]]) -> [[String]] {
        if let all = change?["all"] as? [String: Any] { return Self.orders(all) }
        var orders = orders
        for edit in (change?["edits"] as? [[Any]]) ?? [] {
            guard let c = edit[0] as? Int, let start = edit[1] as? Int, let removed = edit[2] as? Int else { continue }
            let ids = edit.count > 3 ? (edit[3] as? [String]) ?? [] : []
            orders[c].replaceSubrange(start..<(start + removed), with: ids)
        }
        return orders
    }

    /// a, b, c in a list of 10-point rows: c lifted and dropped on b's
    /// leading half (before b).
    static let recording = """
        {"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":400,"rowHeight":10},"collections":[{"items":["a","b","c"]}]}}
        {"type":"lift","t":0,"items":["c"],"x":50,"y":25}
        {"type":"drop","t":16,"x":50,"y":12}

        """

    @Test("the page shows the closure's data beside the model's, and the failure at the drop")
    func pageShowsTheClosuresResult() throws {
        let directory = Self.directory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/to-front.jsonl"
        try Self.recording.write(toFile: path, atomically: true, encoding: .utf8)

        let drawn = renderRecording(path, element: { Note(id: $0) }, apply: Self.toFront)
        let page = try #require(drawn)
        #expect(page.path == directory + "/to-front.html")
        #expect(page.result.status == .fail && page.stepCount == 2 && page.failingStepCount == 1, "\(page)")

        let doc = try Self.document(ofPage: page.path)
        // Replayed with the model, the page would say pass, with no app data.
        #expect(doc["status"] as? String == "fail")
        #expect(doc["subject"] as? String == "the closures of pageShowsTheClosuresResult() in DragTestingTests/RenderRecordingTests.swift")
        let steps = try #require(doc["steps"] as? [[String: Any]])
        #expect(steps.map { $0["k"] as? String } == ["lift", "drop"])
        let drop = steps[1]
        #expect(drop["F"] as? Bool == true && drop["ap"] as? Bool == true)
        #expect((drop["f"] as? [String])?.count == 1)
        #expect(
            (drop["f"] as? [String])?.first
                == "applier yours: placement: applying [\"c\"] -> before \"b\": [\"c\"] should stand right before \"b\", got [\"c\", \"a\", \"b\"]"
        )
        let before = Self.orders(doc["data"] as? [String: Any])
        #expect(before == [["a", "b", "c"]])
        // The model's data after the drop, and the closure's beside it.
        #expect(Self.applying(drop["dm"] as? [String: Any], to: before) == [["a", "c", "b"]])
        #expect(Self.applying(drop["da"] as? [String: Any], to: before) == [["c", "a", "b"]])
    }

    @Test("a finding's issue names renderRecording, and its recording draws the bug")
    func findingIsDrawnFromItsIssue() throws {
        let directory = Self.directory()
        let recorded = ExpectReplicaInvariantsTests.issues {
            expectReorderInvariants(runs: 300, element: { Note(id: $0) }, recordings: .path(directory), apply: Self.toFront)
        }
        #expect(recorded.count == 1, "\(recorded)")
        let text = try #require(recorded.first)
        let path = directory + "/findingIsDrawnFromItsIssue-placement.jsonl"
        #expect(text.contains("draw it with renderRecording(\"\(path)\", ...)"), "\(text)")
        // The issue says what the run covered, with its result.
        #expect(text.contains("\n300 cases (sessions, seed 1): 1 invariant broken\ncoverage: drops into \"(single)\" "), "\(text)")
        let drawn = renderRecording(path, element: { Note(id: $0) }, apply: Self.toFront)
        let page = try #require(drawn)
        #expect(page.result.status == .fail && page.failingStepCount >= 1, "\(page)")
        #expect(try Self.document(ofPage: page.path)["status"] as? String == "fail")
    }
}
