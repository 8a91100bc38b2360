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
}
