import DragRecording
import ReorderCore

/// Checks one `expect` line (spec 2.3); returns a message per mismatch.
func check(_ e: Expectation, _ seen: Observed, single: Bool) -> [String] {
    var failures: [String] = []
    let container = seen.container
    if let order = e.order, let actual = container.collections.first?.items, actual != order {
        failures.append("expected order \(list(order)), got \(list(actual))")
    }
    if let expected = e.collections {
        for (id, items) in expected.sorted(by: { $0.key < $1.key }) {
            let actual = container.collections.first { $0.id == id }?.items ?? []
            if actual != items { failures.append("expected collection \"\(id)\" to be \(list(items)), got \(list(actual))") }
        }
    }
    if let outcome = e.outcome {
        let reported = e.session.map { seen.lastOutcomeBySession[$0] } ?? seen.lastOutcome
        let whose = e.session.map { "session \($0)" } ?? "the latest session"
        if let reported {
            if reported.outcome != outcome {
                failures.append("expected outcome \"\(outcome.rawValue)\" for \(whose), got \"\(reported.outcome.rawValue)\" (line \(reported.line))")
            }
        } else {
            failures.append("expected outcome \"\(outcome.rawValue)\" for \(whose), but no outcome was reported yet")
        }
    }
    if let d = e.difference {
        if let actual = seen.lastDifference {
            let expected = describe(sources: d.sources, collection: single ? nil : d.collection, before: d.before)
            let got = describe(sources: actual.sources, collection: single ? nil : actual.destination.collectionID, before: actual.destination.position.anchor)
            if expected != got { failures.append("expected difference \(expected), got \(got)") }
        } else {
            failures.append("expected difference \(describe(sources: d.sources, collection: d.collection, before: d.before)), but no difference was emitted yet")
        }
    }
    if let op = e.operation {
        if let actual = seen.lastOperation {
            if actual != op { failures.append("expected operation \"\(op.rawValue)\", got \"\(actual.rawValue)\"") }
        } else {
            failures.append("expected operation \"\(op.rawValue)\", but no drop configuration was answered yet")
        }
    }
    return failures
}

func list(_ ids: [String]) -> String { "[" + ids.map(CanonicalWriter.quoted).joined(separator: ", ") + "]" }

func describe(sources: [String], collection: String?, before: String?) -> String {
    var s = "sources \(list(sources))"
    if let collection { s += " into \(CanonicalWriter.quoted(collection))" }
    s += before.map { " before \(CanonicalWriter.quoted($0))" } ?? " at the end"
    return s
}
