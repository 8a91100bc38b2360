import DragRecording
import ReorderConformance
import ReorderCore

/// Which cases a fuzz run generates.
///
/// - `sessions`: whole drag sessions through hit testing and the drop
///   policy, interleaved with mutations: exactly the differences a drag can
///   hand your move closure. Start here.
/// - `differences`: arbitrary differences straight into it: duplicated
///   sources, an anchor among the sources, missing IDs; what a sync's
///   `relocate` or hand-built code can say. Its findings say why no drag
///   produces them.
public struct FuzzModes: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let sessions = FuzzModes(rawValue: 1)
    public static let differences = FuzzModes(rawValue: 2)
    public static let both: FuzzModes = [.sessions, .differences]

    /// The modes case by case: case k gets `list[k % list.count]`.
    var list: [FuzzMode] { (contains(.sessions) ? [FuzzMode.sessions] : []) + (contains(.differences) ? [.differences] : []) }
}

/// Fuzz your own move closure and `dropConfiguration` closure from your own
/// test target, with your own types:
///
///     import DragFuzz
///     import Testing
///
///     @Test func photosApply() {
///         let report = ApplyFuzzer.check(element: { Photo(id: $0) }) { photos, difference in
///             photos.apply(difference)   // the function under test
///         }
///         #expect(report.failures.isEmpty, "\(report)")
///     }
///
/// The model runs every case; your code gets the same deliveries (and, with
/// a policy, the same drop-configuration questions) and its answers are
/// checked against the model's. Every broken invariant is reported once
/// (`configuration` once per kind of disagreement: the operation, the
/// collection or the anchor), with its first failing case shrunk to a
/// recording you can save and replay: one finding never hides another.
public enum ApplyFuzzer {
    /// How a run goes.
    public struct Options: Sendable {
        /// Cases at most (`nil`: as many as `seconds` allows).
        public var runs: Int?
        /// Seconds at most, shrinking included (`nil` with `runs` `nil`:
        /// `FuzzBudget.defaultSeconds`, or `DRAGREPLAY_FUZZ_TIME`).
        public var seconds: Double?
        public var seed: UInt64
        public var modes: FuzzModes
        /// Collections per case, at most (a sectioned model).
        public var collections: Int
        /// Your `dropConfiguration` closure, compared with the model's
        /// answer at every move and drop: `configuration` findings.
        public var policy: DropPolicy<StringID, StringID?>?
        /// Every case in this layout (your app's geometry, which your
        /// closure computes with; a board is made as wide as its columns);
        /// `nil`: lists, grids, boards and stacks of every size.
        public var layout: Layout<StringID>?
        /// Every case in this world: your collections, items, capacities,
        /// locks and layout (it replaces `collections` and `layout`), under
        /// its rules; `nil`: generated boards of `c0`, `c1`, ...
        public var world: World?
        /// What judges your policy's answers (`nil`: the world's rules when
        /// it states them, else the model).
        public var oracle: FuzzOracle?
        /// The Swift test that runs the call (`meta.test` of its findings:
        /// a hint replays them from that test, never with a CLI applier).
        public var test: String?
        /// What the run must cover, or the report fails (`unmetCoverage`).
        /// `nil` with a `world` and `.sessions` among the modes: every
        /// collection of the world whose rules allow a drop receives one
        /// from a drag (a direct difference does not count) and every
        /// operation its rules allow is answered.
        public var requiredCoverage: CoverageRequirement?

        public init(
            runs: Int? = nil, seconds: Double? = nil, seed: UInt64 = 1, modes: FuzzModes = .sessions, collections: Int = 1,
            policy: DropPolicy<StringID, StringID?>? = nil, layout: Layout<StringID>? = nil, world: World? = nil, oracle: FuzzOracle? = nil
        ) {
            self.world = world
            self.oracle = oracle
            self.runs = runs
            self.seconds = seconds
            self.seed = seed
            self.modes = modes
            self.collections = collections
            self.policy = policy
            self.layout = layout
        }
    }

    /// A single-collection `apply` over your elements, shaped like the
    /// articles' `extension Array where Element: Identifiable` helper.
    public static func check<Element: Identifiable>(
        runs: Int? = nil, seconds: Double? = nil, seed: UInt64 = 1, modes: FuzzModes = .sessions,
        policy: DropPolicy<StringID, StringID?>? = nil,
        ids: IDMaker<Element.ID>, element: @escaping @Sendable (Element.ID) -> Element,
        apply: @escaping @Sendable (inout [Element], ReorderDifference<Element.ID, ReorderableSingleCollectionIdentifier>) -> Void
    ) -> FuzzReport where Element.ID: Sendable, Element: SendableMetatype {
        check(
            .single(ids: ids, element: element, apply: apply),
            options: Options(runs: runs, seconds: seconds, seed: seed, modes: modes, collections: 1, policy: policy))
    }

    /// `check` with your ID type's own maker (`String`, `Int`; `UUID` with `DragTesting`).
    public static func check<Element: Identifiable>(
        runs: Int? = nil, seconds: Double? = nil, seed: UInt64 = 1, modes: FuzzModes = .sessions,
        policy: DropPolicy<StringID, StringID?>? = nil,
        element: @escaping @Sendable (Element.ID) -> Element,
        apply: @escaping @Sendable (inout [Element], ReorderDifference<Element.ID, ReorderableSingleCollectionIdentifier>) -> Void
    ) -> FuzzReport where Element.ID: ReorderFuzzableID, Element: SendableMetatype {
        check(runs: runs, seconds: seconds, seed: seed, modes: modes, policy: policy, ids: .standard, element: element, apply: apply)
    }

    /// A sectioned `apply` (`reorderContainer(for:in:)`): your sections, each
    /// with its ID (`section` makes it from a collection name, `"c0"`, ...).
    public static func check<Element: Identifiable, SectionID: Hashable & Sendable>(
        runs: Int? = nil, seconds: Double? = nil, seed: UInt64 = 1, modes: FuzzModes = .sessions, collections: Int = 3,
        policy: DropPolicy<StringID, StringID?>? = nil, world: World? = nil, oracle: FuzzOracle? = nil, ids: IDMaker<Element.ID>,
        element: @escaping @Sendable (Element.ID) -> Element, section: @escaping @Sendable (String?) -> SectionID,
        apply: @escaping @Sendable (inout [ReorderSection<SectionID, Element>], ReorderDifference<Element.ID, SectionID>) -> Void
    ) -> FuzzReport where Element.ID: Sendable, Element: SendableMetatype {
        check(
            .sectioned(ids: ids, element: element, section: section, apply: apply),
            options: Options(
                runs: runs, seconds: seconds, seed: seed, modes: modes, collections: world?.collections.count ?? collections,
                policy: policy, world: world, oracle: oracle))
    }

    /// Only your `dropConfiguration` closure, with the model's own apply:
    /// its answers against the model's at every move and drop.
    ///
    ///     let board = Layout<StringID>(kind: .board(columnWidth: 220, spacing: 16, rowHeight: 40), width: 0, height: 600)
    ///     let report = ApplyFuzzer.check(policy: kanbanPolicy, layout: board)
    ///
    /// In your `world` (its collections, data and layout; `layout` and
    /// `collections` are then unused), judged by its rules or by `oracle`.
    public static func check(
        policy: DropPolicy<StringID, StringID?>, layout: Layout<StringID>? = nil, world: World? = nil, oracle: FuzzOracle? = nil,
        runs: Int? = nil, seconds: Double? = nil, seed: UInt64 = 1, collections: Int = 3
    ) -> FuzzReport {
        check(
            .canonical,
            options: Options(
                runs: runs, seconds: seconds, seed: seed, modes: .sessions, collections: world?.collections.count ?? collections,
                policy: policy, layout: layout, world: world, oracle: oracle))
    }

    /// Any `Applier` over a recording's names (the built-in ones, or your
    /// own from `Applier.single`, `.sectioned` or `.orders`).
    ///
    /// - Complexity: as many cases as `options.runs` or `options.seconds`
    ///   allow (`FuzzBudget`: 2 s by default); each failure's shrink counts
    ///   against the time too.
    public static func check(_ applier: Applier<StringID, StringID?>, options: Options = Options()) -> FuzzReport {
        let naming = options.world.map { FuzzNaming(collectionNames: $0.collectionIDs, itemNames: $0.itemNames) }
        let yours = applier.translatedToFuzzIDs(naming: naming)
        let policy = options.policy?.translatedToFuzzIDs(naming: naming)
        let modes = options.modes.list.isEmpty ? [FuzzMode.sessions] : options.modes.list
        let budget = FuzzBudget.resolve(runs: options.runs, seconds: options.seconds)
        let start = now()
        let deadline = budget.seconds.map { start + $0 }
        let context = FindingContext(
            generator: "ApplyFuzzer", applierName: applier.name, seed: options.seed, test: options.test, world: options.world,
            oracle: options.oracle)
        // One failure per invariant; for `configuration`, one per kind of
        // disagreement (`Violation.signature`), so a closure that refuses
        // copies does not hide that it picks the wrong column.
        var failures: [String: FuzzFailure] = [:]
        var coverage = Coverage()
        var steering = TargetSteering(seed: Xoshiro256.caseSeed(options.seed ^ TargetSteering.seedSalt, 0))
        func kind(_ v: Violation) -> String { v.invariant == .configuration ? v.signature : v.invariant.rawValue }
        var index = 0
        while budget.runs.map({ index < $0 }) ?? true {
            // The clock is read every 16 cases: a case takes far less than a budget.
            if let deadline, index & 15 == 0, now() >= deadline { break }
            var mode = modes[index % modes.count]
            var choices = ChoiceSequence(seed: Xoshiro256.caseSeed(options.seed, UInt64(index)))
            // Once your closure has reported a target (`FuzzTarget`), one case in two is steered.
            if let next = steering.next(inPlaceOf: index) { (choices, mode) = (next.choices, next.mode) }
            let runner = runner(mode, yours, options)
            let name = policy == nil ? applier.name : InProcessSubject<Int, Int>.policyName(applier: applier.name)
            let code: CodeUnderTest = .subject(
                InProcessSubject(applier: yours, policy: policy ?? options.world?.policy() ?? .standard, name: name))
            let asked: CodeUnderTest = policy == nil ? .applier(yours) : code
            let result = runner.run(&choices, code: asked)
            coverage.add(result.coverage)
            if !result.targets.isEmpty {
                steering.note(
                    result.targets, choices: choices.choices, mode: mode, starts: result.stepStarts, passed: result.violation == nil)
            }
            index += 1
            // A drag's counterexample is kept over a hand-built difference's
            // (`.both`): what a user can do is the finding, not that a sync could.
            guard let v = result.violation, failures[kind(v)].map({ $0.mode == .differences && mode == .sessions }) ?? true
            else { continue }
            var shrinker = Shrinker(runner: runner, keeping: v)
            shrinker.code = asked
            // Past the budget the shrinker keeps the smallest failing case so far.
            if let deadline { shrinker.shouldStop = { now() >= deadline } }
            let shrunk = shrinker.shrink(choices.choices)
            let violation = shrunk.result.violation ?? v
            let fuzzCase = shrunk.result.violation == nil ? result.fuzzCase : shrunk.result.fuzzCase
            let finding = fuzzCase.finding(violation, context: context, caseIndex: index - 1, shrinkAttempts: shrunk.attempts)
            var failure = FuzzFailure(
                invariant: violation.invariant, message: violation.message, caseIndex: index - 1, mode: mode,
                notFromDrag: finding.notFromDrag, recording: finding.text, steps: fuzzCase.readableSteps(through: violation.step),
                before: fuzzCase.readableData(before: violation.step, world: options.world),
                after: fuzzCase.readableData(after: violation.step, world: options.world))
            // What the reader would refuse is said, not handed over as a recording that replays.
            failure.recordingProblem = finding.recording.readBackProblem().map { "line \($0.line): \($0.message)" }
            failures[kind(v)] = failure
        }
        var report = FuzzReport(
            runs: index, seed: options.seed, modes: options.modes,
            failures: failures.values.sorted { ($0.caseIndex, $0.invariant) < ($1.caseIndex, $1.invariant) })
        report.coverage = coverage
        report.targets = steering.maxima
        report.steeredCases = steering.steered
        report.seconds = now() - start
        // The world's default requirement is what drags reach: it applies when cases drag.
        let required = options.requiredCoverage ?? (modes.contains(.sessions) ? options.world.map(CoverageRequirement.init(world:)) : nil)
        report.unmetCoverage = required?.unmet(by: coverage) ?? []
        report.unreachableCoverage = required?.unreachable ?? []
        return report
    }

    /// The runner of every case of a call.
    static func runner(_ mode: FuzzMode, _ yours: Applier<Int, Int>, _ options: Options) -> CaseRunner {
        var runner = CaseRunner(applier: yours, mode: mode)
        runner.maxCollections = max(1, options.collections)
        runner.unknownCollections = options.collections > 1
        runner.swipeCases = 0
        runner.layout = options.layout?.mapIDs { FuzzNaming.id(named: $0) ?? FuzzIDs.absentBase }
        runner.world = options.world
        if let oracle = options.oracle { runner.oracle = oracle.configurationOracle(world: options.world) }
        return runner
    }
}

/// What `ApplyFuzzer.check` found: at most one failure per invariant (per
/// kind of disagreement for `configuration`), each the first failing case of
/// it, shrunk.
public struct FuzzReport: Sendable, CustomStringConvertible {
    /// Cases run (under a time budget, as many as it allowed).
    public var runs: Int
    public var seed: UInt64
    public var modes: FuzzModes
    public var failures: [FuzzFailure]
    /// What your code was exercised with.
    public var coverage = Coverage()
    /// What `Options.requiredCoverage` asked for and the run did not cover.
    public var unmetCoverage: [String] = []
    /// What the world's rules make unreachable, so not required (said, never a failure).
    public var unreachableCoverage: [String] = []
    /// How long the call took, shrinking included.
    public var seconds = 0.0
    /// The largest value your code reported per label (`FuzzTarget`), and
    /// how many cases were steered toward them.
    public var targets: [String: Double] = [:]
    public var steeredCases = 0

    public init(runs: Int, seed: UInt64, modes: FuzzModes, failures: [FuzzFailure]) {
        self.runs = runs
        self.seed = seed
        self.modes = modes
        self.failures = failures
    }

    /// The first failure, in case order.
    public var failure: FuzzFailure? { failures.first }

    /// The targets' line, or nothing (`TargetSteering.text`).
    var targetsText: String { TargetSteering.text(targets, steered: steeredCases) }

    public var description: String {
        let covered = "\n" + coverage.text + targetsText + (unmetCoverage + unreachableCoverage).map { $0 + "\n" }.joined()
        guard !failures.isEmpty else { return headline + covered }
        return headline + covered + "\n" + failures.map(\.description).joined(separator: "\n\n")
    }

    /// The first line of `description`: `5000 cases (sessions, seed 1): no
    /// invariant broken`, or `...: 1 invariant broken (2 findings)`.
    public var headline: String {
        let modeNames = modes.list.map(\.rawValue).joined(separator: " and ")
        guard !failures.isEmpty else { return "\(runs) cases (\(modeNames), seed \(seed)): no invariant broken" }
        let broken = Set(failures.map(\.invariant)).count
        let count = broken == 1 ? "1 invariant" : "\(broken) invariants"
        let findings = failures.count == broken ? "" : " (\(failures.count) findings)"
        return "\(runs) cases (\(modeNames), seed \(seed)): \(count) broken\(findings)"
    }
}

/// One broken invariant, as a person reads it and as a recording replays it.
public struct FuzzFailure: Sendable, CustomStringConvertible {
    public var invariant: Invariant
    public var message: String
    public var caseIndex: Int
    public var mode: FuzzMode
    /// Why no drag can produce it (a `differences` case), `nil` when one can.
    public var notFromDrag: String?
    /// The shrunk case as a dragrec recording: save it as `.jsonl` and
    /// replay it (`relocate` lines with `"via":"applier"` are differences
    /// delivered straight to your function).
    public var recording: String
    /// The shrunk steps, one per line.
    public var steps: [String]
    /// The data before and after the failing step, as the model has it.
    public var before: String
    public var after: String
    /// Why `recording` would not read back (`line 1: layout field ...`), as
    /// the reader says it: an `Options.layout` no recording holds (a NaN
    /// spacing). `nil`: it reads and replays.
    public var recordingProblem: String?

    /// Whether a drag session can produce it.
    public var producibleByDrag: Bool { notFromDrag == nil }

    public var description: String {
        var out = "\(invariant.rawValue): \(message)\n"
        out += "  case \(caseIndex) (\(mode.rawValue)), shrunk to \(steps.count) step\(steps.count == 1 ? "" : "s")"
        out += notFromDrag.map { "; no drag produces it: \($0)\n" } ?? "; a drag produces it\n"
        for (k, s) in steps.enumerated() { out += "  \(k + 1). \(s)\n" }
        out += "  data before: \(before)\n  model after: \(after)"
        if let recordingProblem { out += "\n  the recording does not read back: \(recordingProblem)" }
        return out
    }
}

extension Applier where ItemID == StringID, CollectionID == StringID? {
    /// The same apply over the fuzzer's integers: named `a`, `b`, ... and
    /// collections `c0`, `c1`, ... (the single collection: unnamed) on the
    /// way in, read back on the way out; a name it invents becomes an
    /// integer of its own, so conservation reports it.
    /// In a world (`naming`), its collection and item names instead.
    func translatedToFuzzIDs(naming: FuzzNaming? = nil) -> Applier<Int, Int> {
        let base = self
        let names = naming ?? FuzzNaming(collectionNames: [])
        return .orders(name: name) { orders, collections, d in
            let single = collections.count == 1
            func collection(_ c: Int) -> StringID? { naming.map { $0.collection(c) } ?? (single ? nil : "c\(c)") }
            let difference = d.mapIDs(item: names.itemName, collection: collection)
            let answer: [[StringID]]
            // An app's own `apply` over the orders: called on them, with no
            // container to build and read back.
            if let direct = base.orders(
                applying: difference, to: orders.map { $0.map(names.itemName) }, collections: collections.map(collection))
            {
                answer = direct
            } else {
                var container = ReorderContainer<StringID, StringID?>(
                    collections: zip(collections, orders).map { c, items in
                        ReorderCollection(id: collection(c), items: items.map(names.itemName))
                    })
                var warnings: [ReorderWarning<StringID, StringID?>] = []
                base.apply(base.capture(difference, container), &container, &warnings)
                answer = container.orders
            }
            // Keyed on bytes: an answer's ID in other bytes than the one
            // handed over is another ID, which conservation reports.
            var invented: [StringID: Int] = [:]
            return answer.map { items in
                items.map { name in
                    if let id = names.itemID(name) { return id }
                    if let id = invented[name] { return id }
                    let id = -1 - invented.count
                    invented[name] = id
                    return id
                }
            }
        }
    }
}

extension DropPolicy where ItemID == StringID, CollectionID == StringID? {
    /// The same closure, asked with the fuzzer's integers named as
    /// recordings name them.
    /// In a world (`naming`), its collection and item names instead.
    func translatedToFuzzIDs(naming: FuzzNaming? = nil) -> DropPolicy<Int, Int> {
        if let naming {
            return translated(
                item: naming.itemName, collection: { naming.collection($0) },
                backItem: { naming.itemID($0) ?? FuzzIDs.absentBase },
                backCollection: { name in naming.collectionNames.firstIndex(of: name) ?? FuzzIDs.unknownCollection })
        }
        return translated(
            item: FuzzNaming.item, collection: { "c\($0)" },
            backItem: { FuzzNaming.id(named: $0) ?? FuzzIDs.absentBase },
            backCollection: { name in
                name.flatMap { $0.string.hasPrefix("c") ? Int($0.string.dropFirst()) : nil } ?? FuzzIDs.unknownCollection
            })
    }
}

extension FuzzCase {
    /// Each step up to `last` as a recording line says it, IDs named.
    public func readableSteps(through last: Int) -> [String] {
        guard last >= 0 else { return [] }
        let naming = self.naming
        return steps.prefix(last + 1).enumerated().map { i, step in
            CanonicalWriter.line(for: RecordedEvent(step.mapIDs(item: naming.itemName, collection: naming.collection), t: Double(i * 16)))
        }
    }

    /// The model's data before step `k`, as `a b | c d`; in `world`, under
    /// its rules (as the fuzz's model and the finding's `expect` line have it).
    public func readableData(before k: Int, world: World? = nil) -> String {
        show(k <= 0 ? container : container(after: k - 1, applier: .canonical, world: world))
    }

    /// The model's data after step `k`; in `world`, under its rules: never
    /// a state the world forbids (a drop into a collection it closes).
    public func readableData(after k: Int, world: World? = nil) -> String {
        show(k < 0 ? container : container(after: k, applier: .canonical, world: world))
    }

    func show(_ c: FuzzContainer) -> String {
        let naming = self.naming
        return c.collections.map { collection in
            let name = naming.collection(collection.id).map { "\($0): " } ?? ""
            return name + "[" + collection.items.map { Format.quoted(naming.itemName($0)) }.joined(separator: ", ") + "]"
        }.joined(separator: " | ")
    }
}
