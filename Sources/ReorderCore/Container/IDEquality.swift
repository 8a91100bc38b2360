/// `a == b` for IDs, with two small ASCII strings (a recorded ID such as
/// `photo-183`) answered inline. `==` on two unequal strings calls out of
/// line into the standard library, once per item a chunk scan passes and
/// per source a destination skips. Exact: the standard library's own
/// comparison treats two small ASCII strings as equal exactly when their
/// bits are; any other pair, and any other type, takes `==`. Public for the
/// other modules' hot paths; not API.
///
///     _equalIDs("photo-1", "photo-2")  // false, without a call
///     _equalIDs(3, 3)                  // true: `==`
@inlinable @inline(__always)
public func _equalIDs<ID: Equatable>(_ a: ID, _ b: ID) -> Bool {
    if ID.self == String.self, let answer = _smallASCIIEquality(unsafeBitCast(a, to: String.self), unsafeBitCast(b, to: String.self)) {
        return answer
    }
    return a == b
}

/// Whether `a` and `b` are equal when their bits say so: identical bits are
/// one string; two small ASCII strings (discriminator nibble `0xE`: immortal,
/// ASCII, small) that differ are different. `nil` for any other pair.
@inlinable @inline(__always)
func _smallASCIIEquality(_ a: String, _ b: String) -> Bool? {
    guard MemoryLayout<String>.size == 16 else { return nil }
    let x = unsafeBitCast(a, to: (UInt64, UInt64).self)
    let y = unsafeBitCast(b, to: (UInt64, UInt64).self)
    if x == y { return true }
    return x.1 >> 60 == 0xE && y.1 >> 60 == 0xE ? false : nil
}

extension Array where Element: Equatable {
    /// `firstIndex(of:)` through `_equalIDs`.
    @inlinable
    func _firstIndex(ofID id: Element) -> Int? {
        withUnsafeBufferPointer { buffer in
            for i in buffer.indices where _equalIDs(buffer[i], id) { return i }
            return nil
        }
    }

    /// `contains(_:)` through `_equalIDs`.
    @inlinable
    func _containsID(_ id: Element) -> Bool {
        withUnsafeBufferPointer { buffer in
            for e in buffer where _equalIDs(e, id) { return true }
            return false
        }
    }
}
