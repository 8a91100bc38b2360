/// A Fenwick (binary indexed) tree over the chunks of a `ChunkedList`:
/// prefix sums of chunk sizes (to find the chunk that holds position p) and
/// of per-item extent deltas (to hit-test lists with per-item sizes).
///
///     var f = _Fenwick<Int>([3, 1, 4])
///     f.prefix(2)        // 4: the first two chunks hold 4 items
///     f.add(2, at: 1)    // the second chunk grew by 2
///
/// - Complexity: `prefix`, `add` and the searches are O(log c) for c chunks;
///   building is O(c).
@usableFromInline
struct _Fenwick<Value: AdditiveArithmetic & Comparable & Hashable & Sendable>: Hashable, Sendable {
    /// 1-based: `tree[i]` covers the `i & -i` values ending at `i`.
    @usableFromInline var tree: [Value]

    @inlinable
    init<C: Collection>(_ values: C) where C.Element == Value {
        tree = [.zero]
        tree.reserveCapacity(values.count + 1)
        tree.append(contentsOf: values)
        var i = 1
        while i < tree.count {
            let parent = i + (i & -i)
            if parent < tree.count { tree[parent] += tree[i] }
            i += 1
        }
    }

    /// The number of values.
    @inlinable var count: Int { tree.count - 1 }

    /// Adds `delta` to value `i` (0-based).
    @inlinable
    mutating func add(_ delta: Value, at i: Int) {
        var j = i + 1
        while j < tree.count {
            tree[j] += delta
            j += j & -j
        }
    }

    /// The sum of values `0 ..< i`.
    @inlinable
    func prefix(_ i: Int) -> Value {
        var sum = Value.zero
        var j = i
        while j > 0 {
            sum += tree[j]
            j -= j & -j
        }
        return sum
    }

    /// The highest power of two <= count (0 when empty): where descents start.
    /// From the count's leading zeros, not a loop (it runs at every lookup
    /// of a position, every move of a replay).
    @inlinable var topBit: Int {
        let n = count
        return n <= 0 ? 0 : 1 << (Int.bitWidth - 1 - n.leadingZeroBitCount)
    }
}

extension _Fenwick where Value == Int {
    /// For positive values (chunk sizes): the value `c` that holds position
    /// `p` of their concatenation, and `p`'s offset inside it. `p` must be
    /// below the total.
    @inlinable
    func locate(_ p: Int) -> (index: Int, offset: Int) {
        var index = 0
        var rest = p
        var bit = topBit
        while bit > 0 {
            let next = index + bit
            if next < tree.count && tree[next] <= rest {
                index = next
                rest -= tree[next]
            }
            bit >>= 1
        }
        return (index, rest)
    }
}
