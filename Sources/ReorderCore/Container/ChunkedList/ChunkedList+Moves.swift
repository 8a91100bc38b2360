/// A change between two versions of a list as what moved: the elements
/// taken out of the old list and those put into the new one, the rest
/// keeping their order.
package struct ChunkedListMoves: Hashable, Sendable {
    /// The old list's indices taken out, ascending.
    package var removed: [Int]
    /// The new list's indices put in, ascending.
    package var inserted: [Int]

    package init(removed: [Int], inserted: [Int]) {
        self.removed = removed
        self.inserted = inserted
    }
}

extension ChunkedList {
    /// Run `e` (`edit(from: old)`) as what moved: removing `removed` from
    /// `old` (last first) and then inserting `self`'s elements at
    /// `inserted` (first first) gives `self`. A move of one element from
    /// the end of a run of 10^6 to its start is one index of each, not the
    /// run. `nil` when more than `limit` elements were taken out and put in,
    /// or when the rest did not keep its order (a mismatch that `lookahead`
    /// elements on either side do not resolve).
    ///
    ///     // old: a b c d e, new: d a b c e
    ///     new.moves(from: old, within: new.edit(from: old)!, limit: 8)  // removed [3], inserted [0]
    ///
    /// - Complexity: O((c + k) log c) for the lists' c chunks and the k
    ///   elements compared: a chunk both lists share and reach at its start
    ///   together (the chunks between a drag's source and its destination)
    ///   is skipped whole.
    package func moves(from old: ChunkedList, within e: ChunkedListEdit, limit: Int, lookahead: Int = 8) -> ChunkedListMoves? {
        var moves = ChunkedListMoves(removed: [], inserted: [])
        var (i, j) = (e.start, e.start)
        let (iEnd, jEnd) = (e.start + e.removed, e.start + e.inserted)
        let walked = old._chunks.withUnsafeBufferPointer { a in
            _chunks.withUnsafeBufferPointer { b in
                while i < iEnd && j < jEnd {
                    let (ca, oa) = old._counts.locate(i)
                    let (cb, ob) = _counts.locate(j)
                    let n = a[ca].count
                    if oa == 0 && ob == 0 && i + n <= iEnd && j + n <= jEnd && Self._same(a, ca, b, cb) {
                        i += n
                        j += n
                        continue
                    }
                    if a[ca][oa] == b[cb][ob] {
                        i += 1
                        j += 1
                        continue
                    }
                    guard step(old, &moves, &i, &j, iEnd, jEnd, lookahead), moves.removed.count + moves.inserted.count <= limit else {
                        return false
                    }
                }
                return true
            }
        }
        guard walked, moves.removed.count + moves.inserted.count + (iEnd - i) + (jEnd - j) <= limit else { return nil }
        moves.removed += i..<iEnd
        moves.inserted += j..<jEnd
        return moves
    }

    /// At a mismatch of old[i] and self[j]: the nearest d (up to
    /// `lookahead`) where the two meet again, self[j ..< j + d] put in or
    /// old[i ..< i + d] taken out; false when there is none.
    private func step(
        _ old: ChunkedList, _ moves: inout ChunkedListMoves, _ i: inout Int, _ j: inout Int, _ iEnd: Int, _ jEnd: Int, _ lookahead: Int
    ) -> Bool {
        for d in 1...Swift.max(lookahead, 1) {
            if j + d < jEnd && self[j + d] == old[i] {
                moves.inserted += j..<(j + d)
                j += d
                return true
            }
            if i + d < iEnd && old[i + d] == self[j] {
                moves.removed += i..<(i + d)
                i += d
                return true
            }
        }
        return false
    }
}
