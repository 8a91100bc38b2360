import DragRecording
import DragReplay
import ReorderReplicas

/// One replay of a replicated case and what the summary counts from it.
struct ReplicaReplay: Sendable {
    var verdict: ReplicaVerdict
    /// The intent search's states per distinct data checked.
    var intentStates: [Int]
    /// `intent-undecided` warnings.
    var undecided: Int
    /// Anti-entropy rounds that re-sent something, over every `quiesce`.
    var repairRounds: Int

    /// Replays `recording` with `options` (the buggy merge in place of the
    /// model, if any); the first failure whose message starts with a
    /// check's name is the verdict.
    /// - Complexity: the replay's: the events, plus the intent search at each `quiesce`.
    init(_ recording: Recording, options: ReplayOptions) {
        var source = recording.source()
        let result = Replayer(options: options).run(&source)
        intentStates = result.intentStates
        repairRounds = result.repairRounds.reduce(0, +)
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
