import DragRecording
import ReorderCore

/// One line of `replay --trace`: the event, what the core answered, the
/// outcome, and the data after it.
public struct TraceStep: Sendable {
    public var line: Int
    public var event: RecordedEvent
    /// `nil` for an `expect` line.
    public var step: StepResult<String, String?>?
    /// Mismatches of an `expect` line.
    public var failures: [String]
    public var container: ReorderContainer<String, String?>

    /// Several indented lines, for people.
    public var text: String {
        var out = "line \(line)  t=\(CanonicalWriter.number(event.t))  \(summary)\n"
        if let step {
            if let c = step.configuration {
                var answer = "   answer: \(c.operation.rawValue)"
                if let d = c.destination { answer += " -> \(destinationText(d, showCollection: container.collections.count > 1))" }
                out += answer + "\n"
            }
            if let o = step.outcome {
                out += "   outcome: session \(o.session) \(o.outcome.rawValue)"
                if let r = step.liftRejection { out += " (\(r))" }
                out += "\n"
            }
            if let d = step.emitted { out += "   difference: \(differenceText(d))\(step.applied == nil ? " (deferred)" : "")\n" }
            else if let d = step.applied { out += "   applied: \(differenceText(d))\n" }
            for w in step.warnings { out += "   warning: \(w)\n" }
        }
        for f in failures { out += "   FAILED: \(f)\n" }
        if case .expect = event.kind, failures.isEmpty { out += "   ok\n" }
        out += "   data: " + container.collections.map { c in
            (c.id.map { "\($0): " } ?? "") + (c.fixed.isEmpty ? "" : "[fixed " + c.fixed.joined(separator: " ") + "] ") + c.items.map { container.locked.contains($0) ? "\($0)*" : $0 }.joined(separator: " ")
        }.joined(separator: " | ") + (container.locked.isEmpty ? "" : "  (* locked)") + (container.isEnabled ? "" : "  (disabled)") + "\n"
        return out
    }

    private var summary: String {
        let s = event.session
        switch event.kind {
        case .lift(let items, let x, let y, let ops, let external):
            return "lift s\(s) \(list(items)) at \(Point(x: x, y: y))" + (ops == .move ? "" : " ops \(ops == .all ? "move+copy" : "copy")") + (external ? " external" : "")
        case .move(let x, let y): return "move s\(s) to \(Point(x: x, y: y))"
        case .drop(let x, let y, let deferred): return "drop s\(s) at \(Point(x: x, y: y))" + (deferred ? " (apply deferred)" : "")
        case .cancel: return "cancel s\(s)"
        case .apply: return "apply s\(s)"
        default: return CanonicalWriter.line(for: event)
        }
    }
}

func destinationText(_ d: ReorderDifference<String, String?>.Destination, showCollection: Bool) -> String {
    let position = d.position.anchor.map { "before \(CanonicalWriter.quoted($0))" } ?? "end"
    return showCollection ? "\(d.collectionID.map(CanonicalWriter.quoted) ?? "(single)") \(position)" : position
}

func differenceText(_ d: ReorderDifference<String, String?>) -> String {
    "\(list(d.sources)) -> \(destinationText(d.destination, showCollection: d.destination.collectionID != nil))"
}
