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

/// What `conservation` found (6.1).
public enum ConservationKind: String, Hashable, Sendable, CaseIterable {
    /// An ID twice in one replica (checked after every change).
    case duplicate
    /// An ID neither in the header nor inserted by any op (after every change).
    case ghost
    /// An ID that should be present and is not (at quiesce).
    case lost
    /// A deleted ID back with no insert after or concurrent with the delete (at quiesce).
    case resurrected
}
