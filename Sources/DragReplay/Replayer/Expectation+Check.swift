import DragRecording
import ReorderCore

extension Expectation {
    /// What does not hold of this `expect` line (spec 2.3) against what the
    /// replay saw; one message per mismatch, empty when it passes.
    public func mismatches(against seen: ReplayState, data container: ReorderContainer<String, String?>, single: Bool) -> [String] {
        var failures: [String] = []
        if let order, let actual = container.collections.first.map({ Array($0.items) }), actual != order {
            failures.append("expected order \(Format.ids(order)), got \(Format.ids(actual))")
        }
        if let collections {
            for (id, items) in collections.sorted(by: { $0.key < $1.key }) {
                let actual = container.collections.first { $0.id == id }.map { Array($0.items) } ?? []
                if actual != items {
                    failures.append("expected collection \(Format.quoted(id)) to be \(Format.ids(items)), got \(Format.ids(actual))")
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
            let expected = ReorderDifference<String, String?>(
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
        return failures
    }
}
