import Foundation
import ReorderCore
import Testing

/// `_equalIDs`: the chunk scans' comparison answers exactly as `==` does,
/// for every kind of string (small or not, ASCII or not, canonically equal
/// spelled two ways) and for other ID types.
@Suite struct IDEqualityTests {
    static let strings: [String] = [
        "", "a", "b", "photo-1", "photo-10", "photo-183", "photo-184", "exactly15bytes!", "sixteen-bytes-ab",
        "a much longer identifier that lives on the heap", "a much longer identifier that lives on the heap!",
        "caf\u{E9}", "cafe\u{301}", "\u{E9}", "e\u{301}", "\u{1F600}", "x\u{0}y",
        String(repeating: "z", count: 15), String(repeating: "z", count: 16),
        // The same text built at run time, in a fresh buffer.
        String(decoding: Array("photo-183".utf8), as: UTF8.self),
        String(decoding: Array("a much longer identifier that lives on the heap".utf8), as: UTF8.self),
        NSString(string: "photo-183") as String, ("photo-" as NSString).appending("184"),
    ]

    @Test func agreesWithEqualityOnStrings() {
        for a in Self.strings {
            for b in Self.strings {
                #expect(_equalIDs(a, b) == (a == b), "\(a.debugDescription) vs \(b.debugDescription)")
            }
        }
    }

    @Test func agreesWithEqualityOnOtherTypes() {
        let ints = [0, 1, -1, Int.max, Int.min]
        for a in ints { for b in ints { #expect(_equalIDs(a, b) == (a == b)) } }
        let optionals: [String?] = [nil, "a", "photo-1", "caf\u{E9}", "cafe\u{301}"]
        for a in optionals { for b in optionals { #expect(_equalIDs(a, b) == (a == b)) } }
        #expect(!_equalIDs(Double.nan, Double.nan))
    }

    @Test func containersFindCanonicallyEqualIDs() {
        // Stored precomposed, asked decomposed: found through `==`.
        let items = (0..<600).map { "item-\($0)" } + ["caf\u{E9}"]
        let c = ReorderContainer<String, String?>(collections: [ReorderCollection(id: nil, items: items)])
        #expect(c.location(of: "cafe\u{301}")?.index == 600)
        #expect(c.location(of: "item-599")?.index == 599)
    }
}
