import DragCorpus
import DragReader
import DragRecording
import DragRender
import DragReplay
import Foundation
import ReorderConformance
import ReorderCore
import TestSupport
import Testing

/// The adapter from the replay's steps to the renderer: the document says
/// what the replay computed (the engine's hit target, the answered operation,
/// the difference, the failures), drawn on the core's frames.
@Suite struct ReplayAdapterTests {
    func render(_ path: String, applier: String = "canonical") -> (ReplayResult, RenderDocument?) {
        var subject: (any ReorderSubject<StringID, StringID?>)? = nil
        let replayer = Replayer(options: ReplayOptions(applier: Applier<StringID, StringID?>.named(applier)!))
        return replayer.render(path: path, subject: &subject, subjectName: "applier \(applier)")
    }

    static let cardSnaps = packageRoot + "/corpora/reports/card-snaps-to-wrong-column.jsonl"
    static let taskLands = packageRoot + "/corpora/reports/task-lands-one-row-too-far.jsonl"

    @Test func theBoardReportShowsTheForbiddenHoverAndTheDropIntoDoing() throws {
        let (result, document) = render(Self.cardSnaps)
        let doc = try #require(document)
        #expect(result.status == .pass)
        #expect(doc.header.status == "pass" && doc.header.messages.isEmpty)
        #expect(doc.header.title == "Card snaps to the wrong column near the gap")
        #expect(doc.header.layout.kindName == .board && doc.header.width == 720)
        #expect(doc.steps.map(\.kind) == [.lift, .move, .expect, .move, .expect, .drop, .expect])
        #expect(doc.steps.map(\.operation) == [nil, .forbidden, nil, .move, nil, .move, nil])
        #expect(doc.firstFailingStep == nil && doc.initialStep == 6)
        // The hover over "done" (which holds a locked card): the engine's hit, drawn.
        #expect(doc.steps[1].hit == HitTarget(collection: 2, slot: 1))
        // Columns: 220 wide, 16 apart, the container's height.
        let columns = doc.snapshot(after: 0).collections
        #expect(columns.map(\.area) == (0..<3).map { Rect(x: Double($0) * 236, y: 0, width: 220, height: 500) })
        #expect(columns.map(\.id) == ["backlog", "doing", "done"])
        #expect(columns[2].entries.map(\.locked) == [true])
        // The drop at x = 228, the right half of the gap: "doing", before "build".
        let drop = doc.steps[5]
        #expect(drop.hit == HitTarget(collection: 1, slot: 0))
        #expect(drop.placeholder == Rect(x: 236, y: 43, width: 220, height: 2))
        #expect(drop.destination == "\"doing\" before \"build\"")
        #expect(drop.outcome == "moved")
        #expect(drop.difference == RenderDifference(sources: ["spec"], collection: "doing", before: "build"))
        let after = doc.snapshot(after: 5).collections
        #expect(after.map { $0.entries.map(\.id) } == [["design"], ["spec", "build"], ["ship"]])
        #expect(doc.steps[6].expectation?.passed == true)
    }

    @Test func hitsAreTheEnginesAndFramesTheCores() throws {
        let reader = try RecordingReaderForTests(path: Self.cardSnaps)
        let (_, document) = render(Self.cardSnaps)
        let doc = try #require(document)
        let layout = reader.header.layout
        var container = reader.header.container
        var engine = RecordingEngine(container: container, layout: layout)
        for (k, event) in reader.events.enumerated() {
            let st = doc.steps[k]
            guard let e = event.engineEvent(in: reader.header) else { continue }
            let step = engine.handle(e)
            #expect(st.hit.map { HitTarget(collection: $0.collection, slot: $0.slot) } == step.target, "step \(k)")
            container = engine.container
            // Every entry at the frame the core computes.
            let frames = layout.frames(in: container)
            let drawn = doc.snapshot(after: k).collections.map { $0.entries.map(\.frame) }
            #expect(drawn == frames.map { $0.map { Rect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) } }, "step \(k)")
        }
    }

    static var corpus: [String] {
        ["regression", "reports"].flatMap { dir in
            ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot + "/corpora/" + dir)) ?? [])
                .filter { $0.hasSuffix(".jsonl") }.sorted().map { packageRoot + "/corpora/\(dir)/" + $0 }
        }
    }

    /// The adapter reads one frame per placeholder instead of laying out the
    /// container: its bar must be the one the core draws from all frames,
    /// at every hit of every recording of the corpus (lists with headers and
    /// heights, grids, boards, hstacks; slots inside, at the end, empty).
    @Test func everyPlaceholderIsTheCoresOnAllFrames() throws {
        var checked = 0
        for path in Self.corpus {
            let (_, document) = render(path)
            guard let doc = document else { continue }
            let layout = doc.header.layout
            for (k, st) in doc.steps.enumerated() {
                guard let hit = st.hit else { continue }
                let before = doc.data(after: k - 1)
                let frames = layout.frames(in: before)
                let sections = layout.sections(frames: frames)
                let bar = layout.placeholder(slot: hit.slot, frames: frames[hit.collection], section: sections[hit.collection])
                #expect(st.placeholder == Rect(x: bar.x, y: bar.y, width: bar.width, height: bar.height), "\(path) step \(k)")
                checked += 1
            }
        }
        #expect(checked > 50)
    }

    @Test func aFailingApplierOpensAtItsFailureWithBothResults() throws {
        let (result, document) = render(Self.taskLands, applier: "insert-before-remove")
        let doc = try #require(document)
        #expect(result.status == .fail && doc.header.status == "fail")
        // lift, two moves as one step, drop, expect.
        #expect(doc.steps.map(\.kind) == [.lift, .move, .drop, .expect])
        #expect(doc.steps[1].eventCount == 2 && doc.steps[1].text == "move s0 x2, lines 3-4")
        #expect(doc.firstFailingStep == 2)
        let drop = doc.steps[2]
        #expect(drop.failures.count == 1 && drop.failures[0].hasPrefix("applier insert-before-remove: placement: "))
        // The model's result and the applier's, side by side.
        let model = doc.snapshot(after: 2).collections[0].entries.map(\.id)
        let applier = try #require(doc.appSnapshot(after: 2)).collections[0].entries.map(\.id)
        #expect(model == ["call-mom", "buy-milk", "pay-rent", "walk-dog"])
        #expect(applier == ["call-mom", "pay-rent", "buy-milk", "walk-dog"])
        // The expect line: expected and actual, field by field.
        let e = try #require(doc.steps[3].expectation)
        #expect(!e.passed && doc.steps[3].isFailing)
        #expect(e.expected.contains("order: [\"call-mom\", \"buy-milk\", \"pay-rent\", \"walk-dog\"]"))
        #expect(e.actual.contains("order: [\"call-mom\", \"pay-rent\", \"buy-milk\", \"walk-dog\"]"))
        #expect(e.expected.contains("outcome: moved") && e.actual.contains("outcome: moved"))
        #expect(doc.steps[0].activeSessions == [RenderSession(number: 0, items: ["buy-milk"], sources: ["buy-milk"])])
        #expect(doc.steps[2].activeSessions.isEmpty)
    }

    @Test func anInputErrorEndsTheDocumentAtTheLineBefore() throws {
        let text = try readText(Self.taskLands).split(separator: "\n").prefix(3).joined(separator: "\n") + "\n{\"type\":\"move\",\"t\":1}\n"
        let path = try writeTemporary(text)
        let (result, document) = render(path)
        let doc = try #require(document)
        #expect(result.status == .error)
        #expect(doc.steps.map(\.kind) == [.lift, .move])
        #expect(doc.header.status == "error")
        #expect(doc.header.messages.count == 1 && doc.header.messages[0].hasPrefix("\(path):4:"), "\(doc.header.messages)")
        #expect(doc.header.messages[0].contains(": error: "))
        // A bad header leaves nothing to draw.
        let (bad, none) = render(try writeTemporary("{\"format\":\"dragrec\",\"version\":1}\n"))
        #expect(none == nil && bad.status == .error)
    }

    @Test func twoSessionsDeferredAndAppliedAndAWarningAtTheEnd() throws {
        let path = try writeTemporary(
            """
            {"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":400,"rowHeight":20},"collections":[{"items":["a","b","c","d","e"]}]}}
            {"type":"lift","t":0,"session":0,"items":["a"],"x":30,"y":10}
            {"type":"lift","t":1,"session":1,"items":["e"],"x":70,"y":90}
            {"type":"move","t":16,"session":0,"x":30,"y":45}
            {"type":"move","t":17,"session":1,"x":70,"y":30}
            {"type":"drop","t":32,"session":0,"x":30,"y":65,"apply":"deferred"}
            {"type":"cancel","t":40,"session":1}
            {"type":"apply","t":50,"session":0}
            {"type":"lift","t":60,"session":2,"items":["b"],"x":30,"y":10}

            """)
        let (result, document) = render(path)
        let doc = try #require(document)
        #expect(result.status == .pass)
        #expect(doc.paths.map(\.session) == [0, 1, 2])
        #expect(doc.paths.map(\.end) == [.drop, .cancel, nil])
        #expect(doc.steps[1].activeSessions.map(\.number) == [0, 1])
        let drop = doc.steps[4]
        #expect(drop.difference == RenderDifference(sources: ["a"], before: "d", deferred: true))
        #expect(doc.snapshot(after: 4).collections[0].entries.map(\.id) == ["a", "b", "c", "d", "e"])
        let apply = doc.steps[6]
        #expect(apply.difference == RenderDifference(sources: ["a"], before: "d", deferred: false) && apply.changesData)
        #expect(doc.snapshot(after: 6).collections[0].entries.map(\.id) == ["b", "c", "a", "d", "e"])
        // Session 2 is still active at the end: said about the recording, not a step.
        #expect(doc.header.messages.count == 1 && doc.header.messages[0].contains("warning: session 2"), "\(doc.header.messages)")
    }

    /// An insert of 20,000 IDs: the change carries them all, the step's
    /// text only its first thousand characters.
    @Test func aHugeInsertIsOneChangeAndAShortText() throws {
        let ids = (0..<20_000).map { "\"f\($0)\"" }.joined(separator: ",")
        let lines = [
            #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":400,"rowHeight":20},"collections":[{"items":["a"]}]}}"#,
            #"{"type":"insert","t":0,"items":["# + ids + #"]}"#,
        ]
        let (_, document) = render(try writeTemporary(lines.joined(separator: "\n") + "\n"))
        let doc = try #require(document)
        let edits = try #require(doc.steps.first?.modelChange?.edits)
        #expect(edits.count == 1 && edits[0].start == 1 && edits[0].removed == 0 && edits[0].inserted.count == 20_000)
        #expect(doc.steps[0].text.count < 1_100 && doc.steps[0].text.hasSuffix("more characters)"))
        #expect(doc.data(after: 0).collections[0].items.count == 20_001)
    }

    @Test func aLongDragIsOneStepAndOneSampledPath() throws {
        var lines = [
            #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":4000,"rowHeight":10},"collections":[{"items":["a","b","c"]}]}}"#,
            #"{"type":"lift","t":0,"items":["a"],"x":5,"y":5}"#,
        ]
        for i in 1...5000 { lines.append(#"{"type":"move","t":\#(i),"x":\#(i % 97),"y":\#(Double(i) / 2)}"#) }
        lines.append(#"{"type":"drop","t":5001,"x":5,"y":25}"#)
        let (_, document) = render(try writeTemporary(lines.joined(separator: "\n") + "\n"))
        let doc = try #require(document)
        #expect(doc.eventCount == 5002)
        #expect(doc.steps.map(\.kind) == [.lift, .move, .drop])
        #expect(doc.steps[1].eventCount == 5000)
        let path = try #require(doc.paths.first)
        #expect(doc.paths.count == 1 && path.isSampled && path.points.count <= doc.pathLimit)
        #expect(path.total == 5002)
    }
}

/// The header and events of a recording, read with the replayer's own reader.
struct RecordingReaderForTests {
    var header: RecordingHeader
    var events: [RecordedEvent] = []

    init(path: String) throws {
        let reader = try RecordingReader(path: path)
        header = reader.header
        while let e = try reader.next() { events.append(e.value) }
    }
}
