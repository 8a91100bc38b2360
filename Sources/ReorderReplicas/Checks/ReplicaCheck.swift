/// The checks of replicas-v1 6, and the failures of a replica played by
/// code under test (8.3), in the order they are reported (6.6). A failure
/// of that code comes first: after it the replica's state is unknown, and
/// the run stops there.
public enum ReplicaCheck: String, Hashable, Sendable, CaseIterable, Comparable {
    /// The code under test refused a request (`{"ok":false}`, a thrown error).
    case appError = "app-error"
    /// No answer in time.
    case appTimeout = "app-timeout"
    /// The app exited or closed its output before answering.
    case appCrash = "app-crash"
    /// An answer that breaks the protocol: not JSON, a field missing, a
    /// message naming an op its sender never had, a number out of sequence.
    case appProtocol = "app-protocol"
    case conservation
    case noQuiescence = "no-quiescence"
    case convergence
    case intent
    /// 6.5: a replica whose code claims a reference model holds other data
    /// than the model does for it.
    case reference
    /// The intent search gave up after its budget: a warning, never a failure.
    case intentUndecided = "intent-undecided"

    /// Whether it is a warning rather than a failure.
    public var isWarning: Bool { self == .intentUndecided }

    /// Whether it is a failure of the code under test itself (8.3).
    public var isAppFailure: Bool {
        switch self {
        case .appError, .appTimeout, .appCrash, .appProtocol: true
        case .conservation, .noQuiescence, .convergence, .intent, .reference, .intentUndecided: false
        }
    }

    public static func < (a: Self, b: Self) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }
}
