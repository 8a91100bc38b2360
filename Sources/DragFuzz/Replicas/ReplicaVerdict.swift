import ReorderReplicas

/// What replaying a replicated case found.
enum ReplicaVerdict: Hashable, Sendable {
    /// Every check held.
    case pass
    /// A check failed: its name (the finding's signature) and its message.
    case fail(check: String, message: String)
    /// The recording is an input error (the generator's mirror and the
    /// replay disagreed, or a shrink candidate broke it): not a case.
    case invalid(String)

    /// The checks whose failure makes a finding, as their messages begin.
    static let checks = ReplicaCheck.allCases.filter { !$0.isWarning }.map(\.rawValue)

    /// The failed check's name, `nil` otherwise.
    var check: String? {
        switch self {
        case .fail(let check, _): check
        case .pass, .invalid: nil
        }
    }
}
