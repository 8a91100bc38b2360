import ReorderCore

/// A broken invariant at a step of a case: the core's violation, with the
/// step (an index into `FuzzCase.steps`; -1 when the code under test failed
/// at the start of the case, before any step).
public struct Violation: Hashable, Sendable, CustomStringConvertible {
    public var invariant: Invariant
    public var message: String
    public var step: Int
    /// The difference delivered at that step, if any.
    public var difference: FuzzDifference?

    public init(_ core: InvariantViolation<Int, Int>, step: Int) {
        invariant = core.invariant
        message = core.message
        self.step = step
        difference = core.difference
    }

    public var description: String { "\(invariant.rawValue): \(message)" }

    /// What kind of disagreement this is, without its IDs and numbers:
    /// `answered move into _, the model answers move -> _ end`. Shrinking a
    /// `configuration` finding keeps it, so a column picked wrongly does not
    /// shrink into the simpler case of a column that does not exist (two
    /// symptoms a user fixes apart, like Hypothesis's distinct failures).
    public var signature: String {
        var out = ""
        var inQuote = false
        var inNumber = false
        for ch in message {
            if inQuote {
                if ch == "\"" { inQuote = false }
                continue
            }
            if ch == "\"" {
                inQuote = true
                out += "_"
                continue
            }
            if ch.isNumber || (inNumber && ch == ".") {
                if !inNumber { out += "#" }
                inNumber = true
                continue
            }
            inNumber = false
            out.append(ch)
        }
        return "\(invariant.rawValue): \(out)"
    }
}
