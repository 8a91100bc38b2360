/// What the intent search (6.4) concluded about one replica's data.
public enum IntentVerdict: String, Hashable, Sendable {
    /// Some order extending causality, with a permitted effect per op, gives the data.
    case explained
    /// No such order exists: `intent` fires.
    case unexplained
    /// The budget ran out first: `intent-undecided`, a warning.
    case undecided
}

/// The verdict and the distinct (applied set, data) states visited, over
/// all passes (what a benchmark reports as the search's cost).
public struct IntentResult: Hashable, Sendable {
    public var verdict: IntentVerdict
    public var statesExplored: Int

    public init(verdict: IntentVerdict, statesExplored: Int) {
        self.verdict = verdict
        self.statesExplored = statesExplored
    }
}
