extension ReorderContainer {
    /// Why no drag session could hand `difference` to the move closure on
    /// this data, or `nil` when one could. A drag lifts present reorderable
    /// items, each once, and its destination (1.4) is an existing collection
    /// and an anchor that is a present reorderable item there and not a
    /// source. A sync's `relocate` or a hand-built difference can say more:
    /// those findings matter too, but only after the ones a drag can reach.
    ///
    ///     container.whyNoDragProduces(ReorderDifference(sources: ["b", "b"], destination: end))
    ///     // "its sources repeat \"b\""
    ///
    /// - Complexity: O(k) for k sources.
    public func whyNoDragProduces(_ difference: ReorderDifference<ItemID, CollectionID>, describe: (ItemID) -> String) -> String? {
        if difference.sources.isEmpty { return "it moves nothing" }
        var seen = Set<ItemID>()
        for id in difference.sources {
            if !seen.insert(id).inserted { return "its sources repeat \(describe(id))" }
            guard let home = home(of: id) else { return "it moves \(describe(id)), which is not in the data" }
            if home.isFixed { return "it moves \(describe(id)), a fixed item" }
        }
        guard let target = collectionIndex(of: difference.destination.collectionID) else {
            return "its destination collection does not exist"
        }
        if let anchor = difference.destination.position.anchor {
            if seen.contains(anchor) { return "its anchor \(describe(anchor)) is one of its sources" }
            guard let home = home(of: anchor), home.collection == target, !home.isFixed else {
                return "its anchor \(describe(anchor)) is not a reorderable item of the destination"
            }
        }
        return nil
    }
}
