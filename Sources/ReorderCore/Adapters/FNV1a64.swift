/// FNV-1a, 64 bits: the project's one stable hash (Swift's `Hasher` is
/// seeded per run). It makes IDs from names (`IDMaker.int`, `.uuid`) and
/// names findings and merged recordings by their content; bytes are added
/// as they stream past, so a long recording is hashed without being held.
///
///     var h = FNV1a64()
///     h.add("a".utf8)
///     h.hex  // "af63dc4c8601ec8c"
public struct FNV1a64: Hashable, Sendable {
    public var value: UInt64

    /// `offset`: the standard basis; another gives a second, independent hash.
    @inlinable public init(offset: UInt64 = 0xCBF2_9CE4_8422_2325) { value = offset }

    /// - Complexity: O(n) for n bytes.
    @inlinable public mutating func add(_ bytes: some Sequence<UInt8>) {
        for b in bytes { value = (value ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
    }

    /// The value as 16 hex digits.
    public var hex: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
