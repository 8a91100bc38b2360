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

/// The first pair at one place of `a` and `b` that is the same text in
/// other bytes, when `a` and `b` are the same text throughout: the ID of
/// `a`, then that of `b`. For `String` IDs, `a == b` (canonical
/// equivalence) and a pair not `_identicalIDs`; for `StringID`s, whose `==`
/// is on the bytes, their `string`s equal and a pair not `==`. `nil`
/// otherwise, and for any other ID type at once. What turns "got
/// [\"café\"], expected [\"café\"]" into a message that says why. Public
/// for the other modules' checks; not API.
/// - Complexity: O(n) in the IDs.
@inlinable
public func _firstRespelling<ID: Equatable>(_ a: [[ID]], _ b: [[ID]]) -> (ID, ID)? {
    if ID.self == String.self {
        guard a == b else { return nil }
        for (x, y) in zip(a, b) {
            for (p, q) in zip(x, y) where !_identicalIDs(p, q) { return (p, q) }
        }
        return nil
    }
    guard ID.self == StringID.self else { return nil }
    let x = unsafeBitCast(a, to: [[StringID]].self)
    let y = unsafeBitCast(b, to: [[StringID]].self)
    guard x.count == y.count else { return nil }
    var first: (StringID, StringID)?
    for (r, s) in zip(x, y) {
        guard r.count == s.count else { return nil }
        for (p, q) in zip(r, s) where p != q {
            guard p.string == q.string else { return nil }
            if first == nil { first = (p, q) }
        }
    }
    return first.map { (unsafeBitCast($0.0, to: ID.self), unsafeBitCast($0.1, to: ID.self)) }
}

/// `U+0065 U+0301`: the scalars of a `String` or `StringID`, the first 16, to tell two
/// spellings apart in a message; `nil` for any other type. Not API.
public func _scalarsText<ID>(_ id: ID) -> String? {
    guard let s = (id as? String) ?? (id as? StringID)?.string else { return nil }
    let hex = s.unicodeScalars.prefix(16).map { scalar -> String in
        let h = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - h.count)) + h
    }
    return hex.joined(separator: " ") + (s.unicodeScalars.count > 16 ? " ..." : "")
}
