import DragCorpus
import DragRecording
import DragRender
import DragReplay
import DragSystem
import Foundation
import ReorderConformance
import ReorderCore
import TestSupport
import Testing

/// `RenderStepSpool`: a document whose steps and paths went to the spool
/// writes the very page the in-memory document does.
@Suite struct RenderStepSpoolTests {
    /// The page `HTMLRenderer.write` streams, collected.
    func streamed(_ doc: RenderDocument) throws -> String {
        var bytes: [UInt8] = []
        try HTMLRenderer.write(doc) { bytes.append(contentsOf: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same events built in memory and spooled.
    func both(_ header: RenderHeader, initial: RenderData, _ events: [RenderEvent]) throws -> (RenderDocument, RenderDocument) {
        var memory = RenderBuilder(header: header, initial: initial)
        var spooled = RenderBuilder(header: header, initial: initial, spool: try RenderStepSpool())
        for e in events {
            memory.append(e)
            spooled.append(e)
        }
        return (memory.finish(), spooled.finish())
    }

    @Test(
        "every bundled report's page is the same spooled as in memory",
        arguments: [
            "card-snaps-to-wrong-column", "multi-selection-comes-back-reordered", "row-moves-wrong-after-sync",
            "swipe-delete-removes-another-message", "task-lands-one-row-too-far", "two-songs-drop-one-slot-too-far",
        ])
    func roundTripOfReports(_ name: String) throws {
        let path = packageRoot + "/corpora/reports/" + name + ".jsonl"
        var subject: (any ReorderSubject<StringID, StringID?>)? = nil
        let memory = try #require(Replayer().render(path: path, subject: &subject, subjectName: "applier canonical").document)
        let spool = try RenderStepSpool()
        let spooled = try #require(
            Replayer().render(path: path, subject: &subject, subjectName: "applier canonical", spool: spool).document)
        #expect(spooled.steps.isEmpty && spooled.paths.isEmpty, "nothing kept in memory")
        #expect(spooled.stepCount == memory.steps.count && spooled.pathCount == memory.paths.count)
        #expect(spooled.failingStepCount == memory.failingStepCount && spooled.changingStepCount == memory.changingStepCount)
        #expect(try streamed(spooled) == HTMLRenderer.page(memory))
        #expect(try streamed(memory) == HTMLRenderer.page(memory))
    }

    /// Two sessions' drags interleaved (paths end out of the order they
    /// began in), cancels, long drags, and 10^4 steps: more than one
    /// spool buffer and more than one read-back chunk.
    @Test func manyStepsAndPathsRoundTrip() throws {
        let data = RenderData(collections: [ReorderCollection(id: nil, items: (0..<20).map { "i\($0)" })])
        var events: [RenderEvent] = []
        var line = 2
        func add(_ kind: EventKind, _ s: Int, _ x: Double, failing: Bool = false) {
            events.append(
                RenderEvent(
                    line: line, t: Double(line), text: "\(kind.rawValue) s\(s) <\(line)>", kind: kind, session: s,
                    location: kind == .cancel ? nil : Point(x: x, y: Double(line % 7)), operation: kind == .lift ? nil : .move,
                    failures: failing ? ["failed at </script> \(line)"] : []))
            line += 1
        }
        for round in 0..<1_000 {
            add(.lift, 0, 1)
            add(.lift, 1, 2)
            for k in 0..<(round % 5 == 0 ? 30 : 3) { add(.move, round % 2, Double(k)) }
            add(.drop, 1, 5, failing: round % 97 == 0)
            add(.move, 0, 6)
            add(round % 3 == 0 ? .cancel : .drop, 0, 7)
        }
        let (memory, spooled) = try both(RenderHeader(title: "many", layout: .rows(width: 100, height: 200)), initial: data, events)
        #expect(memory.steps.count > 5_000 && spooled.stepCount == memory.steps.count)
        #expect(spooled.pathCount == 2_000 && spooled.failingStepCount == memory.failingStepCount)
        #expect(spooled.firstFailingStep == memory.firstFailingStep)
        #expect(try streamed(spooled) == HTMLRenderer.page(memory))
    }

    @Test func anEmptySpoolWritesTheEmptyPage() throws {
        let (memory, spooled) = try both(
            RenderHeader(title: "empty", layout: .rows(width: 10, height: 10)), initial: RenderData(collections: []), [])
        #expect(spooled.stepCount == 0 && spooled.pathCount == 0)
        #expect(try streamed(spooled) == HTMLRenderer.page(memory))
    }

    @Test func aMissingDirectoryIsATypedErrorNamingIt() throws {
        let missing = try temporaryDirectory("spool") + "/gone"
        #expect {
            _ = try RenderStepSpool(directory: missing)
        } throws: { error in
            guard let e = error as? SystemError else { return false }
            return e.path.hasPrefix(missing + "/") && e.call == "open" && e.description.contains("error: open failed")
        }
    }

    @Test func theSpoolLeavesNoFileBehind() throws {
        let dir = try temporaryDirectory("spool")
        let spool = try RenderStepSpool(directory: dir)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "unlinked at once")
        _ = spool
    }

    @Test("the page counts one step as \"1 step\"", arguments: [(1, "1 step"), (4, "4 steps"), (0, "0 steps")])
    func stepCountText(_ n: Int, _ text: String) {
        #expect(HTMLRenderer.stepsText(n) == text)
    }

    @Test func aOneStepPageSaysOneStep() {
        var b = RenderBuilder(header: RenderHeader(title: "one", layout: .rows(width: 10, height: 10)))
        b.append(RenderEvent(line: 2, t: 0, text: "lift", kind: .lift, session: 0, location: Point(x: 1, y: 1)))
        let page = HTMLRenderer.page(b.finish())
        #expect(page.contains("1 events, 1 step</p>") && !page.contains("1 steps"))
        #expect(HTMLRenderer.page(Fixtures.forwardMove()).contains("5 events, 4 steps</p>"))
    }
}
