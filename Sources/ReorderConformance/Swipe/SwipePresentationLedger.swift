import ReorderCore
import ReorderSwipe

/// `one-open` and `presentation` (spec 5), checked incrementally: it keeps
/// each item's last report, so a step costs O(reports of that step) however
/// long the history.
///
///     var ledger = SwipePresentationLedger<StringID>()
///     ledger.record(step.reports)        // nil: reports alternate, at most one row shown open
///     ledger.check(open: model.open)     // nil: open exactly when the last report is true
public struct SwipePresentationLedger<ItemID: Hashable & Sendable>: Hashable, Sendable {
    /// Each reported item's last report.
    @usableFromInline var last: [ItemID: Bool] = [:]
    /// How many items' last report is `true`.
    @usableFromInline var shownOpen = 0

    @inlinable public init() {}

    /// The items whose last report is `true`, in no order.
    /// - Complexity: O(r) for r reported items.
    public var openItems: [ItemID] { last.compactMap { $0.value ? $0.key : nil } }

    /// Records `reports` in order; the first broken invariant (`presentation`
    /// for a report that does not alternate, `one-open` for a second row
    /// shown open), or `nil`. Later reports of a broken step still count.
    /// - Complexity: O(r) for r reports.
    @inlinable
    public mutating func record(_ reports: some Sequence<PresentationReport<ItemID>>) -> SwipeViolation? {
        var first: SwipeViolation?
        for report in reports {
            let previous = last.updateValue(report.isPresented, forKey: report.item)
            if previous == report.isPresented || previous == nil && !report.isPresented {
                let was = previous.map { "after \($0)" } ?? "as its first report"
                let item = _describeSwipeItem(report.item)
                first =
                    first
                    ?? SwipeViolation(
                        .presentation, "\(item) reported \(report.isPresented) \(was): reports must alternate, starting with true")
                continue
            }
            shownOpen += report.isPresented ? 1 : -1
            if shownOpen > 1 {
                first = first ?? SwipeViolation(.oneOpen, "\(_describeSwipeItem(report.item)) opened while another row was open")
            }
        }
        return first
    }

    /// `presentation`: the open row is exactly the row whose last report is `true`.
    /// - Complexity: O(1) on average.
    @inlinable
    public func check(open: SwipeOpenRow<ItemID>?) -> SwipeViolation? {
        if let open {
            if last[open.item] != true {
                return SwipeViolation(.presentation, "row \(open) is open but its last report is not true")
            }
            if shownOpen != 1 {
                return SwipeViolation(.oneOpen, "\(shownOpen) rows are shown open")
            }
            return nil
        }
        guard shownOpen == 0 else {
            return SwipeViolation(.presentation, "no row is open but \(shownOpen) rows' last report is true")
        }
        return nil
    }

    /// Checks a whole history at once, against the open row after it.
    ///
    ///     SwipePresentationLedger.check(model.presentations, open: model.open)  // nil
    ///
    /// - Complexity: O(r) for r reports.
    @inlinable
    public static func check(_ reports: [PresentationReport<ItemID>], open: SwipeOpenRow<ItemID>?) -> SwipeViolation? {
        var ledger = SwipePresentationLedger()
        return ledger.record(reports) ?? ledger.check(open: open)
    }
}
