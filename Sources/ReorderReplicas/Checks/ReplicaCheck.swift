/// The checks of replicas-v1 6, in the order they are reported (6.6).
public enum ReplicaCheck: String, Hashable, Sendable, CaseIterable, Comparable {
    case conservation
    case noQuiescence = "no-quiescence"
    case convergence
    case intent
    /// The intent search gave up after its budget: a warning, never a failure.
    case intentUndecided = "intent-undecided"

    /// Whether it is a warning rather than a failure.
    public var isWarning: Bool {
        switch self {
        case .conservation, .noQuiescence, .convergence, .intent: false
        case .intentUndecided: true
        }
    }

    public static func < (a: Self, b: Self) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
}
