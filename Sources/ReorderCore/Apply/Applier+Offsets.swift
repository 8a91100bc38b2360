extension Applier {
    /// Spec 3.4, the legacy `onMove` path: at the drop, the difference becomes
    /// offsets into the target collection's reorderable items (the sorted
    /// indices of the sources, and the anchor's index, or `count` for
    /// `.end`); at apply time `move(fromOffsets:toOffset:)` runs on whatever
    /// the array is then. Moved items keep array order.
    ///
    /// Legacy `onMove` cannot move between sections: sources outside the
    /// target collection are left where they are (a documented choice).
    ///
    ///     // a b c d, sources [d, b] before a -> offsets {1, 3} -> 0: b d a c
    ///
    /// - Complexity: O(n + k log k).
    @inlinable public static var offsets: Self {
        Self(
            name: "offsets",
            capture: { difference, container in
                guard let t = container.collectionIndex(of: difference.destination.collectionID) else {
                    return CapturedDifference(difference: difference)
                }
                let items = container.collections[t].items
                let wanted = _Membership(difference.sources)
                var from: [Int] = []
                var to = items.count
                let anchor = difference.destination.position.anchor
                for (i, id) in items.enumerated() {
                    if wanted.contains(id) { from.append(i) }
                    if let anchor, id == anchor, to == items.count { to = i }
                }
                return CapturedDifference(difference: difference, offsets: LegacyOffsets(collection: t, from: from, to: to))
            },
            apply: { captured, container, warnings in
                guard let offsets = captured.offsets else {
                    warnings.append(.unknownCollection(captured.difference.destination.collectionID))
                    return
                }
                guard offsets.collection < container.collections.count else { return }
                var items = Array(container.collections[offsets.collection].items)
                items.move(fromOffsets: offsets.from, toOffset: offsets.to)
                container.setItems(items, in: offsets.collection)
            })
    }
}

extension Array {
    /// `move(fromOffsets:toOffset:)` as SwiftUI defines it, on the standard
    /// library's `RangeSet`: offsets out of range are dropped, and a
    /// `toOffset` past the end means the end.
    /// - Complexity: O(n).
    @inlinable public mutating func move(fromOffsets offsets: [Int], toOffset: Int) {
        var ranges = RangeSet<Int>()
        for o in offsets where o >= 0 && o < count { ranges.insert(o, within: self) }
        if ranges.isEmpty { return }
        _ = moveSubranges(ranges, to: Swift.min(Swift.max(toOffset, 0), count))
    }
}
