import DragReader
import DragRecording
import ReorderCore
import ReorderSwipe
import TestSupport
import Testing

/// A version 2 header with the spec's example swipe section (`swipe-v1` 1),
/// `swipe` replaced by `section` when given.
func header2(swipe section: String? = nil) -> String {
    let swipe =
        section
        ?? #"{"actionWidth":64,"fullSwipe":0.5,"direction":"rtl","leading":{"actions":[{"name":"pin","label":"Pin","toggle":"pinned","labelOn":"Unpin"}],"allowsFullSwipe":false},"trailing":{"actions":[{"name":"delete","label":"Delete","role":"destructive"},{"name":"flag","label":"Flag"}]},"flags":{"pinned":["b"]}}"#
    return
        #"{"format":"dragrec","version":2,"container":{"layout":{"kind":"list","width":200,"height":100,"rowHeight":10},"collections":[{"items":["a","b","c"],"fixed":["h"]}],"swipe":"#
        + swipe + "}}"
}

@Suite("Version 2: swipe actions (swipe-v1 1, 3, 4)")
struct SwipeFormatTests {
    @Test("the header's swipe section decodes to ReorderCore's SwipeConfiguration")
    func header() throws {
        let (reader, _) = try readAll(header2() + "\n")
        #expect(reader.header.version == 2)
        #expect(
            reader.header.swipe
                == SwipeConfiguration(
                    actionWidth: 64, fullSwipe: 0.5, direction: .rtl,
                    leading: SwipeEdgeActions(
                        actions: [SwipeAction(name: "pin", label: "Pin", toggle: "pinned", labelOn: "Unpin")], allowsFullSwipe: false),
                    trailing: SwipeEdgeActions(actions: [
                        SwipeAction(name: "delete", label: "Delete", role: .destructive), SwipeAction(name: "flag", label: "Flag"),
                    ]),
                    flags: ["pinned": ["b"]]))
    }

    @Test("defaults: actionWidth 80, fullSwipe 0.6, ltr, allowsFullSwipe true; no section or null means no swipe")
    func defaults() throws {
        let (reader, _) = try readAll(header2(swipe: #"{"trailing":{"actions":[{"name":"x","label":"X"}]}}"#) + "\n")
        let swipe = try #require(reader.header.swipe)
        #expect(swipe.actionWidth == 80)
        #expect(swipe.fullSwipe == 0.6)
        #expect(swipe.direction == .ltr)
        #expect(swipe.leading == nil)
        #expect(swipe.trailing?.allowsFullSwipe == true)
        #expect(swipe.flags.isEmpty)
        #expect(try readAll(header2(swipe: "{}") + "\n").0.header.swipe == SwipeConfiguration())
        #expect(try readAll(header2(swipe: "null") + "\n").0.header.swipe == nil)
        let bare = header2().replacingFirst(#","swipe":"#, #","unused":"#)
        let (plain, _) = try readAll(bare + "\n")
        #expect(plain.header.version == 2)
        #expect(plain.header.swipe == nil)
    }

    @Test("swipe, scroll and tap decode to their typed form and carry no session")
    func gestures() throws {
        let lines = [
            #"{"type":"swipe","t":0,"item":"b","dx":-80.5,"session":3}"#, #"{"type":"scroll","t":1,"dy":-12}"#,
            #"{"type":"tap","t":2,"x":150,"y":15.25}"#,
        ]
        let (_, events) = try readAll(header2() + "\n" + lines.joined(separator: "\n") + "\n")
        #expect(
            events.map(\.value) == [
                RecordedEvent(t: 0, .swipe(item: "b", dx: -80.5)), RecordedEvent(t: 1, .scroll(dy: -12)),
                RecordedEvent(t: 2, .tap(x: 150, y: 15.25)),
            ])
        #expect(events.map(\.value.kind.type) == [.swipe, .scroll, .tap])
        #expect(events.allSatisfy { !$0.value.kind.isDragEvent && $0.value.session == 0 })
    }

    @Test("the swipe fields of expect decode to their typed form")
    func expectFields() throws {
        let line =
            #"{"type":"expect","t":0,"open":{"item":"b","edge":"leading"},"performed":{"item":"c","action":"flag"},"presentations":[["b",true],["c",false]],"labels":{"item":"b","edge":"trailing","labels":["Delete",""]}}"#
        let (_, events) = try readAll(header2() + "\n" + line + "\n")
        let expected = Expectation(
            open: SwipeOpenRow(item: "b", edge: .leading), performed: PerformedAction(item: "c", action: "flag"),
            presentations: [PresentationReport(item: "b", isPresented: true), PresentationReport(item: "c", isPresented: false)],
            labels: ExpectedLabels(item: "b", edge: .trailing, labels: ["Delete", ""]))
        #expect(events.first?.value.kind == .expect(expected))
        #expect(expected.hasSwipeFields && !expected.isEmpty)
    }

    @Test(
        "open and performed are tri-state: absent is not checked, null expects none",
        arguments: [
            (#""order":["a","b","c"]"#, Optional<OpenExpectation>.none, Optional<PerformedExpectation>.none),
            (#""open":null"#, .some(nil), nil),
            (#""performed":null"#, nil, .some(nil)),
            (#""open":null,"performed":null"#, .some(nil), .some(nil)),
            (
                #""open":{"item":"a","edge":"trailing"},"performed":{"item":"a","action":"pin"}"#,
                .some(SwipeOpenRow(item: "a", edge: .trailing)), .some(PerformedAction(item: "a", action: "pin"))
            ),
        ])
    func triState(fields: String, open: OpenExpectation?, performed: PerformedExpectation?) throws {
        let line = #"{"type":"expect","t":0,"# + fields + "}"
        let (_, events) = try readAll(header2() + "\n" + line + "\n")
        guard case .expect(let e) = events.first?.value.kind else {
            Issue.record("not an expect line")
            return
        }
        #expect(e.open == open)
        #expect(e.performed == performed)
        // and the writer keeps the difference between absent and null
        #expect(CanonicalWriter.line(for: events[0].value) == line)
    }

    @Test("presentations and labels given as null count as absent, as any optional field")
    func nullLists() throws {
        let (_, events) = try readAll(
            header2() + "\n" + #"{"type":"expect","t":0,"order":["a","b","c"],"presentations":null,"labels":null}"# + "\n")
        #expect(events.first?.value.kind == .expect(Expectation(order: ["a", "b", "c"])))
    }

    @Test("a labels expectation may name any item and a performed one any item of an action the header has")
    func looseItems() throws {
        let line =
            #"{"type":"expect","t":0,"performed":{"item":"later","action":"delete"},"labels":{"item":"gone","edge":"leading","labels":[]},"open":{"item":"h","edge":"trailing"}}"#
        let (_, events) = try readAll(header2() + "\n" + line + "\n")
        #expect(events.count == 1)
    }

    @Test("a tap outside the container, a swipe of 0 and a swipe on an unknown or fixed item are valid input")
    func runtimeConditions() throws {
        let lines = [
            #"{"type":"tap","t":0,"x":-5,"y":1000}"#, #"{"type":"swipe","t":1,"item":"b","dx":0}"#,
            #"{"type":"swipe","t":2,"item":"nobody","dx":-80}"#, #"{"type":"swipe","t":3,"item":"h","dx":80}"#,
        ]
        let (_, events) = try readAll(header2() + "\n" + lines.joined(separator: "\n") + "\n")
        #expect(events.count == 4)
    }

    @Test("a version 2 header without actions: performed may only be null")
    func performedWithoutActions() throws {
        let bare = header2(swipe: "{}")
        #expect(try readAll(bare + "\n" + #"{"type":"expect","t":0,"performed":null}"# + "\n").1.count == 1)
        #expect {
            try readAll(bare + "\n" + #"{"type":"expect","t":0,"performed":{"item":"a","action":"pin"}}"# + "\n")
        } throws: { error in
            (error as? RecordingError)?.diagnostic.message.contains("the header has no swipe actions") ?? false
        }
    }

    @Test(
        "every bundled recording is written in its own version again: the swipe-* ones as version 2, the others as version 1 with no swipe section"
    )
    func corpusVersions() throws {
        let files = corpus("regression") + corpus("reports")
        #expect(files.count > 60)
        for path in files {
            let reader = try RecordingReader(path: path)
            let isSwipe = path.split(separator: "/").last!.hasPrefix("swipe-")
            #expect(reader.header.version == (isSwipe ? 2 : 1), "\(path)")
            if !isSwipe { #expect(reader.header.swipe == nil, "\(path)") }
            let text = CanonicalWriter.text(header: reader.header, events: try reader.readAll().map(\.value))
            #expect(text.hasPrefix(#"{"format":"dragrec","version":\#(isSwipe ? 2 : 1),"container":"#), "\(path)")
            let again = try RecordingReader(bytes: Array(text.utf8))
            #expect(again.header == reader.header, "\(path)")
            #expect(CanonicalWriter.text(header: again.header, events: try again.readAll().map(\.value)) == text, "\(path)")
        }
    }
}

@Suite("Version 2: the one conversion to engine events")
struct SwipeEngineEventTests {
    let header = RecordingHeader(
        version: 2, layout: Layout(kind: .list(rowHeight: 10), width: 200, height: 100), collections: [CollectionSpec(items: ["a", "b"])])

    @Test(
        "swipe, scroll and tap map to SessionEvent cases without a session, and back",
        arguments: [
            (RecordedEvent.Kind.swipe(item: "b", dx: -80), SessionEvent<StringID, StringID?>.swipe(item: "b", dx: -80)),
            (.scroll(dy: 3), .scroll(dy: 3)),
            (.tap(x: 150, y: 15), .tap(at: Point(x: 150, y: 15))),
        ])
    func conversion(kind: RecordedEvent.Kind, event: SessionEvent<StringID, StringID?>) {
        let recorded = RecordedEvent(t: 7, kind)
        #expect(recorded.engineEvent(in: header) == event)
        #expect(event.session == nil)
        #expect(RecordedEvent(event, t: 7) == recorded)
    }

    @Test("mapIDs renames a swipe's item")
    func mapIDs() {
        let event = SessionEvent<StringID, StringID?>.swipe(item: "b", dx: 12)
        #expect(event.mapIDs(item: { $0 == "b" ? 1 : 0 }, collection: { _ in 0 }) == SessionEvent<Int, Int>.swipe(item: 1, dx: 12))
        #expect(
            SessionEvent<StringID, StringID?>.tap(at: Point(x: 1, y: 2)).mapIDs(item: { _ in 0 }, collection: { _ in 0 })
                == .tap(at: Point(x: 1, y: 2)))
    }

    @Test("the engine takes swipe gestures as no-ops until the swipe model is wired in")
    func placeholder() {
        var engine = RecordingEngine(container: header.container, layout: header.layout)
        let before = engine.container
        for e in [SessionEvent<StringID, StringID?>.swipe(item: "a", dx: -200), .scroll(dy: 1), .tap(at: Point(x: 5, y: 5))] {
            let step = engine.handle(e)
            #expect(step.outcome == nil && step.applied == nil && step.warnings.isEmpty)
        }
        #expect(engine.container == before)
    }
}
