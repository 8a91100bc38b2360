import ReorderCore

/// Generates a case from a choice sequence and runs it through the core at
/// the same time, checking the invariants of spec 3.2 after every step:
/// each draw sees the live state, so every generated event makes sense, and
/// replaying a shrunk sequence always gives a valid case.
public struct CaseRunner: Sendable {
    public var applier: Applier<Int, Int>
    public var mode: FuzzMode
    public var maxItems = 16
    public var maxEvents = 24
    public var maxSessions = 3
    /// 1 for an apply function over a single array.
    public var maxCollections = 3
    /// Differences may name a collection that does not exist.
    public var unknownCollections = true

    public init(applier: Applier<Int, Int>, mode: FuzzMode) {
        self.applier = applier
        self.mode = mode
    }

    public struct Result: Sendable {
        public var fuzzCase: FuzzCase
        public var violation: Violation?
        /// Lifts in the case: the throughput unit.
        public var sessions: Int
        /// Where each step's choices begin: the shrinker deletes whole steps.
        public var stepStarts: [Int] = []
    }

    /// Runs one case. The code under test is `subject` when given (an app
    /// process a worker keeps across cases: each case resets it), else the
    /// applier in process (`canonical`: the model alone).
    public func run(_ choices: inout ChoiceSequence, subject: (any ReorderSubject<Int, Int>)? = nil) -> Result {
        var g = CaseGenerator(choices: choices, runner: self, subject: subject ?? inProcessSubject)
        let result = g.run()
        choices = g.choices
        return result
    }

    /// The applier as code under test; `nil` for `canonical`, which is the model itself.
    var inProcessSubject: (any ReorderSubject<Int, Int>)? {
        applier.name == Applier<Int, Int>.canonical.name ? nil : InProcessSubject(applier: applier)
    }
}
