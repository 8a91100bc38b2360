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

/// Whether `a` and `b` are one ID byte for byte: for `String` IDs (and the
/// `String?` of collection IDs) the same UTF-8, where `==` is canonical
/// equivalence (`"é"` as C3 A9 and as 65 CC 81 are `==`); `==` for any
/// other type. What the checks hold an answer's IDs to: an app that
/// normalised an ID has answered another ID. Public for the other modules'
/// checks; not API.
///
///     _identicalIDs("caf\u{E9}", "cafe\u{301}")  // false, where == is true
///     _identicalIDs(3, 3)                        // true: `==`
@inlinable
public func _identicalIDs<ID: Equatable>(_ a: ID, _ b: ID) -> Bool {
    if ID.self == String.self {
        return _identicalStrings(unsafeBitCast(a, to: String.self), unsafeBitCast(b, to: String.self))
    }
    if ID.self == String?.self {
        switch (unsafeBitCast(a, to: String?.self), unsafeBitCast(b, to: String?.self)) {
        case (nil, nil): return true
        case (let x?, let y?): return _identicalStrings(x, y)
        default: return false
        }
    }
    return a == b
}

/// Two strings with the same UTF-8; two small ASCII strings answered inline.
@inlinable @inline(__always)
func _identicalStrings(_ a: String, _ b: String) -> Bool {
    if let answer = _smallASCIIEquality(a, b) { return answer }
    return a.utf8.elementsEqual(b.utf8)
}

/// The first pair at one place of `a` and `b` that is `==` and not the
/// same bytes (`_identicalIDs`): the ID of `a`, then that of `b`; `nil` when
/// there is none, and for an ID type other than `String` at once. Public for
/// the other modules' checks; not API.
@inlinable
public func _firstRespelling<ID: Equatable>(_ a: [[ID]], _ b: [[ID]]) -> (ID, ID)? {
    guard ID.self == String.self else { return nil }
    for (x, y) in zip(a, b) {
        for (p, q) in zip(x, y) where !_identicalIDs(p, q) && p == q { return (p, q) }
    }
    return nil
}

/// `U+0065 U+0301`: the scalars of a `String` ID, the first 16, to tell two
/// spellings apart in a message; `nil` for any other type. Not API.
public func _scalarsText<ID>(_ id: ID) -> String? {
    guard let s = id as? String else { return nil }
    let hex = s.unicodeScalars.prefix(16).map { scalar -> String in
        let h = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - h.count)) + h
    }
    return hex.joined(separator: " ") + (s.unicodeScalars.count > 16 ? " ..." : "")
}
