import ReorderConformance
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

    /// What kind of disagreement this is, without its IDs and numbers. For
    /// `configuration`, which answer is wrong: the operation
    /// (`answered copy, the model answers move`), the collection
    /// (`answered _ into _`, whatever the operation and the position) or the
    /// anchor (`answered an anchor`). Shrinking a `configuration`
    /// finding keeps it, so a column picked wrongly does not shrink into the
    /// simpler case of a column that does not exist; and the library reports
    /// one issue per kind, not one per operation and position of the same
    /// wrong column (like Hypothesis's distinct failures).
    public var signature: String {
        // Judged by geometry or rules (`ConfigurationOracle`): the message
        // names what answered; the collection and the anchor are kinds as above.
        if invariant == .configuration, message.hasPrefix("the policy ") || message.hasPrefix("the app ") {
            if message.contains(", the collection under the finger is ") { return "configuration: answered _ into _" }
            if message.contains(" answered an anchor ") { return "configuration: answered an anchor" }
        }
        guard invariant == .configuration, let split = message.firstRange(of: ", the model answers ") else {
            return "\(invariant.rawValue): \(Self.withoutValues(message))"
        }
        if message.hasPrefix("answered an anchor") { return "configuration: answered an anchor" }
        let answered = Self.withoutValues(String(message[..<split.lowerBound]))
        if answered.contains(" into ") { return "configuration: answered _ into _" }
        let modelOperation = message[split.upperBound...].prefix { $0 != " " }
        return "configuration: \(answered), the model answers \(modelOperation)"
    }

    /// `text` with each quoted string as `_` and each number as `#`.
    static func withoutValues(_ text: String) -> String {
        var out = ""
        var inQuote = false
        var inNumber = false
        for ch in text {
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
        return out
    }
}
