import DragRecording
import KnownBugs
import ReorderConformance
import ReorderCore

/// What a case puts under test.
public enum CodeUnderTest: @unchecked Sendable {
    /// An applier in process (`canonical`: the model alone, nothing to compare).
    case applier(Applier<Int, Int>)
    /// Code under test in process, a fresh copy per case (a value: copying it is a fresh one).
    case subject(any ReorderSubject<Int, Int>)
    /// An app, kept across cases (each starts with `reset`): used by one
    /// worker at a time, hence `@unchecked Sendable`.
    case app(any ReorderSubject<StringID, StringID?>)

    /// Whether cases may have swipe actions: the built-in appliers come with
    /// a handler; other code only when it takes part in swipes.
    var swipes: Bool {
        switch self {
        case .applier: true
        case .subject(let s): s.swipes
        case .app(let s): s.swipes
        }
    }

    /// Whether it is a process that keeps state between cases.
    var isProcess: Bool {
        if case .app = self { return true }
        return false
    }

    /// Restarts an app (a fresh process for the next case); nothing in process.
    func restart() {
        if case .app(var app) = self { app.restart() }
    }

    /// The subject for a case whose IDs `naming` names; an applier takes
    /// `handler` as its swipe handlers when the case has swipe actions.
    func subject(naming: FuzzNaming, swipes: Bool, handler: SwipeHandlerKind) -> (any ReorderSubject<Int, Int>)? {
        switch self {
        case .applier(let a) where swipes: InProcessSubject(applier: a, swipeHandler: SwipeHandler<Int>(handler))
        case .applier(let a): a.name == Applier<Int, Int>.canonical.name ? nil : InProcessSubject(applier: a)
        case .subject(let s): s
        case .app(let app): NamedSubject(app, naming: naming)
        }
    }
}

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
    /// The layout kinds a case may use, in the order `list`, `grid`,
    /// `board`, `hstack` (`nil`: all); an app may speak only some.
    public var layouts: Set<LayoutKind>?
    /// Every case in this layout (its width fitted to a board's columns);
    /// `nil`: drawn per case.
    public var layout: Layout<Int>?
    /// The swipe action handlers under test when a case has swipe actions.
    public var handler: SwipeHandlerKind = .correct
    /// Whether a result carries its case (`fuzzCase.steps`, `stepStarts`):
    /// a campaign's first run of a case needs only its counts and whether it
    /// failed, and runs a failing case again, recording, to shrink and write
    /// it (a case is a function of its choices). Not recording saves an
    /// array of events per case, built and destroyed for nothing.
    public var recordsSteps = true
    /// Percent of session cases with swipe actions (`0`: drags only).
    public var swipeCases = 40
    /// Every case starts from this world's data, in its layout, under its
    /// rules (`nil`: data and layout drawn per case).
    public var world: World? {
        didSet { oracle = world?.rulesOracle() ?? .model }
    }
    /// What judges a drop configuration the code under test answers
    /// (setting `world` sets it to the world's rules, or the model).
    public var oracle: ConfigurationOracle<Int, Int> = .model

    public init(applier: Applier<Int, Int>, mode: FuzzMode) {
        self.applier = applier
        self.mode = mode
    }

    public struct Result: Sendable {
        public var fuzzCase: FuzzCase
        public var violation: Violation?
        /// Lifts in the case: the throughput unit.
        public var sessions: Int
        /// Events the case ran (`fuzzCase.steps.count` when it records them).
        public var steps: Int
        /// Where each step's choices begin: the shrinker deletes whole steps.
        public var stepStarts: [Int] = []
        /// Where each step's finger location was drawn (by step): the
        /// shrinker moves a counterexample out of a gap with it.
        public var locationChoices: [Int: Range<Int>] = [:]
        /// What the code under test was exercised with.
        public var coverage = Coverage()
        /// What the case's world offered to cover (`CoverageRequirement`).
        public var offered = CoverageRequirement()
        /// The largest value the code under test reported per label
        /// (`FuzzTarget`): empty when it reported none.
        public var targets: [String: Double] = [:]
    }

    /// Runs one case against `code` (default: the runner's applier, in
    /// process; `canonical` is the model alone).
    ///
    /// An app that takes requests ahead of answers (`PipelinedSubject`) gets
    /// the case pipelined first; only when an answer differs from a correct
    /// app's is the case run again one request at a time, from the same
    /// choices, and that run is the result.
    public func run(_ choices: inout ChoiceSequence, code: CodeUnderTest? = nil) -> Result {
        var (result, targets) = FuzzTarget.collecting { runUntargeted(&choices, code: code) }
        result.targets = targets
        return result
    }

    /// `run` without collecting what the code under test reports.
    private func runUntargeted(_ choices: inout ChoiceSequence, code: CodeUnderTest?) -> Result {
        let code = code ?? .applier(applier)
        guard case .app(let app) = code, let pipelined = app as? any PipelinedSubject else {
            var g = CaseGenerator(choices: choices, runner: self, code: code)
            let result = g.run()
            choices = g.choices
            return result
        }
        pipelined.beginPipelinedCase()
        var g = CaseGenerator(choices: choices, runner: self, code: code)
        var result = g.run()
        if pipelined.endPipelinedCase() {
            choices = g.choices
        } else {
            g = CaseGenerator(choices: choices, runner: self, code: code)
            result = g.run()
            choices = g.choices
        }
        // Output nobody asked for, after the case's last answer.
        if result.violation == nil, let failure = pipelined.endCase() {
            let core = InvariantViolation<Int, Int>(failure.invariant, "\(failure)")
            result.violation = Violation(core, step: result.steps - 1)
        }
        return result
    }
}
