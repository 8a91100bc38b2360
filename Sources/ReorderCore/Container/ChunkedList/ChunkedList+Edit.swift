/// The one contiguous replacement between two versions of a list.
public struct ChunkedListEdit: Hashable, Sendable {
    /// Where the replaced run starts, in both lists.
    public var start: Int
    /// How many elements of the old list the run held.
    public var removed: Int
    /// How many elements of the new list replace them (`start ..< start + inserted`).
    public var inserted: Int

    @inlinable public init(start: Int, removed: Int, inserted: Int) {
        self.start = start
        self.removed = removed
        self.inserted = inserted
    }
}

extension ChunkedList {
    /// The shortest single replacement that turns `old` into `self`: the
    /// common prefix and suffix are kept, the run between them replaced;
    /// `nil` when the two are equal. A move of one item from `i` to `j` is
    /// the run between `i` and `j`; an insertion or a removal is the run it
    /// touched.
    ///
    ///     // old: a b c d e, new: b c a d e
    ///     new.edit(from: old)  // start 0, removed 3, inserted 3
    ///
    /// - Complexity: O(c + k) for c chunks and k elements compared: a chunk
    ///   both lists still share (neither was written since one was copied
    ///   from the other) is skipped whole, so a list that changed in a few
    ///   chunks costs those chunks; two unrelated lists cost O(n).
    @inlinable
    public func edit(from old: ChunkedList) -> ChunkedListEdit? {
        let limit = Swift.min(_count, old._count)
        let prefix = Self._commonPrefix(_chunks, old._chunks, limit: limit)
        if prefix == limit && _count == old._count { return nil }
        let suffix = Self._commonSuffix(_chunks, old._chunks, limit: limit - prefix)
        return ChunkedListEdit(start: prefix, removed: old._count - prefix - suffix, inserted: _count - prefix - suffix)
    }

    /// Whether chunk `i` of `a` and chunk `j` of `b` are one buffer (shared
    /// since a copy), read through the outer arrays' storage so that the
    /// chunks are neither retained nor released: one array is one reference.
    @inlinable
    static func _same(_ a: UnsafeBufferPointer<[Element]>, _ i: Int, _ b: UnsafeBufferPointer<[Element]>, _ j: Int) -> Bool {
        guard MemoryLayout<[Element]>.size == MemoryLayout<UnsafeRawPointer>.size else {
            return a[i].count == b[j].count
                && a[i].withUnsafeBufferPointer { pa in b[j].withUnsafeBufferPointer { pa.baseAddress == $0.baseAddress } }
        }
        let ra = UnsafeRawPointer(a.baseAddress! + i).load(as: UnsafeRawPointer.self)
        let rb = UnsafeRawPointer(b.baseAddress! + j).load(as: UnsafeRawPointer.self)
        return ra == rb
    }

    @inlinable
    static func _commonPrefix(_ chunksA: [[Element]], _ chunksB: [[Element]], limit: Int) -> Int {
        chunksA.withUnsafeBufferPointer { a in chunksB.withUnsafeBufferPointer { b in _commonPrefix(a, b, limit: limit) } }
    }

    @inlinable
    static func _commonSuffix(_ chunksA: [[Element]], _ chunksB: [[Element]], limit: Int) -> Int {
        chunksA.withUnsafeBufferPointer { a in chunksB.withUnsafeBufferPointer { b in _commonSuffix(a, b, limit: limit) } }
    }

    @inlinable
    static func _commonPrefix(_ a: UnsafeBufferPointer<[Element]>, _ b: UnsafeBufferPointer<[Element]>, limit: Int) -> Int {
        var n = 0
        var (ca, oa, cb, ob) = (0, 0, 0, 0)
        while n < limit {
            if oa == 0 && ob == 0 && n + a[ca].count <= limit && _same(a, ca, b, cb) {
                n += a[ca].count
                ca += 1
                cb += 1
                continue
            }
            if a[ca][oa] != b[cb][ob] { break }
            n += 1
            oa += 1
            ob += 1
            if oa == a[ca].count { (ca, oa) = (ca + 1, 0) }
            if ob == b[cb].count { (cb, ob) = (cb + 1, 0) }
        }
        return n
    }

    /// Like `_commonPrefix` from the ends: `oa` and `ob` count from each chunk's end.
    @inlinable
    static func _commonSuffix(_ a: UnsafeBufferPointer<[Element]>, _ b: UnsafeBufferPointer<[Element]>, limit: Int) -> Int {
        var n = 0
        var (ca, oa, cb, ob) = (a.count - 1, 0, b.count - 1, 0)
        while n < limit {
            if oa == 0 && ob == 0 && n + a[ca].count <= limit && _same(a, ca, b, cb) {
                n += a[ca].count
                ca -= 1
                cb -= 1
                continue
            }
            if a[ca][a[ca].count - 1 - oa] != b[cb][b[cb].count - 1 - ob] { break }
            n += 1
            oa += 1
            ob += 1
            if oa == a[ca].count { (ca, oa) = (ca - 1, 0) }
            if ob == b[cb].count { (cb, ob) = (cb - 1, 0) }
        }
        return n
    }
}
