import DragRecording
import ReorderCore
import Testing

/// One spelling per ID (docs/decisions.md): two IDs that are the same text
/// in other bytes are one ID to `String`'s `==` and hash, so a recording
/// may hold only one of them. Every comparison here is on UTF-8 bytes:
/// `==` on the strings would hide the very difference under test.
@Suite("One spelling per ID")
struct IDSpellingsTests {
    /// Canonically equivalent pairs in different bytes: é precomposed and
    /// decomposed, ANGSTROM SIGN and Å, Å and A + ring, and the three
    /// characters that are equivalent to ASCII (KELVIN SIGN, GREEK QUESTION
    /// MARK, GREEK VARIA), each way round.
    static let pairs: [(String, String)] = [
        ("\u{E9}", "e\u{301}"), ("e\u{301}", "\u{E9}"), ("\u{212B}", "\u{C5}"), ("\u{C5}", "A\u{30A}"), ("K", "\u{212A}"),
        ("\u{212A}", "K"), ("x;y", "x\u{37E}y"), ("x\u{37E}y", "x;y"), ("a`", "a\u{1FEF}"), ("cafe\u{301}", "caf\u{E9}"),
    ]

    static func bytes(_ s: String?) -> [UInt8]? { s.map { Array($0.utf8) } }

    /// `body` throws a `FieldError` at `field` with exactly `message`, byte
    /// for byte (`FieldError`'s `==` compares messages as `String`s: the two
    /// spellings swapped would pass it).
    static func expectProblem(
        field: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
    ) {
        do {
            try body()
            Issue.record("accepted; expected \(message)", sourceLocation: sourceLocation)
        } catch let e as FieldError {
            #expect(e.field == field, sourceLocation: sourceLocation)
            #expect(bytes(e.message) == bytes(message), "\(e.message)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
        }
    }

    @Test("String's == takes each pair for one ID: the reason for the rule")
    func pairsAreEqualStrings() {
        for (a, b) in Self.pairs {
            #expect(a == b && Set([a, b]).count == 1, "\(Self.bytes(a)!) \(Self.bytes(b)!)")
            #expect(Self.bytes(a) != Self.bytes(b))
        }
    }

    @Test("the second spelling is refused, either way round, naming the first")
    func secondSpellingRefused() {
        for (a, b) in Self.pairs {
            var s = IDSpellings()
            #expect(s.record(a) == nil)
            #expect(Self.bytes(s.record(b)) == Self.bytes(a), "\(Self.bytes(a)!) then \(Self.bytes(b)!)")
        }
    }

    @Test("the same bytes again, other IDs, and ASCII beside ASCII are no problem")
    func sameBytesAccepted() {
        var s = IDSpellings()
        for id in ["caf\u{E9}", "caf\u{E9}", "K", "K", ";", "cafe", "\u{C5}", "k", "Kelvin", "caf\u{E9}", "\u{212B}x"] {
            #expect(s.record(id) == nil, "\(Self.bytes(id)!)")
        }
        // An ASCII ID after a non-ASCII one that is not its spelling.
        #expect(s.record("Kx") == nil)
    }

    @Test("the message names both spellings by scalar, and what is expected")
    func message() {
        let m = IDSpellings.problem("item ID", "e\u{301}", earlier: "\u{E9}")
        let expected =
            "item ID \"e\u{301}\" (U+0065 U+0301) is another spelling of item ID \"\u{E9}\" (U+00E9) named before: IDs are "
            + "compared byte for byte, and two IDs of a recording may not be the same text in other bytes (expected the bytes named before)"
        #expect(Self.bytes(m) == Self.bytes(expected))
    }

    static let layout = Layout<String>(kind: .list(rowHeight: 10), width: 100, height: 100)

    static func validator(items: [String], id: String? = nil, heights: [String: Double] = [:]) throws(FieldError) -> RecordingValidator {
        try RecordingValidator(
            header: RecordingHeader(
                layout: Layout(kind: .list(rowHeight: 10, heights: heights), width: 100, height: 100),
                collections: [CollectionSpec(id: id, items: items)]))
    }

    @Test("a header with both spellings of é is refused as two spellings, not as an ID twice")
    func headerBothSpellings() {
        Self.expectProblem(field: "items", IDSpellings.problem("item ID", "e\u{301}", earlier: "\u{E9}")) {
            _ = try Self.validator(items: ["\u{E9}", "e\u{301}"])
        }
        Self.expectProblem(field: "items", IDSpellings.problem("item ID", "\u{C5}", earlier: "\u{212B}")) {
            _ = try Self.validator(items: ["\u{212B}", "\u{C5}"])
        }
        // The same bytes twice is still an ID twice.
        Self.expectProblem(field: "items", "item ID \"\u{E9}\" appears twice (IDs are unique across items and fixed of every collection)") {
            _ = try Self.validator(items: ["\u{E9}", "\u{E9}"])
        }
    }

    @Test("a layout's sized item in another spelling than the entry is refused")
    func layoutKey() {
        Self.expectProblem(field: "container.layout", IDSpellings.problem("item ID", "\u{212A}", earlier: "K")) {
            _ = try Self.validator(items: ["K"], heights: ["\u{212A}": 20])
        }
    }

    @Test("an event naming an ID in another spelling than the header's is refused, at its field")
    func events() throws {
        let cases: [(RecordedEvent.Kind, String)] = [
            (.lift(items: ["e\u{301}"], x: 1, y: 1, ops: .move, external: false), "items"),
            (.mutation(.insert(items: ["x", "e\u{301}"], collection: nil, index: nil)), "items"),
            (.mutation(.delete(items: ["e\u{301}"])), "items"),
            (.mutation(.relocate(items: ["k"], collection: nil, before: "e\u{301}")), "before"),
            (.expect(Expectation(order: ["e\u{301}"])), "order"),
            (.expect(Expectation(difference: ExpectedDifference(sources: ["e\u{301}"], collection: nil, before: nil))), "sources"),
        ]
        for (kind, field) in cases {
            var v = try Self.validator(items: ["\u{E9}", "k"])
            Self.expectProblem(field: field, IDSpellings.problem("item ID", "e\u{301}", earlier: "\u{E9}")) {
                try v.check(RecordedEvent(t: 0, kind))
            }
        }
    }

    @Test("an ID inserted by an event holds its spelling for the lines after it")
    func insertedThenRespelled() throws {
        var v = try Self.validator(items: ["a"])
        try v.check(RecordedEvent(t: 0, .mutation(.insert(items: ["\u{212B}"], collection: nil, index: nil))))
        try v.check(RecordedEvent(t: 1, .mutation(.delete(items: ["\u{212B}"]))))
        Self.expectProblem(field: "items", IDSpellings.problem("item ID", "\u{C5}", earlier: "\u{212B}")) {
            try v.check(RecordedEvent(t: 2, .mutation(.insert(items: ["\u{C5}"], collection: nil, index: nil))))
        }
    }

    @Test("collection ids have their own spellings: an item and a collection may share a text")
    func collectionIDs() throws {
        var v = try Self.validator(items: ["\u{E9}"], id: "e\u{301}")
        try v.check(RecordedEvent(t: 0, .mutation(.insert(items: ["b"], collection: "e\u{301}", index: nil))))
        Self.expectProblem(field: "collection", IDSpellings.problem("collection id", "\u{E9}", earlier: "e\u{301}")) {
            try v.check(RecordedEvent(t: 1, .mutation(.insert(items: ["c"], collection: "\u{E9}", index: nil))))
        }
    }

    @Test("the writer keeps an ID's bytes: decomposed stays decomposed, precomposed stays precomposed")
    func writerKeepsBytes() {
        for id in ["cafe\u{301}", "caf\u{E9}", "\u{212B}", "\u{212A}"] {
            let line = CanonicalWriter.line(for: RecordedEvent(t: 0, .mutation(.delete(items: [id]))))
            let expected = #"{"type":"delete","t":0,"items":[""# + id + #""]}"#
            #expect(Self.bytes(line) == Self.bytes(expected))
            let header = CanonicalWriter.line(for: RecordingHeader(layout: Self.layout, collections: [CollectionSpec(items: [id])]))
            #expect(Array(header.utf8).firstRange(of: Array(id.utf8)) != nil)
            // Not the other spelling: `String.contains` would not tell.
            #expect(Array(header.utf8).firstRange(of: Array("caf\u{E9}".utf8)) == nil || id == "caf\u{E9}")
        }
    }
}
