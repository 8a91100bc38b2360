import ReorderCore
import TestSupport
import Testing

/// `StringID`: an ID compared, hashed and ordered on its UTF-8 bytes
/// (issue 44 class 5), where `String` is canonical equivalence.
@Suite struct StringIDTests {
    static let nfc: StringID = "caf\u{E9}"
    static let nfd: StringID = "cafe\u{301}"

    @Test("two spellings of one text are two IDs: ==, hash, a Set and a dictionary")
    func twoSpellings() {
        #expect(Self.nfc.string == Self.nfd.string)
        #expect(Self.nfc != Self.nfd)
        #expect(Self.nfc == StringID("caf\u{E9}"))
        #expect(Set([Self.nfc, Self.nfd, "caf\u{E9}"]).count == 2)
        var d: [StringID: Int] = [:]
        d[Self.nfc] = 1
        d[Self.nfd] = 2
        #expect(d.count == 2 && d[Self.nfc] == 1 && d[Self.nfd] == 2)
        // U+212B ANGSTROM SIGN and U+00C5: equivalent, and two IDs.
        #expect(StringID("\u{212B}") != StringID("\u{C5}"))
        #expect(StringID("K") != StringID("\u{212A}"))
    }

    @Test("order is byte order: String's for ASCII, and total across spellings")
    func order() {
        let ascii: [StringID] = ["b", "a10", "a2", "A", ""]
        #expect(ascii.sorted().map(\.string) == ascii.map(\.string).sorted())
        #expect(Self.nfd < Self.nfc)  // 0x65 < 0xC3
        #expect(!(Self.nfc < Self.nfc))
        #expect([Self.nfc, Self.nfd].sorted() == [Self.nfd, Self.nfc])
    }

    @Test("literals, interpolation and descriptions")
    func literals() {
        let n = 7
        let id: StringID = "card-\(n)"
        #expect(id.string == "card-7")
        #expect("\(id)" == "card-7")
        #expect(id.debugDescription == "\"card-7\"")
        #expect(StringID("x") == "x")
    }

    @Test("a container holds both spellings and finds each by its bytes")
    func container() {
        let c = ReorderContainer<StringID, StringID?>(collections: [ReorderCollection(id: nil, items: [Self.nfc, "b", Self.nfd])])
        #expect(c.location(of: Self.nfc)?.index == 0)
        #expect(c.location(of: Self.nfd)?.index == 2)
        var moved = c
        var warnings: [ReorderWarning<StringID, StringID?>] = []
        moved.applyCanonical(
            ReorderDifference(sources: [Self.nfd], destination: .init(collectionID: nil, position: .before(Self.nfc))), warnings: &warnings)
        #expect(moved.orders == [[Self.nfd, Self.nfc, "b"]])
        #expect(warnings.isEmpty)
    }

    @Test("a respelled answer is found, and only when the text is the same throughout")
    func respelling() {
        #expect(_firstRespelling([[Self.nfd, "b"]], [[Self.nfc, "b"]]).map { [$0.0, $0.1] } == [Self.nfd, Self.nfc])
        #expect(_firstRespelling([[Self.nfd, "b"]], [[Self.nfd, "b"]]) == nil)
        #expect(_firstRespelling([[Self.nfd, "b"]], [[Self.nfc, "c"]]) == nil)
        #expect(_firstRespelling([[Self.nfd, "b"]], [["b", Self.nfc]]) == nil)
        #expect(_scalarsText(Self.nfd) == "U+0063 U+0061 U+0066 U+0065 U+0301")
    }
}
