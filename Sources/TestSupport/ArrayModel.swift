import ReorderCore

/// The container's data as plain arrays, with every mutation written the
/// way the spec states it, O(n) and obvious: the reference the indexed,
/// chunked container is checked against, step by step.
public struct ArrayModel: Equatable, Sendable {
    public var items: [[Int]]
    public var fixed: [[Int]]

    public init(items: [[Int]], fixed: [[Int]]) {
        self.items = items
        self.fixed = fixed
    }

    public init(_ container: ReorderContainer<Int, Int>) {
        items = container.orders
        fixed = container.collections.map(\.fixed)
    }

    func contains(_ id: Int) -> Bool { items.contains { $0.contains(id) } || fixed.contains { $0.contains(id) } }

    /// Spec 3.1, literally.
    public mutating func applyCanonical(sources: [Int], collection t: Int, before x: Int?) {
        guard t >= 0 && t < items.count else { return }
        var s: [Int] = []
        for id in sources where items.contains(where: { $0.contains(id) }) && !s.contains(id) { s.append(id) }
        if s.isEmpty { return }
        var anchor: Int?
        if let x {
            if s.contains(x) {
                if let i = items[t].firstIndex(of: x) { anchor = items[t][(i + 1)...].first { !s.contains($0) } }
            } else if items[t].contains(x) {
                anchor = x
            }
        }
        for c in items.indices { items[c].removeAll { s.contains($0) } }
        let index = anchor.flatMap { items[t].firstIndex(of: $0) } ?? items[t].count
        items[t].insert(contentsOf: s, at: index)
    }

    /// 2.2 `insert`: existing IDs skipped, an index past the end is the end.
    public mutating func insert(_ ids: [Int], into c: Int, at index: Int?) {
        var block: [Int] = []
        for id in ids where !contains(id) && !block.contains(id) { block.append(id) }
        items[c].insert(contentsOf: block, at: min(index ?? items[c].count, items[c].count))
    }

    /// 2.1 external drop: before the anchor if it is among c's items, else the end.
    public mutating func insert(_ ids: [Int], into c: Int, before anchor: Int?) {
        insert(ids, into: c, at: anchor.flatMap { items[c].firstIndex(of: $0) })
    }

    /// 2.2 `delete`: items and fixed entries.
    public mutating func delete(_ ids: [Int]) {
        for c in items.indices {
            items[c].removeAll { ids.contains($0) }
            fixed[c].removeAll { ids.contains($0) }
        }
    }

    /// A point's slot in a list of uniform rows of `pitch` (rows at
    /// `k * pitch`), summed entry by entry: the hit-test reference.
    public func slot(at y: Double, in c: Int, heights: [Int: Double], rowHeight: Double, spacing: Double) -> Int {
        var position = 0.0
        var slot = 0
        for id in fixed[c] + items[c] {
            let h = heights[id] ?? rowHeight
            if position + h / 2 > y { break }
            slot += 1
            position += h + spacing
        }
        return slot
    }
}
