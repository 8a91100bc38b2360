import ReorderCore
import ReorderSwipe

// One check per invariant of spec 5 that compares the model's result (the
// expectation) with what the code under test did. `one-open` and
// `presentation` need the history of reports: `SwipePresentationLedger`
// checks them incrementally. Each check returns nil when the invariant holds.

extension Invariant {
    /// `dismissal`: after a `scroll`, a `tap` or a `lift`, no row is open.
    ///
    ///     Invariant.checkDismissal(after: .scroll(dy: 5), open: nil)  // nil
    ///
    /// - Complexity: O(1).
    public static func checkDismissal<ItemID>(after event: SwipeEvent<ItemID>, open: SwipeOpenRow<ItemID>?) -> SwipeViolation? {
        guard event.dismisses, let open else { return nil }
        return SwipeViolation(.dismissal, "row \(open) is still open after a \(event.name)")
    }

    /// `action-target`: the code under test's effect of a performed action
    /// equals the model's (a delete removes exactly that item; a toggle flips
    /// exactly that item's flag; other actions change nothing).
    ///
    ///     Invariant.checkActionTarget(expected: deleteB, actual: .delete("c"))  // action-target: ...
    ///
    /// - Complexity: O(1).
    public static func checkActionTarget<ItemID>(expected: SwipeActionResult<ItemID>, actual: SwipeEffect<ItemID>) -> SwipeViolation? {
        guard actual != expected.effect else { return nil }
        return SwipeViolation(
            .actionTarget,
            "\(expected.action) on \(_describeSwipeItem(expected.item)) should \(expected.effect), the code under test did: \(actual)")
    }

    /// `fresh-labels`: the labels the code under test shows for `row` equal
    /// those derived from the current flags (`SwipeModel.labels(item:edge:geometry:)`).
    /// - Complexity: O(n) for n labels.
    public static func checkFreshLabels<ItemID>(row: SwipeOpenRow<ItemID>, expected: [String], shown: [String]) -> SwipeViolation? {
        guard shown != expected else { return nil }
        return SwipeViolation(.freshLabels, "row \(row) shows \(shown), the current flags give \(expected)")
    }

    /// `identity`: across a data change, a row open before stays open on the
    /// same item and edge when the item is still a present reorderable item
    /// (`keepsItem`), and closes otherwise.
    ///
    ///     Invariant.checkIdentity(before: b, after: b, keepsItem: true)  // nil
    ///
    /// - Complexity: O(1).
    @inlinable
    public static func checkIdentity<ItemID>(
        before: SwipeOpenRow<ItemID>?, after: SwipeOpenRow<ItemID>?, keepsItem: Bool
    ) -> SwipeViolation? {
        guard let before else {
            return after.map { SwipeViolation(.identity, "a data change opened row \($0)") }
        }
        if keepsItem {
            if after == before { return nil }
            let now = after.map { "row \($0) is open instead" } ?? "it closed"
            return SwipeViolation(.identity, "row \(before) should stay open across a data change that keeps its item; \(now)")
        }
        guard let after else { return nil }
        return SwipeViolation(.identity, "row \(before) should close: its item is no longer a present reorderable item; \(after) is open")
    }

    /// `edge`: the edge the gesture of the code under test opens for `dx`
    /// is the edge of the direction rule (spec 3).
    ///
    ///     Invariant.checkEdge(dx: -30, direction: .rtl, gesture: .trailing)  // edge: ...
    ///
    /// - Complexity: O(1).
    public static func checkEdge(dx: Double, direction: LayoutDirection, gesture: SwipeEdge?) -> SwipeViolation? {
        let expected = SwipeEdge(dx: dx, direction: direction)
        guard gesture != expected else { return nil }
        return SwipeViolation(
            .edge,
            "a swipe of dx \(dx) in \(direction.rawValue) should reveal the \(expected?.rawValue ?? "no") edge, "
                + "the gesture reveals \(gesture.map { "the \($0.rawValue)" } ?? "no") edge")
    }
}
