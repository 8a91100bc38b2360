/// Where the container's index says an item is: its collection, and the
/// name of its chunk there (`-1` for a fixed entry).
@usableFromInline
struct _Home: Hashable, Sendable {
    @usableFromInline var collection: Int32
    @usableFromInline var chunk: Int32

    @inlinable init(collection: Int32, chunk: Int32) {
        self.collection = collection
        self.chunk = chunk
    }

    @inlinable var isFixed: Bool { chunk < 0 }
}

// Mutations keep the container's index (`homes`) in step: every element
// that lands in a chunk gets that chunk's name. `deltas` are the per-item
// extent deltas the container measures (empty: not measuring).
extension ChunkedList {
    /// Inserts `block` at `position` (clamped to the end).
    /// - Complexity: O(B + k) for k inserted elements, plus O(c) when a chunk splits.
    @inlinable
    mutating func _insert(
        _ block: [Element], at position: Int, collection: Int32, homes: inout [Element: _Home]?, deltas: [Element: Double]
    ) {
        if block.isEmpty { return }
        if _chunks.isEmpty {
            _chunks.append(block)
            _names.append(_allocateName())
            _count = block.count
            _rebuild(deltas: deltas)
            _split(0, collection: collection, homes: &homes, deltas: deltas)
            _setHomes(ofChunk: 0, collection: collection, homes: &homes)
            return
        }
        let p = Swift.min(Swift.max(position, 0), _count)
        let (c, offset) = p == _count ? (_chunks.count - 1, _chunks[_chunks.count - 1].count) : _counts.locate(p)
        _chunks[c].insert(contentsOf: block, at: offset)
        _count += block.count
        let name = _names[c]
        for e in block { homes?[e] = _Home(collection: collection, chunk: name) }
        if _chunks[c].count > Self.chunkCapacity {
            _split(c, collection: collection, homes: &homes, deltas: deltas)
        } else {
            _counts.add(block.count, at: c)
            if !deltas.isEmpty {
                var sum = 0.0
                for e in block { sum += deltas[e] ?? 0 }
                _extentSums[c] += sum
                _extents.add(sum, at: c)
            }
        }
    }

    /// Removes `element` from the chunk named `name`; returns its position
    /// before the removal, `nil` when it is not there.
    /// - Complexity: O(B + log c), plus O(c) when a chunk empties or merges.
    @discardableResult
    @inlinable
    mutating func _remove(
        _ element: Element, fromChunkNamed name: Int32, collection: Int32, homes: inout [Element: _Home]?, deltas: [Element: Double]
    ) -> Int? {
        let c = Int(_positionOfName[Int(name)])
        guard let offset = _chunks[c]._firstIndex(ofID: element) else { return nil }
        let position = _counts.prefix(c) + offset
        _chunks[c].remove(at: offset)
        _count -= 1
        if _chunks[c].isEmpty {
            _chunks.remove(at: c)
            _releaseName(_names.remove(at: c))
            if !deltas.isEmpty && c < _extentSums.count { _extentSums.remove(at: c) }
            _rebuild(deltas: deltas)
            return position
        }
        _counts.add(-1, at: c)
        if !deltas.isEmpty, let d = deltas[element] {
            _extentSums[c] -= d
            _extents.add(-d, at: c)
        }
        // A chunk under a quarter full joins a neighbour when both fit in half.
        let quarter = Self.chunkCapacity / 4
        let half = Self.chunkCapacity / 2
        if _chunks[c].count < quarter {
            if c + 1 < _chunks.count && _chunks[c].count + _chunks[c + 1].count <= half {
                _merge(c, collection: collection, homes: &homes, deltas: deltas)
            } else if c > 0 && _chunks[c - 1].count + _chunks[c].count <= half {
                _merge(c - 1, collection: collection, homes: &homes, deltas: deltas)
            }
        }
        return position
    }

    /// Replaces every element (a reload, or an applier's whole new order).
    /// - Complexity: O(n).
    @inlinable
    mutating func _replaceAll(with elements: [Element], collection: Int32, homes: inout [Element: _Home]?, deltas: [Element: Double]) {
        self = ChunkedList(elements)
        for c in _chunks.indices { _setHomes(ofChunk: c, collection: collection, homes: &homes) }
        _rebuild(deltas: deltas)
    }

    /// Recomputes the extent sums from `deltas` (empty: stop measuring).
    /// - Complexity: O(n) when measuring, O(c) otherwise.
    @inlinable
    mutating func _measure(_ deltas: [Element: Double]) {
        _rebuild(deltas: deltas, recomputeExtents: true)
    }

    // MARK: - Chunk structure

    /// Splits an overfull chunk into pieces of half the capacity; the first
    /// keeps its name, the others get new ones (and their items new homes).
    @inlinable
    mutating func _split(_ c: Int, collection: Int32, homes: inout [Element: _Home]?, deltas: [Element: Double]) {
        let half = Self.chunkCapacity / 2
        guard _chunks[c].count > Self.chunkCapacity else {
            _rebuild(deltas: deltas, recomputeExtentsOf: [c])
            return
        }
        let whole = _chunks[c]
        var pieces: [[Element]] = []
        var start = 0
        while start < whole.count {
            pieces.append(Array(whole[start..<Swift.min(start + half, whole.count)]))
            start += half
        }
        _chunks[c] = pieces[0]
        var names: [Int32] = []
        for _ in pieces.dropFirst() { names.append(_allocateName()) }
        _chunks.insert(contentsOf: pieces.dropFirst(), at: c + 1)
        _names.insert(contentsOf: names, at: c + 1)
        for (i, name) in names.enumerated() {
            for e in pieces[i + 1] { homes?[e] = _Home(collection: collection, chunk: name) }
        }
        if !deltas.isEmpty { _extentSums.insert(contentsOf: repeatElement(0, count: names.count), at: c + 1) }
        _rebuild(deltas: deltas, recomputeExtentsOf: Array(c...(c + names.count)))
    }

    /// Moves chunk `c + 1` into chunk `c`.
    @inlinable
    mutating func _merge(_ c: Int, collection: Int32, homes: inout [Element: _Home]?, deltas: [Element: Double]) {
        let name = _names[c]
        for e in _chunks[c + 1] { homes?[e] = _Home(collection: collection, chunk: name) }
        _chunks[c].append(contentsOf: _chunks[c + 1])
        _chunks.remove(at: c + 1)
        _releaseName(_names.remove(at: c + 1))
        if !deltas.isEmpty {
            _extentSums[c] += _extentSums[c + 1]
            _extentSums.remove(at: c + 1)
        }
        _rebuild(deltas: deltas)
    }

    @inlinable
    mutating func _setHomes(ofChunk c: Int, collection: Int32, homes: inout [Element: _Home]?) {
        let name = _names[c]
        for e in _chunks[c] { homes?[e] = _Home(collection: collection, chunk: name) }
    }

    @inlinable
    mutating func _allocateName() -> Int32 {
        if let name = _freeNames.popLast() { return name }
        _positionOfName.append(-1)
        return Int32(_positionOfName.count - 1)
    }

    @inlinable
    mutating func _releaseName(_ name: Int32) {
        _positionOfName[Int(name)] = -1
        _freeNames.append(name)
    }

    /// Rebuilds name -> position and the prefix sums after the chunks moved.
    /// - Complexity: O(c), plus O(B) per chunk whose extent sum is recomputed.
    @inlinable
    mutating func _rebuild(deltas: [Element: Double], recomputeExtents: Bool = false, recomputeExtentsOf changed: [Int] = []) {
        for (position, name) in _names.enumerated() { _positionOfName[Int(name)] = Int32(position) }
        _counts = _Fenwick(_chunks.lazy.map { $0.count })
        if deltas.isEmpty {
            if !_extentSums.isEmpty || _extents.count > 0 {
                _extentSums = []
                _extents = _Fenwick<Double>([])
            }
            return
        }
        if recomputeExtents || _extentSums.count != _chunks.count {
            _extentSums = _chunks.map { chunk in chunk.reduce(0.0) { $0 + (deltas[$1] ?? 0) } }
        } else {
            for c in changed where c < _chunks.count { _extentSums[c] = _chunks[c].reduce(0.0) { $0 + (deltas[$1] ?? 0) } }
        }
        _extents = _Fenwick(_extentSums)
    }
}
