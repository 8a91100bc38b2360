import DragCorpus
import DragReader
import DragRecording
import DragReplay
import Foundation
import KnownBugs
import ReorderConformance
import ReorderCore
import TestSupport
import Testing

/// The swipe recordings of `corpora/` (`swipe-*.jsonl`, version 2): one
/// swipe-v1 rule per regression recording, and the bug reports that each
/// buggy action handler (`--handler`) fails.
@Suite("Swipe corpora")
struct SwipeCorpusTests {
    static func swipe(_ sub: String) -> [String] {
        corpus(sub).filter { ($0 as NSString).lastPathComponent.hasPrefix("swipe-") }
    }

    static func name(_ path: String) -> String { (path as NSString).lastPathComponent }

    @Test("the swipe corpora are big enough")
    func sizes() {
        #expect(Self.swipe("regression").count >= 25)
        #expect(Self.swipe("reports").count >= 3)
    }

    @Test(
        "every swipe recording is version 2 with a swipe section (or none, on purpose), a title and a description",
        arguments: swipe("regression") + swipe("reports"))
    func headers(path: String) throws {
        let header = try RecordingReader(path: path).header
        #expect(header.version == 2)
        if !path.hasSuffix("/swipe-version-2-without-swipe-section-has-no-actions.jsonl") { #expect(header.swipe != nil) }
        let title: String? = header.meta?["title"]
        let description: String? = header.meta?["description"]
        #expect(title?.isEmpty == false)
        #expect(description?.isEmpty == false)
    }

    /// Which bug reports fail under which action handler. The version 1
    /// reports have no swipe actions, so no handler touches them.
    static let expectedFailures: [String: Set<String>] = [
        "correct": [],
        "index-captured": ["swipe-delete-removes-another-message.jsonl"],
        "stale-labels": ["swipe-pin-never-turns-into-unpin.jsonl"],
        "unmirrored": ["swipe-rtl-delete-needs-the-wrong-direction.jsonl"],
    ]

    @Test("bug reports fail exactly under the handlers that have their bug", arguments: SwipeHandlerKind.allCases)
    func reportMatrix(handler: SwipeHandlerKind) {
        let failing = Set(
            corpus("reports").filter {
                Replayer(options: ReplayOptions(handler: SwipeHandler<StringID>(handler))).run(path: $0).status == .fail
            }.map(Self.name))
        #expect(failing == Self.expectedFailures[handler.rawValue])
    }

    @Test("each swipe report names the handler that fails it, as the table does", arguments: swipe("reports"))
    func reportNamesItsHandler(path: String) throws {
        let header = try RecordingReader(path: path).header
        let named: String? = header.meta?["handler-that-fails"]
        let handler = try #require(named)
        #expect(Self.expectedFailures[handler] == [Self.name(path)])
    }

    /// The first failure of each swipe report under its buggy handler: the
    /// broken invariant at the event where the bug shows.
    static let firstFailure: [String: (handler: SwipeHandlerKind, line: Int, message: String)] = [
        "swipe-delete-removes-another-message.jsonl": (
            .indexCaptured, 6,
            #"handler index-captured: action-target: delete on "m-carol" should delete "m-carol"; the code under test deleted ["m-bob"], kept "m-carol""#
        ),
        "swipe-pin-never-turns-into-unpin.jsonl": (
            .staleLabels, 6,
            #"handler stale-labels: fresh-labels: row "c-work" (leading) shows ["Pin"], the current flags give ["Unpin"]"#
        ),
        "swipe-rtl-delete-needs-the-wrong-direction.jsonl": (
            .unmirrored, 2,
            "handler unmirrored: edge: a swipe of dx 100.0 in rtl should reveal the trailing edge, the gesture reveals the leading edge"
        ),
    ]

    @Test("each swipe report's first failure under its buggy handler", arguments: swipe("reports"))
    func firstFailureMessage(path: String) throws {
        let expected = try #require(Self.firstFailure[Self.name(path)], "no first failure listed for \(Self.name(path))")
        let result = Replayer(options: ReplayOptions(handler: SwipeHandler<StringID>(expected.handler))).run(path: path)
        #expect(result.status == .fail)
        #expect(result.failures.first == LineMessage(line: expected.line, message: expected.message), "\(result.failures)")
        #expect(Replayer().run(path: path).status == .pass)
    }
}
