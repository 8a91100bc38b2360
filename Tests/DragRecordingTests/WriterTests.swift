import DragReader
import DragRecording
import Foundation
import ReorderCore
import TestSupport
import Testing

/// Grammar-valid random recordings over every event type and layout.
struct RandomRecording {
    var rng: SplitMix64

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
    mutating func id() -> String { ["a", "b", "c", "item-\(int(50))", "ünï", "q\"uote", "tab\tnl\n", "\u{1}ctl"][int(8)] }
    mutating func ids(_ max: Int = 4) -> [String] {
        var seen = Set<String>()
        var out: [String] = []
        for _ in 0..<(1 + int(max)) {
            let i = id()
            if seen.insert(i).inserted { out.append(i) }
        }
        return out
    }

    mutating func header(collections n: Int) -> RecordingHeader {
        let layouts: [Layout<String>.Kind] = [
            .list(rowHeight: 10, spacing: number(), headerHeight: 0, heights: ["a": 3.5]),
            .grid(columns: int(2) == 0 ? .fixed(3) : .adaptive(minimum: 20), rowHeight: 12, spacing: 2, headerHeight: 4),
            .board(columnWidth: 50, spacing: 5, rowHeight: 10, rowSpacing: 1, headerHeight: 0),
        ]
        let specs = (0..<n).map { c in
            CollectionSpec(
                id: n == 1 && int(2) == 0 ? nil : "col\(c)", items: ["i\(c)a", "i\(c)b"],
                fixed: int(2) == 0 ? ["f\(c)"] : [], locked: [], capacity: int(2) == 0 ? nil : int(9))
        }
        return RecordingHeader(
            layout: Layout(kind: layouts[int(3)], width: 400, height: 300), enabled: int(2) == 0, collections: specs,
            meta: int(2) == 0
                ? nil
                : .object([
                    "title": .string("t"), "n": .number(int(2) == 0 ? number() : 1.7976931348623157e308),
                    "list": .array([.bool(true), .null]),
                ]))
    }

    mutating func events(_ header: RecordingHeader, count: Int) -> [RecordedEvent] {
        var t = 0.0
        var active = Set<Int>()
        var deferred = Set<Int>()
        var out: [RecordedEvent] = []
        let ids = header.collections.map(\.id)
        func collection(_ r: inout RandomRecording) -> String? { ids.count == 1 ? (r.int(2) == 0 ? nil : ids[0]) : ids[r.int(ids.count)] }
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
            } else {
                switch int(12) {
                case 0, 1:
                    kind = .lift(items: self.ids(), x: number(), y: number(), ops: [.move, .copy, .all][int(3)], external: int(3) == 0)
                    active.insert(s)
                    deferred.remove(s)
                case 2: kind = .insert(items: self.ids(), collection: collection(&self), index: int(2) == 0 ? nil : int(5))
                case 3: kind = .delete(items: self.ids())
                case 4: kind = .relocate(items: self.ids(), collection: collection(&self), before: int(2) == 0 ? nil : id())
                case 5: kind = .update(item: id())
                case 6:
                    kind = .reload(
                        collections: header.collections.map {
                            CollectionSpec(id: $0.id, items: $0.items.reversed(), locked: $0.items.prefix(1).map { $0 })
                        })
                case 7: kind = int(2) == 0 ? .enable : .disable
                case 8: kind = int(2) == 0 ? .lock(items: self.ids()) : .unlock(items: self.ids())
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
            CanonicalWriter.line(for: RecordedEvent(t: 2, .relocate(items: ["a"], collection: nil, before: nil)))
                == #"{"type":"relocate","t":2,"items":["a"],"before":null}"#)
        #expect(
            CanonicalWriter.line(for: RecordedEvent(t: 2, .update(item: "q\"\n\u{1}"))) == #"{"type":"update","t":2,"item":"q\"\n\u0001"}"#)
        let header = RecordingHeader(
            layout: Layout(kind: .list(rowHeight: 10, spacing: 0, headerHeight: 0, heights: [:]), width: 100, height: 50),
            collections: [CollectionSpec(items: ["a"])], meta: .object(["z": .number(1), "a": .string("x")]))
        #expect(
            CanonicalWriter.line(for: header)
                == #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":50,"rowHeight":10},"collections":[{"items":["a"]}]},"meta":{"a":"x","z":1}}"#
        )
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
}
