import ReorderCore

/// The spellings of the IDs a recording names, so that no two of them are
/// canonically equivalent Unicode in different bytes (`"é"` written as
/// C3 A9 and as 65 CC 81). `String`'s `==` and hash, which every `Set`,
/// dictionary and engine of IDs uses, take the two for one ID, where the
/// format compares IDs byte for byte: the reader refuses the second spelling
/// (docs/decisions.md, "One spelling per ID"), so within a recording `==` on
/// IDs is byte equality.
///
///     var items = IDSpellings()
///     items.record("caf\u{E9}")    // nil
///     items.record("cafe\u{301}")  // "caf\u{E9}": the spelling named first
///     items.record("caf\u{E9}")    // nil: the same bytes
///
/// An ASCII ID costs a scan of its bytes and no hash unless it holds `K`,
/// `;` or `` ` ``: an ASCII string is its own decomposition, so a string
/// equivalent to it decomposes to ASCII, and the only non-ASCII characters
/// that do are U+212A KELVIN SIGN, U+037E GREEK QUESTION MARK and U+1FEF
/// GREEK VARIA, which decompose to those three (all of Unicode 14, checked
/// with Python's `unicodedata`). Memory: each distinct non-ASCII ID, and
/// each ASCII one holding one of the three, is kept once.
package struct IDSpellings: Sendable {
    /// The non-ASCII IDs named. `Set<String>` hashes and compares by
    /// canonical equivalence: a lookup finds any spelling of a member.
    private var nonASCII = Set<String>()
    /// The ASCII IDs named that hold `K`, `;` or `` ` ``.
    private var twins = Set<String>()

    package init() {}

    /// Notes `id`; returns the ID named before that is canonically
    /// equivalent to it in other bytes, `nil` when there is none.
    /// - Complexity: O(k) for k bytes; a hash when `id` is not ASCII, or
    ///   when it is and a non-ASCII ID was named.
    package mutating func record(_ id: String) -> String? {
        switch Self.shape(of: id) {
        case .ascii:
            return nil
        case .asciiWithTwin:
            if !nonASCII.isEmpty, let i = nonASCII.firstIndex(of: id) { return nonASCII[i] }
            twins.insert(id)
            return nil
        case .nonASCII:
            // One hash: `insert` hands back the member it found. (A refused
            // ID stays in the table: the read stops there.)
            let (inserted, member) = nonASCII.insert(id)
            if !inserted { return _identicalIDs(member, id) ? nil : member }
            guard !twins.isEmpty, let i = twins.firstIndex(of: id) else { return nil }
            return twins[i]
        }
    }

    /// Notes every ID of `ids`; throws the problem of the first that is
    /// another spelling of one named before.
    package mutating func check(_ ids: [String], _ what: String, field: @autoclosure () -> String) throws(FieldError) {
        for id in ids {
            if let earlier = record(id) { throw FieldError(field: field(), Self.problem(what, id, earlier: earlier)) }
        }
    }

    /// `check` of one ID.
    package mutating func check(_ id: String, _ what: String, field: @autoclosure () -> String) throws(FieldError) {
        if let earlier = record(id) { throw FieldError(field: field(), Self.problem(what, id, earlier: earlier)) }
    }

    /// What a second spelling is refused with: both spellings, by scalar.
    ///
    ///     IDSpellings.problem("item ID", "e\u{301}", earlier: "\u{E9}")
    ///     // item ID "é" (U+0065 U+0301) is another spelling of item ID "é" (U+00E9) named before: ...
    package static func problem(_ what: String, _ id: String, earlier: String) -> String {
        "\(what) \(Format.quoted(id)) (\(_scalarsText(id) ?? "")) is another spelling of \(what) \(Format.quoted(earlier)) "
            + "(\(_scalarsText(earlier) ?? "")) named before: IDs are compared byte for byte, and two IDs of a recording "
            + "may not be the same text in other bytes (expected the bytes named before)"
    }

    private enum Shape { case ascii, asciiWithTwin, nonASCII }

    @inline(__always)
    private static func shape(of id: String) -> Shape {
        func scan(_ bytes: some Sequence<UInt8>) -> Shape {
            var twin = false
            for b in bytes {
                if b >= 0x80 { return .nonASCII }
                if b == UInt8(ascii: "K") || b == UInt8(ascii: ";") || b == UInt8(ascii: "`") { twin = true }
            }
            return twin ? .asciiWithTwin : .ascii
        }
        return id.utf8.withContiguousStorageIfAvailable { scan($0) } ?? scan(id.utf8)
    }
}
