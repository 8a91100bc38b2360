import DragReader
import DragRecording
import DragSystem
import Foundation
import ReorderCore
import ReorderReplicas
import ReorderSwipe
import TestSupport
import Testing

/// Grammar-valid random recordings over every event type and layout. With
/// `version2`, headers carry a swipe section and events include swipe
/// gestures and the swipe fields of `expect` (version 1 streams are drawn
/// exactly as before).
struct RandomRecording {
    var rng: SplitMix64
    var version2 = false

    mutating func int(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    mutating func number() -> Double {
        switch int(4) {
        case 0: Double(int(500))
        case 1: Double(int(100_000)) / 8
        case 2: Double(rng.next() >> 11) * 0x1p-53 * 1000
        // Within the limits on coordinates and sizes (docs/decisions.md); the
        // largest Double still round-trips through `meta`.
        default: [0.1, 1e-7, 123456.789, Double.leastNonzeroMagnitude, 999_999_999_999.875, -1e12][int(6)]
        }
    }
    /// Two of them are one text in two spellings (C3 A9 and 65 CC 81):
    /// two IDs, written and read back byte for byte.
    mutating func id() -> StringID {
        ["a", "b", "c", "item-\(int(50))", "ünï", "q\"uote", "tab\tnl\n", "\u{1}ctl", "caf\u{E9}", "cafe\u{301}"][int(10)]
    }
    mutating func ids(_ max: Int = 4) -> [StringID] {
        var seen = Set<StringID>()
        var out: [StringID] = []
        for _ in 0..<(1 + int(max)) {
            let i = id()
            if seen.insert(i).inserted { out.append(i) }
        }
        return out
    }

    mutating func header(collections n: Int) -> RecordingHeader {
        let layouts: [Layout<StringID>.Kind] = [
            .list(rowHeight: 10, spacing: number(), headerHeight: 0, heights: ["a": 3.5]),
            .grid(columns: int(2) == 0 ? .fixed(3) : .adaptive(minimum: 20), rowHeight: 12, spacing: 2, headerHeight: 4),
            .board(columnWidth: 50, spacing: 5, rowHeight: 10, rowSpacing: 1, headerHeight: 0),
        ]
        let specs = (0..<n).map { c in
            CollectionSpec(
                id: n == 1 && int(2) == 0 ? nil : "col\(c)", items: ["i\(c)a", "i\(c)b"],
                fixed: int(2) == 0 ? ["f\(c)"] : [], locked: [], capacity: int(2) == 0 ? nil : int(9))
        }
        let layout = Layout(kind: layouts[int(3)], width: 400, height: 300)
        let enabled = int(2) == 0
        let meta: JSONValue? =
            int(2) == 0
            ? nil
            : .object([
                "title": .string("t"), "n": .number(int(2) == 0 ? number() : 1.7976931348623157e308), "list": .array([.bool(true), .null]),
            ])
        guard version2 else { return RecordingHeader(layout: layout, enabled: enabled, collections: specs, meta: meta) }
        return RecordingHeader(
            version: 2, layout: layout, enabled: enabled, collections: specs, swipe: int(5) == 0 ? nil : swipe(specs), meta: meta)
    }

    /// A valid swipe section: every field drawn, defaults included.
    mutating func swipe(_ specs: [CollectionSpec]) -> SwipeConfiguration<StringID> {
        var names = ["pin", "delete", "flag", "archive", "mark \"read\"", "ünï"]
        let labels = ["Pin", "", "Delete ✓", "tab\tnl\n", "q\"uote"]
        func edge(_ r: inout RandomRecording) -> SwipeEdgeActions? {
            guard r.int(3) != 0 else { return nil }
            var actions: [SwipeAction] = []
            for _ in 0..<(1 + r.int(3)) where !names.isEmpty {
                let name = names.remove(at: r.int(names.count))
                var a = SwipeAction(name: name, label: labels[r.int(labels.count)])
                switch r.int(3) {
                case 0: a.role = .destructive
                case 1:
                    a.toggle = ["pinned", "read"][r.int(2)]
                    a.labelOn = labels[r.int(labels.count)]
                default: if r.int(4) == 0 { a.labelOn = "on" }
                }
                actions.append(a)
            }
            return SwipeEdgeActions(actions: actions, allowsFullSwipe: r.int(3) != 0)
        }
        let items = specs.flatMap(\.items)
        var flags: [String: [StringID]] = [:]
        for flag in ["pinned", "read"] where int(2) == 0 { flags[flag] = items.filter { _ in int(2) == 0 } }
        return SwipeConfiguration(
            actionWidth: [80, 44, 0.5, 120.25][int(4)], fullSwipe: [0.6, 1, 0.25, 1e-7][int(4)],
            direction: int(2) == 0 ? .ltr : .rtl, leading: edge(&self), trailing: edge(&self), flags: flags)
    }

    /// A version 2 event that is not a drag event: a gesture, or an
    /// `expect` with swipe fields (`null` ones included).
    mutating func swipeEvent(_ header: RecordingHeader) -> RecordedEvent.Kind {
        switch int(4) {
        case 0: return .swipe(item: id(), dx: int(2) == 0 ? -number() : number())
        case 1: return .scroll(dy: int(2) == 0 ? -number() : number())
        case 2: return .tap(x: number(), y: number())
        default:
            let swipe = header.swipe ?? SwipeConfiguration()
            let actions = SwipeEdge.allCases.flatMap { swipe.actions(on: $0).map(\.name) }
            var e = Expectation()
            switch int(3) {
            case 0: e.open = .some(nil)
            case 1: e.open = SwipeOpenRow(item: id(), edge: SwipeEdge.allCases[int(2)])
            default: break
            }
            switch int(3) {
            case 0: e.performed = .some(nil)
            case 1: if !actions.isEmpty { e.performed = PerformedAction(item: id(), action: actions[int(actions.count)]) }
            default: break
            }
            if int(2) == 0 { e.presentations = (0..<int(4)).map { _ in PresentationReport(item: id(), isPresented: int(2) == 0) } }
            if int(2) == 0 || e.isEmpty {
                e.labels = ExpectedLabels(item: id(), edge: SwipeEdge.allCases[int(2)], labels: (0..<int(3)).map { _ in id().string })
            }
            if int(3) == 0 { e.outcome = .moved }
            return .expect(e)
        }
    }

    mutating func events(_ header: RecordingHeader, count: Int) -> [RecordedEvent] {
        var t = 0.0
        var active = Set<Int>()
        var deferred = Set<Int>()
        var out: [RecordedEvent] = []
        let ids = header.collections.map(\.id)
        func collection(_ r: inout RandomRecording) -> StringID? { ids.count == 1 ? (r.int(2) == 0 ? nil : ids[0]) : ids[r.int(ids.count)] }
        while out.count < count {
            t += Double(int(3)) + (int(4) == 0 ? 0.25 : 0)
            let s = int(3)
            let kind: RecordedEvent.Kind
            if active.contains(s) {
                switch int(3) {
                case 0: kind = .move(x: number(), y: number())
                case 1:
                    kind = .drop(x: number(), y: number(), deferred: int(2) == 0)
                    active.remove(s)
                    if case .drop(_, _, true) = kind { deferred.insert(s) }
                default:
                    kind = .cancel
                    active.remove(s)
                }
            } else if deferred.contains(s) && int(2) == 0 {
                kind = .apply
                deferred.remove(s)
            } else if version2 && int(3) == 0 {
                kind = swipeEvent(header)
            } else {
                switch int(12) {
                case 0, 1:
                    kind = .lift(items: self.ids(), x: number(), y: number(), ops: [.move, .copy, .all][int(3)], external: int(3) == 0)
                    active.insert(s)
                    deferred.remove(s)
                case 2: kind = .mutation(.insert(items: self.ids(), collection: collection(&self), index: int(2) == 0 ? nil : int(5)))
                case 3: kind = .mutation(.delete(items: self.ids()))
                case 4: kind = .mutation(.relocate(items: self.ids(), collection: collection(&self), before: int(2) == 0 ? nil : id()))
                case 5: kind = .mutation(.update(item: id()))
                case 6:
                    let specs = header.collections.map {
                        CollectionSpec(id: $0.id, items: $0.items.reversed(), locked: $0.items.prefix(1).map { $0 })
                    }
                    kind = .mutation(.reload(collections: specs.map(\.collection), locked: specs.flatMap(\.locked)))
                case 7: kind = .mutation(.setEnabled(int(2) == 0))
                case 8: kind = int(2) == 0 ? .mutation(.lock(items: self.ids())) : .mutation(.unlock(items: self.ids()))
                default:
                    var e = Expectation(
                        outcome: Outcome.allCases[int(6)], session: int(2) == 0 ? nil : int(3),
                        difference: ExpectedDifference(
                            sources: self.ids(), collection: ids.count == 1 ? nil : ids[0], before: int(2) == 0 ? nil : id()),
                        operation: DropOperation.allCases[int(3)])
                    if ids.count == 1 { e.order = self.ids() } else { e.collections = [ids[0]!: self.ids()] }
                    kind = .expect(e)
                }
            }
            out.append(RecordedEvent(t: t, session: kind.isDragEvent ? s : 0, kind))
        }
        return out
    }
}

@Suite("Canonical writer")
struct WriterTests {
    @Test("round trip: reading what the writer wrote gives the same events", arguments: 0..<200)
    func roundTrip(seed: UInt64) throws {
        var r = RandomRecording(rng: SplitMix64(seed: seed))
        let header = r.header(collections: 1 + r.int(3))
        let events = r.events(header, count: 1 + r.int(40))
        let text = CanonicalWriter.text(header: header, events: events)
        let reader = try RecordingReader(bytes: Array(text.utf8))
        #expect(reader.header == header)
        #expect(try reader.readAll().map(\.value) == events)
        // and writing what was read reproduces the file byte for byte
        let again = try RecordingReader(bytes: Array(text.utf8))
        #expect(CanonicalWriter.text(header: again.header, events: try again.readAll().map(\.value)) == text)
    }

    @Test("round trip of version 2: swipe sections, swipe gestures and swipe expectations", arguments: 0..<200)
    func roundTripVersion2(seed: UInt64) throws {
        var r = RandomRecording(rng: SplitMix64(seed: seed), version2: true)
        let header = r.header(collections: 1 + r.int(3))
        let events = r.events(header, count: 1 + r.int(40))
        let text = CanonicalWriter.text(header: header, events: events)
        let reader = try RecordingReader(bytes: Array(text.utf8))
        #expect(reader.header == header)
        #expect(try reader.readAll().map(\.value) == events)
        let again = try RecordingReader(bytes: Array(text.utf8))
        #expect(CanonicalWriter.text(header: again.header, events: try again.readAll().map(\.value)) == text)
    }

    @Test("stable key order, integral numbers without .0, shortest round-trip numbers, defaults omitted")
    func exactLines() {
        #expect(CanonicalWriter.line(for: RecordedEvent(t: 5, .move(x: 1, y: 2.5))) == #"{"type":"move","t":5,"x":1,"y":2.5}"#)
        #expect(
            CanonicalWriter.line(
                for: RecordedEvent(t: 0.1, session: 3, .lift(items: ["a", "b"], x: 1e-7, y: 1e300, ops: .all, external: true)))
                == #"{"type":"lift","t":0.1,"session":3,"items":["a","b"],"x":1e-07,"y":1e+300,"ops":["move","copy"],"external":true}"#)
        #expect(
            CanonicalWriter.line(for: RecordedEvent(t: 2, .drop(x: -0.0, y: 3, deferred: true)))
                == #"{"type":"drop","t":2,"x":0,"y":3,"apply":"deferred"}"#)
        #expect(
            CanonicalWriter.line(for: RecordedEvent(t: 2, .mutation(.relocate(items: ["a"], collection: nil, before: nil))))
                == #"{"type":"relocate","t":2,"items":["a"],"before":null}"#)
        #expect(
            CanonicalWriter.line(for: RecordedEvent(t: 2, .mutation(.update(item: "q\"\n\u{1}"))))
                == #"{"type":"update","t":2,"item":"q\"\n\u0001"}"#)
        let header = RecordingHeader(
            layout: Layout(kind: .list(rowHeight: 10, spacing: 0, headerHeight: 0, heights: [:]), width: 100, height: 50),
            collections: [CollectionSpec(items: ["a"])], meta: .object(["z": .number(1), "a": .string("x")]))
        #expect(
            CanonicalWriter.line(for: header)
                == #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":50,"rowHeight":10},"collections":[{"items":["a"]}]},"meta":{"a":"x","z":1}}"#
        )
    }

    @Test("version 2: the header's swipe section in a fixed key order, defaults omitted")
    func exactVersion2Header() {
        let layout = Layout<StringID>(kind: .list(rowHeight: 10, spacing: 0, headerHeight: 0, heights: [:]), width: 200, height: 50)
        let swipe = SwipeConfiguration<StringID>(
            actionWidth: 64, fullSwipe: 0.5, direction: .rtl,
            leading: SwipeEdgeActions(
                actions: [SwipeAction(name: "pin", label: "Pin", toggle: "pinned", labelOn: "Unpin")], allowsFullSwipe: false),
            trailing: SwipeEdgeActions(actions: [
                SwipeAction(name: "delete", label: "Delete", role: .destructive), SwipeAction(name: "flag", label: "Flag"),
            ]),
            flags: ["pinned": ["b"], "archived": []])
        let header = RecordingHeader(layout: layout, collections: [CollectionSpec(items: ["a", "b"])], swipe: swipe)
        #expect(header.version == 2)
        #expect(
            CanonicalWriter.line(for: header)
                == #"{"format":"dragrec","version":2,"container":{"layout":{"kind":"list","width":200,"height":50,"rowHeight":10},"collections":[{"items":["a","b"]}],"swipe":{"actionWidth":64,"fullSwipe":0.5,"direction":"rtl","leading":{"actions":[{"name":"pin","label":"Pin","toggle":"pinned","labelOn":"Unpin"}],"allowsFullSwipe":false},"trailing":{"actions":[{"name":"delete","label":"Delete","role":"destructive"},{"name":"flag","label":"Flag"}]},"flags":{"archived":[],"pinned":["b"]}}}}"#
        )
        // Every default omitted: 80, 0.6, "ltr", allowsFullSwipe true, no flags.
        let defaults = RecordingHeader(
            layout: layout, collections: [CollectionSpec(items: ["a"])],
            swipe: SwipeConfiguration(trailing: SwipeEdgeActions(actions: [SwipeAction(name: "x", label: "X")])))
        #expect(
            CanonicalWriter.line(for: defaults)
                == #"{"format":"dragrec","version":2,"container":{"layout":{"kind":"list","width":200,"height":50,"rowHeight":10},"collections":[{"items":["a"]}],"swipe":{"trailing":{"actions":[{"name":"x","label":"X"}]}}}}"#
        )
        // Version 2 without a swipe section, and an empty one.
        var bare = RecordingHeader(version: 2, layout: layout, collections: [CollectionSpec(items: ["a"])])
        #expect(
            CanonicalWriter.line(for: bare)
                == #"{"format":"dragrec","version":2,"container":{"layout":{"kind":"list","width":200,"height":50,"rowHeight":10},"collections":[{"items":["a"]}]}}"#
        )
        bare.swipe = SwipeConfiguration()
        #expect(CanonicalWriter.line(for: bare).hasSuffix(#""collections":[{"items":["a"]}],"swipe":{}}}"#))
    }

    @Test("version 2: swipe gestures and the swipe fields of expect, null written for none")
    func exactVersion2Events() {
        #expect(
            CanonicalWriter.line(for: RecordedEvent(t: 5, .swipe(item: "b", dx: -80))) == #"{"type":"swipe","t":5,"item":"b","dx":-80}"#)
        #expect(CanonicalWriter.line(for: RecordedEvent(t: 6, .scroll(dy: 12.5))) == #"{"type":"scroll","t":6,"dy":12.5}"#)
        #expect(CanonicalWriter.line(for: RecordedEvent(t: 7, .tap(x: 150, y: 15))) == #"{"type":"tap","t":7,"x":150,"y":15}"#)
        let all = Expectation(
            order: ["a"], open: SwipeOpenRow(item: "b", edge: .trailing), performed: PerformedAction(item: "b", action: "delete"),
            presentations: [PresentationReport(item: "b", isPresented: true), PresentationReport(item: "b", isPresented: false)],
            labels: ExpectedLabels(item: "b", edge: .leading, labels: ["Unpin"]))
        #expect(
            CanonicalWriter.line(for: RecordedEvent(t: 8, .expect(all)))
                == #"{"type":"expect","t":8,"order":["a"],"open":{"item":"b","edge":"trailing"},"performed":{"item":"b","action":"delete"},"presentations":[["b",true],["b",false]],"labels":{"item":"b","edge":"leading","labels":["Unpin"]}}"#
        )
        let none = Expectation(open: .some(nil), performed: .some(nil), presentations: [])
        #expect(
            CanonicalWriter.line(for: RecordedEvent(t: 9, .expect(none)))
                == #"{"type":"expect","t":9,"open":null,"performed":null,"presentations":[]}"#)
    }

    @Test("a canonical file from the corpus is reproduced byte for byte")
    func corpusFile() throws {
        let text =
            #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"board","width":400,"height":300,"columnWidth":100,"spacing":20,"rowHeight":10},"collections":[{"id":"todo","items":["a","b"],"locked":["b"]},{"id":"done","items":["c"],"capacity":3}]}}"#
            + "\n"
            + #"{"type":"lift","t":0,"items":["a"],"x":50,"y":5}"# + "\n" + #"{"type":"drop","t":16.5,"x":150,"y":5}"# + "\n"
            + #"{"type":"expect","t":16.5,"collections":{"done":["a","c"],"todo":["b"]},"outcome":"moved"}"# + "\n"
        let reader = try RecordingReader(bytes: Array(text.utf8))
        #expect(CanonicalWriter.text(header: reader.header, events: try reader.readAll().map(\.value)) == text)
    }

    @Test("a canonical version 2 file is reproduced byte for byte")
    func version2File() throws {
        let text =
            #"{"format":"dragrec","version":2,"container":{"layout":{"kind":"list","width":200,"height":100,"rowHeight":10},"collections":[{"items":["a","b","c"],"fixed":["h"]}],"swipe":{"fullSwipe":0.75,"leading":{"actions":[{"name":"pin","label":"Pin","toggle":"pinned","labelOn":"Unpin"}],"allowsFullSwipe":false},"trailing":{"actions":[{"name":"delete","label":"Delete","role":"destructive"},{"name":"flag","label":"Flag"}]},"flags":{"pinned":["b"]}}}}"#
            + "\n" + #"{"type":"swipe","t":0,"item":"b","dx":-80}"# + "\n"
            + #"{"type":"expect","t":0,"open":{"item":"b","edge":"trailing"},"presentations":[["b",true]]}"# + "\n"
            + #"{"type":"lift","t":10,"items":["a"],"x":50,"y":15}"# + "\n" + #"{"type":"drop","t":20,"x":50,"y":35}"# + "\n"
            + #"{"type":"tap","t":30,"x":150,"y":25}"# + "\n" + #"{"type":"scroll","t":40,"dy":-3.5}"# + "\n"
            + #"{"type":"expect","t":40,"outcome":"moved","open":null,"performed":{"item":"b","action":"delete"},"labels":{"item":"b","edge":"leading","labels":["Unpin"]}}"#
            + "\n"
        let reader = try RecordingReader(bytes: Array(text.utf8))
        #expect(CanonicalWriter.text(header: reader.header, events: try reader.readAll().map(\.value)) == text)
    }

    @Test("version 1 is written as before: \"version\":1 and no swipe section")
    func version1Unchanged() throws {
        let header = RecordingHeader(
            layout: Layout(kind: .list(rowHeight: 10, spacing: 0, headerHeight: 0, heights: [:]), width: 100, height: 50),
            collections: [CollectionSpec(items: ["a"])])
        #expect(header.version == 1)
        #expect(header.swipe == nil)
        #expect(CanonicalWriter.line(for: header).hasPrefix(#"{"format":"dragrec","version":1,"container":"#))
        #expect(!CanonicalWriter.line(for: header).contains("swipe"))
    }
}

@Suite("Recorder")
struct RecorderTests {
    let header = RecordingHeader(
        layout: Layout(kind: .list(rowHeight: 10, spacing: 0, headerHeight: 0, heights: [:]), width: 100, height: 50),
        collections: [CollectionSpec(items: ["a", "b"])])

    func temporaryPath() -> String { NSTemporaryDirectory() + "recorder-\(UInt64.random(in: 0...UInt64.max)).jsonl" }

    @Test("appends one line per event, readable at every point")
    func appends() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try Recorder(path: path, header: header)
        try recorder.record(RecordedEvent(t: 0, .lift(items: ["a"], x: 5, y: 5, ops: .move, external: false)))
        // Readable before the recorder is closed: nothing is buffered.
        #expect(try RecordingReader(path: path).readAll().count == 1)
        try recorder.record(RecordedEvent(t: 3, .drop(x: 5, y: 15, deferred: false)))
        #expect(try RecordingReader(path: path).readAll().map(\.value.kind.type) == [.lift, .drop])
    }

    @Test("refuses an event that would make the recording invalid, and writes nothing")
    func refuses() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try Recorder(path: path, header: header)
        #expect(throws: RecordingError.self) { try recorder.record(RecordedEvent(t: 0, .move(x: 1, y: 1))) }
        #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 1)
    }

    @Test("a crash mid-line loses only that line")
    func crashMidLine() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try Recorder(path: path, header: header)
        try recorder.record(RecordedEvent(t: 0, .lift(items: ["a"], x: 5, y: 5, ops: .move, external: false)))
        let handle = FileHandle(forWritingAtPath: path)!
        handle.seekToEndOfFile()
        handle.write(Data(#"{"type":"drop","t":1,"x":"#.utf8))  // the process died here
        handle.closeFile()
        let reader = try RecordingReader(path: path)
        #expect(try reader.readAll().count == 1)
        #expect(reader.warnings.count == 1)
    }

    @Test("records version 3: replicas in the header, a replica on local events, channel events, expect.replicas")
    func recordsVersion3() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var v3 = header
        v3.replicas = ReplicasSpec(ids: ["A", "B"], merge: .causal)
        v3.version = 3
        let recorder = try Recorder(path: path, header: v3)
        let events = [
            RecordedEvent(t: 0, .mutation(.relocate(items: ["a"], collection: nil, before: nil)), replica: "A"),
            RecordedEvent(t: 1, .lift(items: ["b"], x: 5, y: 15, ops: .move, external: false), replica: "B"),
            RecordedEvent(t: 2, .channel(.deliver(MessageSelector(to: "B")))),
            RecordedEvent(t: 3, .drop(x: 5, y: 1, deferred: false), replica: "B"),
            RecordedEvent(t: 4, .channel(.quiesce)),
            RecordedEvent(t: 4, .expect(Expectation(replicas: ["A": .order(["b", "a"]), "B": .order(["b", "a"])]))),
        ]
        for e in events { try recorder.record(e) }
        let reader = try RecordingReader(path: path)
        #expect(reader.header == v3)
        #expect(try reader.readAll().map(\.value) == events)
        // The validator refuses a local event without its replica, and a replica the header does not name.
        #expect(throws: RecordingError.self) { try recorder.record(RecordedEvent(t: 5, .mutation(.delete(items: ["a"])))) }
        #expect(throws: RecordingError.self) {
            try recorder.record(RecordedEvent(t: 5, .mutation(.delete(items: ["a"])), replica: "Q"))
        }
    }

    @Test("records version 2: the swipe section, swipe gestures and swipe expectations")
    func recordsVersion2() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var v2 = header
        v2.swipe = SwipeConfiguration(
            trailing: SwipeEdgeActions(actions: [SwipeAction(name: "delete", label: "Delete", role: .destructive)]), flags: ["seen": ["a"]])
        v2.version = 2
        let recorder = try Recorder(path: path, header: v2)
        let events = [
            RecordedEvent(t: 0, .swipe(item: "b", dx: -80)),
            RecordedEvent(t: 1, .lift(items: ["a"], x: 5, y: 5, ops: .move, external: false)),
            RecordedEvent(t: 2, .scroll(dy: 4)),
            RecordedEvent(t: 3, .drop(x: 5, y: 15, deferred: false)),
            RecordedEvent(t: 4, .tap(x: 90, y: 15)),
            RecordedEvent(t: 5, .expect(Expectation(open: .some(nil), performed: PerformedAction(item: "b", action: "delete")))),
        ]
        for e in events { try recorder.record(e) }
        let reader = try RecordingReader(path: path)
        #expect(reader.header == v2)
        #expect(try reader.readAll().map(\.value) == events)
        // The validator still refuses what version 2 does not allow.
        #expect(throws: RecordingError.self) { try recorder.record(RecordedEvent(t: 6, .swipe(item: "b", dx: .nan))) }
        #expect(throws: RecordingError.self) {
            try recorder.record(RecordedEvent(t: 6, .expect(Expectation(performed: PerformedAction(item: "b", action: "archive")))))
        }
    }

    @Test("a version 1 recorder refuses swipe gestures and swipe expectations; a swipe section needs version 2")
    func version1RefusesSwipe() throws {
        let path = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recorder = try Recorder(path: path, header: header)
        for kind: RecordedEvent.Kind in [
            .swipe(item: "a", dx: 10), .scroll(dy: 1), .tap(x: 1, y: 1), .expect(Expectation(open: .some(nil))),
        ] {
            #expect {
                try recorder.record(RecordedEvent(t: 0, kind))
            } throws: { error in
                guard case .input(let d) = error as? RecordingError else { return false }
                return d.message.contains("needs a version 2 header (this file is version 1)")
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 1)
        var mixed = header
        mixed.swipe = SwipeConfiguration()
        mixed.version = 1
        #expect(
            throws: RecordingError.input(
                Diagnostic(path: path, line: 1, message: #"field "container.swipe" needs a version 2 header (this file is version 1)"#))
        ) {
            try Recorder(path: path, header: mixed)
        }
        var future = header
        future.version = 4
        #expect(
            throws: RecordingError.input(
                Diagnostic(path: path, line: 1, message: "unsupported version 4: dragrec versions 1, 2 and 3 are supported"))
        ) {
            try Recorder(path: path, header: future)
        }
    }
}
