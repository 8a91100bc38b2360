import ReorderCore

/// One generation-and-run, the state of `CaseRunner.run`: the choice
/// sequence, the engine it drives, the case so far. Each draw sees the live
/// state, so every event it generates makes sense there.
struct CaseGenerator {
    var choices: ChoiceSequence
    let runner: CaseRunner
    var engine: FuzzEngine
    var fuzzCase: FuzzCase
    var nextID = 0
    var sessions = 0
    var checker: InvariantChecker

    init(choices: ChoiceSequence, runner: CaseRunner) {
        self.choices = choices
        self.runner = runner
        let placeholder = Layout<Int>(kind: .list(rowHeight: 1), width: 1, height: 1)
        engine = FuzzEngine(container: FuzzContainer(collections: []), layout: placeholder, applier: runner.applier)
        fuzzCase = FuzzCase(mode: runner.mode, container: engine.container, collectionNames: [], layout: placeholder)
        checker = InvariantChecker(applier: runner.applier)
    }

    mutating func fresh() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    // MARK: Run

    mutating func run() -> CaseRunner.Result {
        makeContainer()
        makeLayout()
        let limit = runner.mode == .sessions ? runner.maxEvents : 8
        var starts: [Int] = []
        while fuzzCase.steps.count < limit
            && {
                starts.append(choices.choices.count)
                return choices.more()
            }()
        {
            let planned: (event: DragEvent<Int, Int>, aim: Aim?)
            switch runner.mode {
            case .sessions: planned = nextSessionEvent()
            case .differences: planned = (.deliver(nextDifference()), nil)
            }
            if let v = execute(planned.event, aim: planned.aim) {
                return CaseRunner.Result(
                    fuzzCase: fuzzCase, violation: v, sessions: sessions, containerAtViolation: engine.container, stepStarts: starts)
            }
        }
        return CaseRunner.Result(fuzzCase: fuzzCase, violation: nil, sessions: sessions, containerAtViolation: nil, stepStarts: starts)
    }

    mutating func entries() -> [Int] { engine.container.entries }

    mutating func pick(_ ids: [Int]) -> Int { ids[choices.draw(ids.count - 1)] }

    mutating func execute(_ event: DragEvent<Int, Int>, aim: Aim?) -> Violation? {
        fuzzCase.steps.append(event)
        return checker.run(&engine, event, aim: aim, step: fuzzCase.steps.count - 1)
    }
}
