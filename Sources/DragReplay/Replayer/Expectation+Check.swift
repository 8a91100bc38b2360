import DragRecording
import ReorderCore
import ReorderSwipe

extension Expectation {
    /// What does not hold of this `expect` line (spec 2.3) against what the
    /// replay saw; one message per mismatch, empty when it passes.
    ///
    /// - Parameters:
    ///   - swipe: the swipe model (`open`, `performed`, `presentations`);
    ///     `nil` for a version 1 recording.
    ///   - labelsShown: the labels on an edge of an item as the code under
    ///     test shows them (or the model derives them), for `labels`.
    public func mismatches(
        against seen: ReplayState, data container: ReorderContainer<StringID, StringID?>, single: Bool,
        swipe: SwipeModel<StringID>? = nil, labelsShown: (StringID, SwipeEdge) -> [String] = { _, _ in [] }
    ) -> [String] {
        var failures: [String] = []
        if let order, let actual = container.collections.first.map({ Array($0.items) }), actual != order {
            failures.append("expected order \(Format.ids(order)), got \(Format.ids(actual, against: order))")
        }
        if let collections {
            for (id, items) in collections.sorted(by: { $0.key < $1.key }) {
                let actual = container.collections.first { $0.id == id }.map { Array($0.items) } ?? []
                if actual != items {
                    failures.append(
                        "expected collection \(Format.quoted(id)) to be \(Format.ids(items)), got \(Format.ids(actual, against: items))")
                }
            }
        }
        if let outcome {
            let reported = session.map { seen.outcomeBySession[$0] } ?? seen.lastOutcome
            let whose = session.map { "session \($0)" } ?? "the latest session"
            if let reported {
                if reported.outcome != outcome {
                    failures.append(
                        "expected outcome \"\(outcome.rawValue)\" for \(whose), got \"\(reported.outcome.rawValue)\" (line \(reported.line))"
                    )
                }
            } else {
                failures.append("expected outcome \"\(outcome.rawValue)\" for \(whose), but no outcome was reported yet")
            }
        }
        if let difference {
            let expected = ReorderDifference<StringID, StringID?>(
                sources: difference.sources,
                destination: .init(collectionID: difference.collection, position: .init(anchor: difference.before)))
            if let actual = seen.lastDifference {
                let want = Format.difference(expected, showCollection: !single)
                let got = Format.difference(actual, showCollection: !single)
                if want != got { failures.append("expected difference \(want), got \(got)") }
            } else {
                failures.append(
                    "expected difference \(Format.difference(expected, showCollection: !single)), but no difference was emitted yet")
            }
        }
        if let operation {
            if let actual = seen.lastOperation {
                if actual != operation { failures.append("expected operation \"\(operation.rawValue)\", got \"\(actual.rawValue)\"") }
            } else {
                failures.append("expected operation \"\(operation.rawValue)\", but no drop configuration was answered yet")
            }
        }
        if let open, open != swipe?.open {
            failures.append("expected open row \(Format.openRow(open)), got \(Format.openRow(swipe?.open))")
        }
        if let performed, performed != swipe?.performed {
            failures.append("expected performed \(Format.performed(performed)), got \(Format.performed(swipe?.performed))")
        }
        if let presentations, presentations != swipe?.presentations ?? [] {
            failures.append(
                "expected presentations \(Format.presentations(presentations)), got \(Format.presentations(swipe?.presentations ?? []))")
        }
        if let labels {
            let shown = labelsShown(labels.item, labels.edge)
            if shown != labels.labels {
                failures.append(
                    "expected labels \(Format.labels(labels.labels)) on the \(labels.edge.rawValue) edge of \(Format.quoted(labels.item)), "
                        + "got \(Format.labels(shown))")
            }
        }
        return failures
    }
}
