import DragSystem

/// How long a library call (`ApplyFuzzer.check`, `expectReorderInvariants`)
/// fuzzes (issue 20, item 5): a test in `swift test` should take seconds,
/// so the default is a time budget of `defaultSeconds` per call, not a
/// count of runs; a scheduled job deepens it with `DRAGREPLAY_FUZZ_TIME`
/// (seconds) without touching the tests. `runs` still caps (or, alone,
/// fixes) the number of cases: a run of N cases is fully determined by its
/// seed, a time budget only up to the count it reached (the report says
/// it; case k is the same case whatever the budget).
public enum FuzzBudget {
    /// Seconds per call when neither `runs` nor `seconds` is given.
    public static let defaultSeconds = 2.0
    /// Seconds per call instead of `defaultSeconds` (a nightly job: `DRAGREPLAY_FUZZ_TIME=600`).
    public static let environmentVariable = "DRAGREPLAY_FUZZ_TIME"

    /// The budget a call gets: `runs` and `seconds` as given; neither: the
    /// environment's seconds or `defaultSeconds`. A malformed or
    /// non-positive environment value is ignored (the default stands).
    public static func resolve(runs: Int?, seconds: Double?) -> (runs: Int?, seconds: Double?) {
        resolve(runs: runs, seconds: seconds, environment: SystemCall.environment(environmentVariable))
    }

    /// `resolve` with the environment variable's value given (`nil`: unset).
    /// `seconds` that is NaN or infinite is no bound at all, so it counts as
    /// not given (a NaN deadline is never reached: the call never
    /// returned); a negative one is 0 (issue 44 class 6).
    public static func resolve(runs: Int?, seconds: Double?, environment: String?) -> (runs: Int?, seconds: Double?) {
        let seconds = seconds.flatMap { $0.isFinite ? max(0, $0) : nil }
        if runs != nil || seconds != nil { return (runs.map { max(0, $0) }, seconds) }
        if let text = environment, let v = Double(text), v.isFinite, v > 0 { return (nil, v) }
        return (nil, defaultSeconds)
    }
}
