import DragRecording
import ReorderConformance
import ReorderCore
import ReorderSwipe

/// One generation-and-run, the state of `CaseRunner.run`: the choice
/// sequence, the engine it drives, the case so far. Each draw sees the live
/// state, so every event it generates makes sense there.
struct CaseGenerator {
    var choices: ChoiceSequence
    let runner: CaseRunner
    /// The data and layout being drawn, before the run starts.
    var setup: FuzzEngine
    /// The model and the code under test, once the case is set up.
    var checked: CheckedEngine<Int, Int>
    var fuzzCase: FuzzCase
    var nextID = 0
    var sessions = 0
    /// Steps executed so far (recorded in `fuzzCase.steps` when `runner.recordsSteps`).
    var stepCount = 0
    /// Where each step's finger location was drawn in the choices (`location()`),
    /// by step, when the runner records steps: the shrinker's `intoFrame`.
    var locationChoices: [Int: Range<Int>] = [:]
    var profile: CaseProfile
    /// What the code under test has been exercised with so far.
    var coverage = CoverageCounter()
    /// The step of the event in hand, kept across events and emptied in
    /// place (`CheckedStep._clear`): one made and destroyed per event went
    /// through its unspecialised value witness each time.
    var step = CheckedStep<Int, Int>(result: SessionStep())

    let code: CodeUnderTest

    init(choices: ChoiceSequence, runner: CaseRunner, code: CodeUnderTest) {
        self.choices = choices
        self.runner = runner
        self.code = code
        let placeholder = Layout<Int>(kind: .list(rowHeight: 1), width: 1, height: 1)
        setup = FuzzEngine(container: FuzzContainer(collections: []), layout: placeholder)
        checked = CheckedEngine(container: setup.container, layout: placeholder, checksModel: true)
        fuzzCase = FuzzCase(mode: runner.mode, container: setup.container, collectionNames: [], layout: placeholder)
        profile = CaseProfile(maxEvents: runner.maxEvents, maxItems: runner.maxItems)
    }

    /// The model as it stands (sessions, pending differences, data, layout).
    var engine: FuzzEngine { checked.model }

    mutating func fresh() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    // MARK: Run

    mutating func run() -> CaseRunner.Result {
        profile = drawProfile()
        if let world = runner.world {
            makeWorldContainer(world)
            makeWorldLayout(world)
            // Drawn after the world's data, in its terms: a case without a
            // world draws none of this, so its seeds keep their cases.
            if case .repeated = profile.shape { scaleRepeatToWorld() }
        } else {
            if case .repeated = profile.shape { makeRepeatedContainer() } else { makeContainer() }
            makeLayout()
        }
        makeSwipe()
        // Messages name what an app invents as the app did.
        var naming = fuzzCase.naming
        naming.invented = InventedNames()
        checked = CheckedEngine(
            container: setup.container, layout: setup.layout,
            subject: code.subject(naming: naming, swipes: fuzzCase.swipe != nil, handler: runner.handler),
            text: naming.text, checksModel: true, swipe: fuzzCase.swipe, policy: runner.world?.policy() ?? .standard,
            oracle: runner.oracle)
        if let v = checked.start() {
            return result(Violation(v, step: -1), stepStarts: [])
        }
        if case .repeated(let from, let to, let count, let deferred) = profile.shape {
            let v = runRepeated(from: from, to: to, count: count, deferred: deferred)
            return result(v, stepStarts: [])
        }
        let limit = runner.mode == .sessions ? profile.maxEvents : 8
        var starts: [Int] = []
        let records = runner.recordsSteps
        // In a world a long case runs on toward its `maxEvents` (about 100
        // steps on average); without one it stops as it always has (about
        // 10), so existing seeds keep their cases.
        let more = runner.world != nil && profile.isLong ? 99 : 90
        while stepCount < limit
            && {
                if records { starts.append(choices.choices.count) }
                return choices.more(more)
            }()
        {
            let planned: (event: SessionEvent<Int, Int>, aim: Aim?)
            switch runner.mode {
            case .sessions: planned = nextSessionEvent()
            case .differences: planned = (.drag(.deliver(nextDifference())), nil)
            }
            if let v = execute(planned.event, aim: planned.aim) {
                return result(v, stepStarts: starts)
            }
        }
        return result(nil, stepStarts: starts)
    }

    /// The case's result, with what it covered and offered.
    func result(_ violation: Violation?, stepStarts: [Int]) -> CaseRunner.Result {
        let naming = fuzzCase.naming
        return CaseRunner.Result(
            fuzzCase: fuzzCase, violation: violation, sessions: sessions, steps: stepCount, stepStarts: stepStarts,
            locationChoices: locationChoices,
            coverage: coverage.coverage(naming: naming),
            offered: coverage.requirement(naming: naming, collections: setup.container.collections.count))
    }

    mutating func entries() -> [Int] { engine.container.entries }

    mutating func pick(_ ids: [Int]) -> Int { ids[choices.draw(ids.count - 1)] }

    mutating func execute(_ event: DragEvent<Int, Int>, aim: Aim?) -> Violation? { execute(.drag(event), aim: aim) }

    mutating func execute(_ event: consuming SessionEvent<Int, Int>, aim: Aim?) -> Violation? {
        // Only what coverage reads of the state before (`Before`) and, for a
        // mutation, the sessions in flight: a copy of the data or the model
        // held across the step would make every write the step makes to them
        // copy its storage.
        let before = CoverageCounter.Before(checked.container, drop: event.isDrop)
        let inFlight: [Int] = event.kind.isMutation ? Array(checked.model.sessions.keys) : []
        let asked = !checked.subjectFailed
        step._clear()
        checked.handle(event, aim: aim, into: &step)
        // Only what the code under test was given: nothing after it failed to answer.
        if asked {
            coverage.count(event, step, before: before, inFlight: inFlight)
            // The gap a drag's drop landed in (a direct difference is no drag).
            let delivered = if case .drag(.deliver) = event { true } else { false }
            if !delivered, let d = step.result.drag.applied, let gap = CoverageCounter.gap(d, in: checked.container) {
                coverage.count(gap)
            }
        }
        // Recorded last, moved in: nothing above reads the case's steps.
        stepCount += 1
        // Otherwise ended case by case (`SessionEvent._discard`), not
        // through the enum's value witness.
        if runner.recordsSteps { fuzzCase.steps.append(consume event) } else { (consume event)._discard() }
        return step.violation.map { Violation($0, step: stepCount - 1) }
    }
}
