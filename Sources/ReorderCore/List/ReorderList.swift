/// A single reorderable collection for very large data, applying differences
/// with the canonical rule of spec 3.1 without touching every item.
///
/// Items live in chunks of at most `chunkCapacity`, with a map from each ID
/// to its chunk. An apply looks up the k sources (k hashes), removes each
/// from its chunk and inserts the block before the anchor, splitting that
/// chunk: O(k * B + k) for chunk size B, independent of the list's length n.
/// `ReorderContainer.applyCanonical` is O(n + k); both give the same order
/// (checked against each other by the tests).
///
///     var list = ReorderList(Array(0..<1_000_000))
///     list.apply(ReorderDifference(sources: [7, 3], destination: .init(collectionID: .init(), position: .before(0))))
///     list.items.prefix(3)  // [7, 3, 0]
///
/// - Complexity: `apply` O(k * B + k); `items` O(n); `init` O(n).
public struct ReorderList<ItemID: Hashable & Sendable>: Sendable {
    public typealias Difference = ReorderDifference<ItemID, ReorderableSingleCollectionIdentifier>

    public static var chunkCapacity: Int { 512 }

    /// The chunks, in order; never empty except for an empty list.
    @usableFromInline var _chunks: [[ItemID]]
    /// A stable name per chunk, parallel to `_chunks`.
    @usableFromInline var _chunkNames: [Int]
    /// Chunk name -> index in `_chunks` (rebuilt when chunks are added or removed).
    @usableFromInline var _chunkIndex: [Int: Int]
    /// Item -> chunk name.
    @usableFromInline var _home: [ItemID: Int]
    @usableFromInline var _nextName: Int

    @inlinable
    public init(_ items: [ItemID]) {
        _chunks = []
        _chunkNames = []
        _chunkIndex = [:]
        _home = Dictionary(minimumCapacity: items.count)
        _nextName = 0
        var start = 0
        while start < items.count {
            let end = min(start + Self.chunkCapacity / 2, items.count)
            _appendChunk(Array(items[start..<end]))
            start = end
        }
    }

    /// The items, in order.
    /// - Complexity: O(n).
    @inlinable public var items: [ItemID] { Array(_chunks.joined()) }

    @inlinable public var count: Int { _home.count }

    @inlinable public func contains(_ id: ItemID) -> Bool { _home[id] != nil }

    @inlinable
    mutating func _appendChunk(_ chunk: [ItemID]) {
        let name = _nextName
        _nextName += 1
        _chunkIndex[name] = _chunks.count
        _chunks.append(chunk)
        _chunkNames.append(name)
        for id in chunk { _home[id] = name }
    }

    /// Applies `difference` with the canonical rule (3.1). Returns what it
    /// resolved (`collection` is 0), or `nil` when nothing changed.
    @discardableResult
    @inlinable
    public mutating func apply(_ difference: Difference) -> ResolvedMove<ItemID>? {
        // 1. S: sources present, first occurrence kept, in D's order.
        var moved: [ItemID] = []
        var movedSet = Set<ItemID>(minimumCapacity: difference.sources.count)
        for id in difference.sources where _home[id] != nil && movedSet.insert(id).inserted { moved.append(id) }
        if moved.isEmpty { return nil }
        // 3. The anchor: x itself, the first non-source after it when x is
        // a source, the end when x is absent.
        var anchor: ItemID?
        if let x = difference.destination.position.anchor, let home = _home[x] {
            if !movedSet.contains(x) {
                anchor = x
            } else {
                var c = _chunkIndex[home]!
                var i = _chunks[c].firstIndex(of: x)! + 1
                search: while c < _chunks.count {
                    while i < _chunks[c].count {
                        if !movedSet.contains(_chunks[c][i]) {
                            anchor = _chunks[c][i]
                            break search
                        }
                        i += 1
                    }
                    c += 1
                    i = 0
                }
            }
        }
        // 4. Remove S (each from its own chunk), then insert the block.
        var emptied = false
        for id in moved {
            let c = _chunkIndex[_home[id]!]!
            _chunks[c].remove(at: _chunks[c].firstIndex(of: id)!)
            if _chunks[c].isEmpty { emptied = true }
        }
        let target: Int
        let position: Int
        if let anchor {
            target = _chunkIndex[_home[anchor]!]!
            position = _chunks[target].firstIndex(of: anchor)!
        } else {
            target = _chunks.lastIndex { !$0.isEmpty } ?? 0
            position = _chunks[target].count
        }
        _chunks[target].insert(contentsOf: moved, at: position)
        for id in moved { _home[id] = _chunkNames[target] }
        if _chunks[target].count > Self.chunkCapacity { _split(target) }
        if emptied { _dropEmptyChunks() }
        return ResolvedMove(moved: moved, collection: 0, anchor: anchor)
    }

    /// Splits an overfull chunk into halves of at most `chunkCapacity / 2`.
    @inlinable
    mutating func _split(_ c: Int) {
        let whole = _chunks[c]
        let half = Self.chunkCapacity / 2
        var pieces: [[ItemID]] = []
        var start = 0
        while start < whole.count {
            pieces.append(Array(whole[start..<min(start + half, whole.count)]))
            start += half
        }
        _chunks[c] = pieces[0]
        var names: [Int] = []
        for piece in pieces.dropFirst() {
            let name = _nextName
            _nextName += 1
            names.append(name)
            for id in piece { _home[id] = name }
        }
        _chunks.insert(contentsOf: pieces.dropFirst(), at: c + 1)
        _chunkNames.insert(contentsOf: names, at: c + 1)
        _reindex()
    }

    @inlinable
    mutating func _dropEmptyChunks() {
        var chunks: [[ItemID]] = []
        var names: [Int] = []
        for (chunk, name) in zip(_chunks, _chunkNames) where !chunk.isEmpty {
            chunks.append(chunk)
            names.append(name)
        }
        if chunks.isEmpty {
            chunks = [[]]
            names = [_chunkNames[0]]
        }
        _chunks = chunks
        _chunkNames = names
        _reindex()
    }

    @inlinable
    mutating func _reindex() {
        _chunkIndex.removeAll(keepingCapacity: true)
        for (i, name) in _chunkNames.enumerated() { _chunkIndex[name] = i }
    }
}
