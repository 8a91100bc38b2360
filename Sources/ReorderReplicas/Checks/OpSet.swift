/// A set of op indices (0 ..< count) as bits: the applied set of an intent
/// search state, hashed and compared in O(count / 64).
struct OpSet: Hashable, Sendable {
    private(set) var words: [UInt64]

    init(count: Int) { words = Array(repeating: 0, count: (count + 63) / 64) }

    func contains(_ i: Int) -> Bool { words[i >> 6] & (1 << UInt64(i & 63)) != 0 }

    mutating func insert(_ i: Int) { words[i >> 6] |= 1 << UInt64(i & 63) }

    func inserting(_ i: Int) -> OpSet {
        var copy = self
        copy.insert(i)
        return copy
    }

    /// Whether every member of `other` is a member.
    func isSuperset(of other: OpSet) -> Bool {
        for (a, b) in zip(words, other.words) where a & b != b { return false }
        return true
    }
}
