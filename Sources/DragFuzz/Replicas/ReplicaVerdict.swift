import DragRecording
import DragReplay
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
    static let checks = [ReplicaCheck.conservation, .noQuiescence, .convergence, .intent].map(\.rawValue)

    /// The failed check's name, `nil` otherwise.
    var check: String? {
        switch self {
        case .fail(let check, _): check
        case .pass, .invalid: nil
        }
    }
}

/// One replay of a replicated case and what the summary counts from it.
struct ReplicaReplay: Sendable {
    var verdict: ReplicaVerdict
    /// The intent search's states per distinct data checked.
    var intentStates: [Int]
    /// `intent-undecided` warnings.
    var undecided: Int

    /// Replays `recording` with `options` (the buggy merge in place of the
    /// model, if any); the first failure whose message starts with a
    /// check's name is the verdict.
    /// - Complexity: the replay's: the events, plus the intent search at each `quiesce`.
    init(_ recording: Recording, options: ReplayOptions) {
        var source = recording.source()
        let result = Replayer(options: options).run(&source)
        intentStates = result.intentStates
        undecided = result.warnings.count { $0.message.hasPrefix(ReplicaCheck.intentUndecided.rawValue + ":") }
        if result.status == .error {
            verdict = .invalid(result.error?.description ?? "input error")
            return
        }
        verdict = .pass
        for f in result.failures {
            guard let check = ReplicaVerdict.checks.first(where: { f.message.hasPrefix($0 + ":") }) else { continue }
            verdict = .fail(check: check, message: f.message)
            break
        }
    }
}
