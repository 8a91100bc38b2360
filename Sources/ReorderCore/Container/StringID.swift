/// An ID that is text compared on its bytes: what a recording, an app and
/// the page name items and collections by. `==`, the hash and `<` read the
/// UTF-8, where `String`'s are canonical equivalence: `"caf\u{E9}"` (C3 A9)
/// and `"cafe\u{301}"` (65 CC 81) are two IDs here and one `String`. So two
/// items whose IDs are the same text in other bytes are two items in every
/// container, set, dictionary and engine of a replay, as the format says.
///
///     let a: StringID = "caf\u{E9}"
///     let b: StringID = "cafe\u{301}"
///     a == b                 // false
///     a.string == b.string   // true: `String` compares the text
///     "card-\(3)" as StringID
///
/// `<` is the order of the bytes, which for valid UTF-8 is the order of the
/// scalars: `String`'s own order for any text already in NFC (all ASCII).
@frozen
public struct StringID: Sendable {
    /// The ID's text, its bytes as given.
    public let string: String

    @inlinable public init(_ string: String) { self.string = string }
}

extension StringID: Hashable {
    /// The same UTF-8; two small ASCII strings answered from their bits.
    /// - Complexity: O(n) in the bytes, O(1) for two small ASCII IDs.
    @inlinable
    public static func == (a: StringID, b: StringID) -> Bool { _identicalStrings(a.string, b.string) }

    /// The UTF-8 bytes and their count.
    /// - Complexity: O(n) in the bytes.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        var s = string
        s.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(s.utf8.count)
    }
}

extension StringID: Comparable {
    /// Byte order: for valid UTF-8, the order of the scalars.
    /// - Complexity: O(n) in the bytes.
    @inlinable
    public static func < (a: StringID, b: StringID) -> Bool {
        if a == b { return false }
        return a.string.utf8.lexicographicallyPrecedes(b.string.utf8)
    }
}

extension StringID: ExpressibleByStringInterpolation {
    @inlinable public init(stringLiteral value: String) { self.string = value }
    @inlinable public init(stringInterpolation: DefaultStringInterpolation) {
        self.string = String(stringInterpolation: stringInterpolation)
    }
}

extension StringID: CustomStringConvertible, CustomDebugStringConvertible, LosslessStringConvertible {
    /// The text itself, so `"\(id)"` is the ID.
    public var description: String { string }
    /// As a `String` prints in a test's expectation: quoted and escaped.
    public var debugDescription: String { string.debugDescription }
}

extension StringID: Codable {
    /// A JSON string, as an app's own `Codable` model writes an ID.
    public init(from decoder: any Decoder) throws { string = try decoder.singleValueContainer().decode(String.self) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
