/// The items of a collection, in order, in chunks of at most
/// `chunkCapacity`: the storage behind `ReorderCollection.items`. Reads are
/// a `RandomAccessCollection`; writes go through `ReorderContainer`, which
/// keeps its ID index (item -> collection and chunk) in step, so a lookup,
/// a removal or an insertion costs one chunk, not the whole collection.
///
///     let items = container.collections[0].items
///     items.count      // O(1)
///     items[1_000]     // O(log c) for c chunks
///     Array(items)     // O(n)
///
/// Chunks are never empty (an empty list has none). Each has a stable name
/// (its number in `_positionOfName`), which the container's index records,
/// so chunks can split and merge without rewriting the index of the items
/// that did not move.
public struct ChunkedList<Element: Hashable & Sendable>: Sendable {
    /// Splits at this size into halves; merges neighbours below a quarter.
    public static var chunkCapacity: Int { 512 }

    @usableFromInline var _chunks: [[Element]]
    /// Position -> name.
    @usableFromInline var _names: [Int32]
    /// Name -> position (-1: a free name).
    @usableFromInline var _positionOfName: [Int32]
    @usableFromInline var _freeNames: [Int32]
    /// Chunk sizes, for position -> chunk.
    @usableFromInline var _counts: _Fenwick<Int>
    /// Per chunk, the sum of its items' extent deltas (per-item sizes), when
    /// the container measures extents; otherwise empty.
    @usableFromInline var _extentSums: [Double]
    @usableFromInline var _extents: _Fenwick<Double>
    @usableFromInline var _count: Int

    /// A list of `elements`, in chunks of half the capacity (room to grow).
    /// - Complexity: O(n).
    @inlinable
    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        _chunks = []
        var chunk: [Element] = []
        let half = Self.chunkCapacity / 2
        chunk.reserveCapacity(half)
        for e in elements {
            chunk.append(e)
            if chunk.count == half {
                _chunks.append(chunk)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        if !chunk.isEmpty { _chunks.append(chunk) }
        _names = (0..<Int32(_chunks.count)).map { $0 }
        _positionOfName = _names
        _freeNames = []
        _count = _chunks.reduce(0) { $0 + $1.count }
        _counts = _Fenwick(_chunks.map { $0.count })
        _extentSums = []
        _extents = _Fenwick<Double>([])
    }

    @inlinable public init() { self.init(EmptyCollection()) }
}

extension ChunkedList: RandomAccessCollection {
    public typealias Index = Int

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { _count }
    @inlinable public var count: Int { _count }
    @inlinable public var isEmpty: Bool { _count == 0 }

    /// - Complexity: O(log c) for c chunks.
    @inlinable
    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < _count, "index out of range")
        let (c, offset) = _counts.locate(position)
        return _chunks[c][offset]
    }

    /// Walks the chunks: O(1) per element.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let chunks: [[Element]]
        @usableFromInline var chunk = 0
        @usableFromInline var offset = 0

        @inlinable init(chunks: [[Element]], chunk: Int, offset: Int) {
            self.chunks = chunks
            self.chunk = chunk
            self.offset = offset
        }

        @inlinable
        public mutating func next() -> Element? {
            while chunk < chunks.count {
                if offset < chunks[chunk].count {
                    defer { offset += 1 }
                    return chunks[chunk][offset]
                }
                chunk += 1
                offset = 0
            }
            return nil
        }
    }

    @inlinable public func makeIterator() -> Iterator { Iterator(chunks: _chunks, chunk: 0, offset: 0) }

    /// The elements from `position` on, walked chunk by chunk.
    /// - Complexity: O(log c) to start, O(1) per element.
    @inlinable
    public func elements(from position: Int) -> IteratorSequence<Iterator> {
        if position >= _count { return IteratorSequence(Iterator(chunks: _chunks, chunk: _chunks.count, offset: 0)) }
        let (c, offset) = _counts.locate(Swift.max(0, position))
        return IteratorSequence(Iterator(chunks: _chunks, chunk: c, offset: offset))
    }

    /// The first element from `position` on that `accept` takes, read in
    /// place: `elements(from:)` retains the chunks for its iterator, and a
    /// destination is looked for on every move.
    /// - Complexity: O(log c) to start, O(1) per element passed.
    @inlinable
    func _first(from position: Int, where accept: (Element) -> Bool) -> Element? {
        if position >= _count { return nil }
        var (c, offset) = _counts.locate(Swift.max(0, position))
        while c < _chunks.count {
            while offset < _chunks[c].count {
                if accept(_chunks[c][offset]) { return _chunks[c][offset] }
                offset += 1
            }
            c += 1
            offset = 0
        }
        return nil
    }

    /// The position of `element`, known to be in the chunk named `name`.
    /// - Complexity: O(B + log c).
    @inlinable
    func _position(of element: Element, inChunkNamed name: Int32) -> Int? {
        let c = Int(_positionOfName[Int(name)])
        guard let offset = _chunks[c]._firstIndex(ofID: element) else { return nil }
        return _counts.prefix(c) + offset
    }
}

extension ChunkedList {
    /// For hit testing with measured extents: the chunk whose first item
    /// starts at or before `offset` along the axis (the last such), with the
    /// items before it and where that first item starts. Each item spans
    /// `pitch` plus its extent delta.
    /// - Complexity: O(log c).
    @inlinable
    func _chunk(atOffset offset: Double, pitch: Double) -> (chunk: Int, itemsBefore: Int, offset: Double) {
        var index = 0
        var count = 0
        var extra = 0.0
        var bit = _counts.topBit
        let measured = _extents.count == _counts.count
        while bit > 0 {
            let next = index + bit
            if next < _counts.tree.count {
                let c = count + _counts.tree[next]
                let e = measured ? extra + _extents.tree[next] : extra
                if Double(c) * pitch + e <= offset {
                    index = next
                    count = c
                    extra = e
                }
            }
            bit >>= 1
        }
        return (index, count, Double(count) * pitch + extra)
    }
}

extension ChunkedList: Hashable {
    /// Equal elements in equal order, however they are chunked.
    @inlinable
    public static func == (a: ChunkedList, b: ChunkedList) -> Bool {
        a._count == b._count && a.elementsEqual(b)
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(_count)
        for e in self { hasher.combine(e) }
    }
}

extension ChunkedList: ExpressibleByArrayLiteral {
    @inlinable public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension ChunkedList: CustomStringConvertible {
    public var description: String { Array(self).description }
}
