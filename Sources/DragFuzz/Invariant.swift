/// The ordering invariants of spec 3.2: what the fuzzer checks after every step.
public enum Invariant: String, CaseIterable, Sendable, Comparable {
    case conservation
    case fixed
    case contiguity
    case placement
    case stability
    case reference
    case idempotence
    case noOp = "no-op"
    case configuration
    case hitTest = "hit-test"

    public static func < (a: Invariant, b: Invariant) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A broken invariant at a step of a case.
public struct Violation: Hashable, Sendable, CustomStringConvertible {
    public var invariant: Invariant
    public var message: String
    /// Index into `FuzzCase.steps` of the step that broke it.
    public var step: Int
    /// The difference applied at that step, if any.
    public var difference: FuzzDifference? = nil

    public var description: String { "\(invariant.rawValue): \(message)" }
}
