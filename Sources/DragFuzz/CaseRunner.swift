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
        /// The data after the violating step, under the applier.
        public var containerAtViolation: FuzzContainer?
        /// Where each step's choices begin: the shrinker deletes whole steps.
        public var stepStarts: [Int] = []
    }

    public func run(_ choices: inout ChoiceSequence) -> Result {
        var g = _Generation(choices: choices, runner: self)
        let result = g.run()
        choices = g.choices
        return result
    }
}

/// One generation-and-run; private state of `CaseRunner.run`.
struct _Generation {
    var choices: ChoiceSequence
    let runner: CaseRunner
    var engine: FuzzEngine
    var fuzzCase: FuzzCase
    var nextID = 0
    var sessions = 0
    var checker: StepChecker

    init(choices: ChoiceSequence, runner: CaseRunner) {
        self.choices = choices
        self.runner = runner
        let placeholder = Layout<Int>(kind: .list(rowHeight: 1, spacing: 0, headerHeight: 0, heights: [:]), width: 1, height: 1)
        engine = FuzzEngine(container: FuzzContainer(collections: []), layout: placeholder, applier: runner.applier)
        fuzzCase = FuzzCase(mode: runner.mode, container: engine.container, isSingle: true, layout: placeholder)
        checker = StepChecker(applier: runner.applier)
    }

    mutating func fresh() -> Int { defer { nextID += 1 }; return nextID }

    // MARK: Data and layout

    mutating func makeContainer() {
        let n = 1 + choices.draw(runner.maxCollections - 1)
        var budget = runner.maxItems
        var collections: [ReorderCollection<Int, Int>] = []
        for c in 0..<n {
            // 6 per collection at the default 16 items; more when benchmarks scale items up.
            let count = choices.draw(min(max(6, runner.maxItems * 3 / 8), budget))
            budget -= count
            var fixed: [Int] = []
            if budget > 0 && choices.weighted(15) {
                for _ in 0..<(1 + choices.draw(min(1, budget - 1))) { fixed.append(fresh()) }
                budget -= fixed.count
            }
            let items = (0..<count).map { _ in fresh() }
            let capacity: Int? = choices.weighted(15) ? choices.draw(6) : nil
            collections.append(ReorderCollection(id: c, items: items, fixed: fixed, capacity: capacity))
        }
        var container = FuzzContainer(collections: collections)
        let all = collections.flatMap { $0.fixed + $0.items }
        if !all.isEmpty && choices.weighted(15) { container.locked.insert(all[choices.draw(all.count - 1)]) }
        if choices.weighted(10) { container.isEnabled = false }
        engine.container = container
        fuzzCase.container = container
        fuzzCase.isSingle = n == 1 && choices.draw(1) == 0
    }

    mutating func makeLayout() {
        let n = engine.container.collections.count
        let all = engine.container.collections.flatMap { $0.fixed + $0.items }
        var kind = choices.draw(3)
        if kind == 3 && n > 1 { kind = 0 }
        let layout: Layout<Int>
        switch kind {
        case 0:
            var heights: [Int: Double] = [:]
            if !all.isEmpty && choices.weighted(20) { heights[all[choices.draw(all.count - 1)]] = 30 }
            layout = Layout(kind: .list(rowHeight: [10, 20, 7.5][choices.draw(2)], spacing: [0, 4, 5][choices.draw(2)],
                                        headerHeight: [0, 10][choices.draw(1)], heights: heights), width: 100, height: 800)
        case 1:
            let columns: Layout<Int>.GridColumns = choices.weighted(30) ? .adaptive(minimum: [25, 40][choices.draw(1)]) : .fixed(1 + choices.draw(3))
            layout = Layout(kind: .grid(columns: columns, rowHeight: 20, spacing: [0, 5][choices.draw(1)], headerHeight: [0, 10][choices.draw(1)]),
                            width: 100, height: 800)
        case 2:
            let spacing = [0, 10, 20][choices.draw(2)]
            layout = Layout(kind: .board(columnWidth: 50, spacing: Double(spacing), rowHeight: 10, rowSpacing: [0, 2][choices.draw(1)],
                                         headerHeight: [0, 10][choices.draw(1)]), width: Double(n * (50 + spacing) + 30), height: 400)
        default:
            var widths: [Int: Double] = [:]
            if !all.isEmpty && choices.weighted(20) { widths[all[choices.draw(all.count - 1)]] = 40 }
            layout = Layout(kind: .hstack(itemWidth: 20, spacing: [0, 4][choices.draw(1)], widths: widths), width: 1200, height: 30)
        }
        engine.layout = layout
        fuzzCase.layout = layout
    }

    // MARK: Run

    mutating func run() -> CaseRunner.Result {
        makeContainer()
        makeLayout()
        let limit = runner.mode == .sessions ? runner.maxEvents : 8
        var starts: [Int] = []
        while fuzzCase.steps.count < limit && { starts.append(choices.choices.count); return choices.more() }() {
            let planned: (event: DragEvent<Int, Int>, aim: Aim?)
            switch runner.mode {
            case .sessions: planned = nextSessionEvent()
            case .differences: planned = (.deliver(nextDifference()), nil)
            }
            if let v = execute(planned.event, aim: planned.aim) {
                return CaseRunner.Result(fuzzCase: fuzzCase, violation: v, sessions: sessions, containerAtViolation: engine.container, stepStarts: starts)
            }
        }
        return CaseRunner.Result(fuzzCase: fuzzCase, violation: nil, sessions: sessions, containerAtViolation: nil, stepStarts: starts)
    }

    mutating func entries() -> [Int] { engine.container.collections.flatMap { $0.fixed + $0.items } }

    mutating func pick(_ ids: [Int]) -> Int { ids[choices.draw(ids.count - 1)] }

    mutating func nextSessionEvent() -> (DragEvent<Int, Int>, Aim?) {
        if choices.weighted(30) { return (nextMutation(), nil) }
        let active = engine.sessions.keys.sorted()
        let pending = engine.pending.keys.sorted()
        if !pending.isEmpty && choices.weighted(40) { return (.apply(session: pending[choices.draw(pending.count - 1)]), nil) }
        let free = (0..<runner.maxSessions).filter { engine.sessions[$0] == nil }
        if active.isEmpty || (!free.isEmpty && choices.weighted(25)) {
            return (lift(session: free[choices.draw(free.count - 1)]), nil)
        }
        let s = active[choices.draw(active.count - 1)]
        switch choices.draw(2) {
        case 0:
            let (p, aim) = location()
            return (.drop(session: s, at: p, deferred: choices.weighted(30)), aim)
        case 1:
            let (p, aim) = location()
            return (.move(session: s, at: p), aim)
        default:
            return (.cancel(session: s), nil)
        }
    }

    mutating func lift(session s: Int) -> DragEvent<Int, Int> {
        sessions += 1
        let all = entries()
        let external = all.isEmpty || choices.weighted(10)
        var items: [Int] = []
        if external {
            for _ in 0..<(1 + choices.draw(1)) { items.append(choices.weighted(10) && !all.isEmpty ? pick(all) : fresh()) }
        } else {
            for _ in 0..<(1 + choices.draw(2)) {
                let id = pick(all)
                if !items.contains(id) { items.append(id) }
            }
        }
        var seen = Set<Int>()
        items = items.filter { seen.insert($0).inserted }
        let ops: DropOperation.Set = external ? [.copy, .all, .move][choices.draw(2)] : (choices.weighted(10) ? [.copy, .all][choices.draw(1)] : .move)
        return .lift(session: s, items: items, at: Point(x: 1, y: 1), operations: ops, external: external)
    }

    /// An entry's centre (simplest), its leading half (checked against hit
    /// testing), anywhere inside, or outside.
    mutating func location() -> (Point, Aim?) {
        let layout = engine.layout
        let mode = choices.draw(3)
        if mode <= 1 {
            let frames = layout.frames(in: engine.container)
            let c = choices.draw(frames.count - 1)
            let k = choices.draw(frames[c].count)
            if k < frames[c].count {
                let f = frames[c][k]
                return mode == 0 ? (Point(x: f.midX, y: f.midY), nil) : (layout.leadingHalfPoint(of: f), Aim(collection: c, entry: k))
            }
            // Past the last entry of that collection.
            if let last = frames[c].last {
                switch layout.kind {
                case .list, .board: return (Point(x: last.midX, y: last.y + last.height + 1), nil)
                case .hstack, .grid: return (Point(x: last.x + last.width + 1, y: last.midY), nil)
                }
            }
            return (Point(x: 1, y: 1), nil)
        }
        if mode == 2 {
            return (Point(x: Double(choices.draw(999)) / 1000 * layout.width, y: Double(choices.draw(999)) / 1000 * layout.height), nil)
        }
        return ([Point(x: -1, y: 5), Point(x: layout.width, y: 1), Point(x: 1, y: layout.height + 3)][choices.draw(2)], nil)
    }

    mutating func nextMutation() -> DragEvent<Int, Int> {
        let container = engine.container
        let all = entries()
        let n = container.collections.count
        switch choices.draw(6) {
        case 0:
            let c = choices.draw(n - 1)
            return .insert(items: [fresh()], collection: c, index: choices.weighted(50) ? choices.draw(container.collections[c].items.count) : nil)
        case 1 where !all.isEmpty:
            return .delete(items: (0..<(1 + choices.draw(1))).map { _ in choices.weighted(10) ? 1000 + choices.draw(2) : pick(all) })
        case 2 where !all.isEmpty:
            let items = (0..<(1 + choices.draw(1))).map { _ in pick(all) }
            return .relocate(items: items, collection: choices.draw(n - 1), before: choices.weighted(30) ? nil : pick(all))
        case 3:
            return .setEnabled(!container.isEnabled)
        case 4 where !all.isEmpty:
            let locked = container.locked.sorted()
            if !locked.isEmpty && choices.weighted(50) { return .unlock(items: [locked[choices.draw(locked.count - 1)]]) }
            return .lock(items: [pick(all)])
        case 5:
            var collections = container.collections
            for c in collections.indices {
                var items = collections[c].items
                if !items.isEmpty {
                    let r = choices.draw(items.count - 1)
                    items = Array(items[r...] + items[..<r])
                    if choices.weighted(20) { items.remove(at: choices.draw(items.count - 1)) }
                }
                if choices.weighted(20) { items.append(fresh()) }
                collections[c].items = items
            }
            return .reload(collections: collections, locked: [])
        default:
            return .update(item: all.isEmpty ? 0 : pick(all))
        }
    }

    mutating func nextDifference() -> FuzzDifference {
        let all = entries()
        let n = engine.container.collections.count
        var sources: [Int] = []
        for _ in 0..<choices.draw(3) {
            sources.append(all.isEmpty || choices.weighted(15) ? 1000 + choices.draw(2) : pick(all))
        }
        let collection = runner.unknownCollections && choices.weighted(10) ? 99 : choices.draw(n - 1)
        let position: FuzzDifference.Destination.Position
        if choices.weighted(25) { position = .end } else {
            position = .before(all.isEmpty || choices.weighted(10) ? 1000 + choices.draw(2) : pick(all))
        }
        return FuzzDifference(sources: sources, destination: .init(collectionID: collection, position: position))
    }

    mutating func execute(_ event: DragEvent<Int, Int>, aim: Aim?) -> Violation? {
        fuzzCase.steps.append(event)
        return checker.run(&engine, event, aim: aim, step: fuzzCase.steps.count - 1)
    }
}
