import ReorderCore

extension ReorderContainer {
    /// The ordering invariants of spec 3.2 for one delivered difference:
    /// `after` is the code under test's data (every collection's reorderable
    /// items) after applying `d` to this data; the most specific broken one,
    /// in the spec's order: conservation, fixed, contiguity, placement,
    /// stability, reference.
    /// - Complexity: O(n log n) for n entries (conservation sorts).
    @inlinable
    public func checkDelivery(
        _ d: ReorderDifference<ItemID, CollectionID>, after: [[ItemID]], text: ViolationText<ItemID, CollectionID>
    ) -> InvariantViolation<ItemID, CollectionID>? {
        func violation(_ invariant: Invariant, _ message: String) -> InvariantViolation<ItemID, CollectionID> {
            InvariantViolation(invariant, message, difference: d)
        }
        // The canonical result first: an answer equal to it keeps every
        // invariant below (the canonical rule does), so the common, passing
        // delivery is one comparison, and no message is built.
        var reference = self
        var warnings: [ReorderWarning<ItemID, CollectionID>] = []
        let resolved = reference.applyCanonical(d, warnings: &warnings)
        if reference._hasIdenticalOrders(after) { return nil }
        // Described only for a failure: IDs become text only to be reported.
        func applying() -> String { "applying \(text.difference(d))" }
        // conservation, byte for byte: the order holds, an ID is respelled.
        if let (model, answered) = _firstRespelling(reference.orders, after) {
            return violation(.conservation, "\(applying()) gave \(respelling(answered, model: model, text))")
        }
        let before = orders
        // conservation: the same multiset of IDs.
        if !sameMultiset(before, after) {
            return violation(
                .conservation,
                "\(applying()): IDs before \(show(before.flatMap { $0 }, against: after.flatMap { $0 }, text)), after \(show(after.flatMap { $0 }, against: before.flatMap { $0 }, text))"
            )
        }
        // fixed: fixed entries never move (into the reorderable items either).
        for c in after.indices where c < collections.count {
            if let id = after[c].first(where: { home(of: $0)?.isFixed == true }) {
                return violation(.fixed, "\(applying()) moved fixed entry \(text.item(id)) among the reorderable items")
            }
        }
        if let r = resolved, r.collection < after.count {
            let target = after[r.collection]
            let t = collections[r.collection].id
            // contiguity: the moved items stand together in T, in selection order.
            guard let start = target.firstIndex(of: r.moved[0]), start + r.moved.count <= target.count,
                Array(target[start..<(start + r.moved.count)]) == r.moved
            else {
                return violation(
                    .contiguity,
                    "\(applying()): \(text.ids(r.moved)) should stand together in that order\(text.within(t)), got \(show(target, against: reference.orders[r.collection], text))"
                )
            }
            // placement: right before the resolved anchor, or at the end.
            let next = start + r.moved.count < target.count ? target[start + r.moved.count] : nil
            if next != r.anchor {
                let place = r.anchor.map { "right before \(text.item($0))" } ?? "at the end"
                return violation(
                    .placement,
                    "\(applying()): \(text.ids(r.moved)) should stand \(place)\(text.within(t)), got \(show(target, against: reference.orders[r.collection], text))"
                )
            }
            // stability: everything else keeps its relative order.
            let moved = Set(r.moved)
            for c in before.indices
            where c < after.count && before[c].filter({ !moved.contains($0) }) != after[c].filter({ !moved.contains($0) }) {
                return violation(
                    .stability,
                    "\(applying()): items that were not moved changed order\(text.within(collections[c].id)): "
                        + "\(show(before[c], against: after[c], text)) -> \(show(after[c], against: before[c], text))")
            }
        }
        // reference: the canonical result.
        let expected = reference.orders
        if expected != after {
            return violation(
                .reference,
                "\(applying()) gave \(show(after, against: expected, text)), canonical gives \(show(expected, against: after, text))")
        }
        return nil
    }

    /// An external drop (2.1): the items are inserted before the anchor, or
    /// at the end; existing ones skipped. `after` must be exactly that.
    @inlinable
    public func checkReceive(
        _ d: ReorderDifference<ItemID, CollectionID>, after: [[ItemID]], text: ViolationText<ItemID, CollectionID>
    ) -> InvariantViolation<ItemID, CollectionID>? {
        var expected = self
        if let t = collectionIndex(of: d.destination.collectionID) {
            expected.insert(d.sources, into: t, before: d.destination.position.anchor)
        }
        if let (model, answered) = _firstRespelling(expected.orders, after) {
            return InvariantViolation(
                .conservation, "an external drop of \(text.ids(d.sources)) gave \(respelling(answered, model: model, text))")
        }
        let added = d.sources.filter { !contains($0) }
        if !sameMultiset(expected.orders, after) {
            return InvariantViolation(
                .conservation,
                "an external drop of \(text.ids(d.sources)) should add \(text.ids(added)) and nothing else, got \(show(after, against: expected.orders, text))"
            )
        }
        if expected.orders != after {
            return InvariantViolation(
                .placement,
                "an external drop of \(text.ids(d.sources)) -> \(text.destination(d.destination)) gave \(show(after, against: expected.orders, text)), "
                    + "expected \(show(expected.orders, against: after, text))")
        }
        return nil
    }

    /// A mutation (2.2) or a reset: `after` must be exactly `expected`.
    @inlinable
    public static func checkExact(
        _ what: String, expected: [[ItemID]], after: [[ItemID]], text: ViolationText<ItemID, CollectionID>
    ) -> InvariantViolation<ItemID, CollectionID>? {
        if let (model, answered) = _firstRespelling(expected, after) {
            return InvariantViolation(.conservation, "\(what) gave \(respelling(answered, model: model, text))")
        }
        guard expected != after else { return nil }
        let invariant: Invariant = sameMultiset(expected, after) ? .reference : .conservation
        return InvariantViolation(
            invariant, "\(what) gave \(show(after, against: expected, text)), expected \(show(expected, against: after, text))")
    }
}

@inlinable
func sameMultiset<ItemID: Hashable>(_ a: [[ItemID]], _ b: [[ItemID]]) -> Bool {
    var counts: [ItemID: Int] = [:]
    var n = 0
    for order in a {
        for id in order {
            counts[id, default: 0] += 1
            n += 1
        }
    }
    for order in b {
        for id in order {
            guard let k = counts[id], k > 0 else { return false }
            counts[id] = k - 1
            n -= 1
        }
    }
    return n == 0
}

/// `"café" (U+0063 U+0061 U+0066 U+00E9) where the model has "café"
/// (U+0063 U+0061 U+0066 U+0065 U+0301), ...`: an answer's ID that is `==`
/// to the model's, in other bytes (`_firstRespelling`). IDs are compared
/// byte for byte, so it is another ID: one is lost and one appeared.
@usableFromInline
func respelling<ItemID, CollectionID>(_ answered: ItemID, model: ItemID, _ text: ViolationText<ItemID, CollectionID>) -> String {
    func spelled(_ id: ItemID) -> String { text.item(id) + (_scalarsText(id).map { " (\($0))" } ?? "") }
    return "\(spelled(answered)) where the model has \(spelled(model)): the same text in other bytes is another ID "
        + "(IDs are compared byte for byte)"
}
