import ReorderConformance
import ReorderCore
import ReorderSwipe
import TestSupport
import Testing

private typealias Fix = SwipeFixture

@Suite("Swipe invariants (swipe-v1 5)")
struct SwipeInvariantTests {
    @Test("the one list of invariants names every invariant of spec 5, spelled as the spec spells it")
    func names() {
        let swipe: [Invariant] = [.oneOpen, .presentation, .dismissal, .actionTarget, .freshLabels, .identity, .edge]
        #expect(
            swipe.map(\.rawValue) == [
                "one-open", "presentation", "dismissal", "action-target",
                "fresh-labels", "identity", "edge",
            ])
        #expect(swipe.allSatisfy(Invariant.allCases.contains))
        #expect(Invariant(rawValue: "action-target") == .actionTarget)
        #expect("\(SwipeViolation(.edge, "x"))" == "edge: x")
    }

    @Test(
        "presentation: reports alternate per item, starting with true",
        arguments: [
            ([PresentationReport<StringID>.opened("a"), .closed("a"), .opened("b"), .closed("b"), .opened("a")], nil as Invariant?),
            ([.closed("a")], .presentation),
            ([.opened("a"), .closed("a"), .closed("a")], .presentation),
            ([.opened("a"), .opened("a")], .presentation),
            ([.opened("a"), .opened("b")], .oneOpen),
        ])
    func ledgerAlternation(reports: [PresentationReport<StringID>], broken: Invariant?) {
        var ledger = SwipePresentationLedger<StringID>()
        #expect(ledger.record(reports)?.invariant == broken)
    }

    @Test("presentation: a row is open exactly when its last report is true")
    func ledgerOpen() {
        let a = SwipeOpenRow<StringID>(item: "a", edge: .trailing)
        let b = SwipeOpenRow<StringID>(item: "b", edge: .leading)
        #expect(SwipePresentationLedger.check([.opened("a")], open: a) == nil)
        #expect(SwipePresentationLedger.check([.opened("a"), .closed("a")], open: nil) == nil)
        #expect(SwipePresentationLedger.check([.opened("a")], open: nil)?.invariant == .presentation)
        #expect(SwipePresentationLedger.check([.opened("a")], open: b)?.invariant == .presentation)
        #expect(SwipePresentationLedger.check([], open: a)?.invariant == .presentation)
        var ledger = SwipePresentationLedger<StringID>()
        _ = ledger.record([.opened("a"), .opened("b")])
        #expect(ledger.check(open: a)?.invariant == .oneOpen)
        #expect(Set(ledger.openItems) == ["a", "b"])
    }

    @Test("dismissal: after a scroll, a tap or a lift no row is open; a swipe may leave one open")
    func dismissal() {
        let b = SwipeOpenRow<StringID>(item: "b", edge: .trailing)
        for event in [SwipeEvent<StringID>.scroll(dy: 3), .tap(Point(x: 1, y: 1)), .lift] {
            #expect(Invariant.checkDismissal(after: event, open: b)?.invariant == .dismissal)
            #expect(Invariant.checkDismissal(after: event, open: nil) == nil)
        }
        #expect(Invariant.checkDismissal(after: .swipe(item: "b", dx: -40), open: b) == nil)
    }

    @Test("action-target: the effect must be exactly the model's")
    func actionTarget() {
        let delete = SwipeActionResult(item: "b", edge: .trailing, action: "delete", effect: .delete("b"))
        #expect(Invariant.checkActionTarget(expected: delete, actual: .delete("b")) == nil)
        let wrong = Invariant.checkActionTarget(expected: delete, actual: .delete("a"))
        #expect(wrong == SwipeViolation(.actionTarget, "delete on \"b\" should delete \"b\", the code under test did: delete \"a\""))
        let pin = SwipeActionResult(item: "b", edge: .leading, action: "pin", effect: .toggle(flag: "pinned", item: "b", isSet: true))
        #expect(Invariant.checkActionTarget(expected: pin, actual: .toggle(flag: "pinned", item: "a", isSet: true)) != nil)
        #expect(Invariant.checkActionTarget(expected: pin, actual: .none) != nil)
    }

    @Test("fresh-labels, identity and edge compare the code under test with the model")
    func comparisons() {
        let b = SwipeOpenRow<StringID>(item: "b", edge: .leading)
        #expect(Invariant.checkFreshLabels(row: b, expected: ["Pin"], shown: ["Pin"]) == nil)
        #expect(Invariant.checkFreshLabels(row: b, expected: ["Pin"], shown: ["Unpin"])?.invariant == .freshLabels)

        #expect(Invariant.checkIdentity(before: b, after: b, keepsItem: true) == nil)
        #expect(Invariant.checkIdentity(before: b, after: nil, keepsItem: false) == nil)
        #expect(Invariant.checkIdentity(before: b, after: nil, keepsItem: true)?.invariant == .identity)
        #expect(Invariant.checkIdentity(before: b, after: SwipeOpenRow(item: "c", edge: .leading), keepsItem: true) != nil)
        #expect(Invariant.checkIdentity(before: b, after: b, keepsItem: false) != nil)
        #expect(Invariant.checkIdentity(before: nil, after: b, keepsItem: false) != nil)
        #expect(Invariant.checkIdentity(before: nil as SwipeOpenRow<StringID>?, after: nil, keepsItem: false) == nil)

        #expect(Invariant.checkEdge(dx: -30, direction: .rtl, gesture: .leading) == nil)
        #expect(
            Invariant.checkEdge(dx: -30, direction: .rtl, gesture: .trailing)?.message
                == "a swipe of dx -30.0 in rtl should reveal the leading edge, the gesture reveals the trailing edge")
        #expect(Invariant.checkEdge(dx: 0, direction: .ltr, gesture: nil) == nil)
    }
}
