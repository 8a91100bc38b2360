import ReorderCore

// What a commit and the merges read off a replica's data: the canonical
// rule's step 1 and step 3 on the data as it stands.
extension ReorderContainer {
    /// The anchor the canonical rule resolves for `difference` on this data
    /// (3.1 step 3; `nil` for the end, or when nothing would move), found by
    /// applying it to a copy: the one canonical rule, not a second one.
    /// - Complexity: O(n) for the copy, plus the apply.
    package func resolvedAnchor(of difference: ReorderDifference<ItemID, CollectionID>) -> ItemID? {
        var copy = self
        var warnings: [ReorderWarning<ItemID, CollectionID>] = []
        return copy.applyCanonical(difference, warnings: &warnings)?.anchor
    }

    /// S of 3.1 step 1: `ids` present among the reorderable items (of any
    /// collection), first occurrence, in order.
    /// - Complexity: O(k) expected for k IDs.
    package func reorderablePresent(_ ids: [ItemID]) -> [ItemID] {
        var seen = Set<ItemID>()
        return ids.filter { id in home(of: id).map { !$0.isFixed } == true && seen.insert(id).inserted }
    }

    /// `ids` present as entries, fixed or reorderable, first occurrence, in order.
    /// - Complexity: O(k) expected.
    package func presentEntries(_ ids: [ItemID]) -> [ItemID] {
        var seen = Set<ItemID>()
        return ids.filter { contains($0) && seen.insert($0).inserted }
    }

    /// `ids` absent from the data, first occurrence, in order: what an
    /// insert of them actually inserts.
    /// - Complexity: O(k) expected.
    package func absentEntries(_ ids: [ItemID]) -> [ItemID] {
        var seen = Set<ItemID>()
        return ids.filter { !contains($0) && seen.insert($0).inserted }
    }
}
