import DragFuzz
import Foundation
import KnownBugs
import ReorderConformance
import ReorderCore
import Testing

/// A subject that answers `forbidden` to every drop-configuration question
/// and records nothing else: what its rules said must be what coverage counts.
private struct ForbidsEverything: ReorderSubject {
    typealias ItemID = Int
    typealias CollectionID = Int
    var base = InProcessSubject<Int, Int>(applier: .canonical, policy: DropPolicy { _ in .forbidden })
    var name: String { "forbids everything" }
    var configures: Bool { true }
    mutating func handle(_ request: SubjectRequest<Int, Int>) throws(SubjectFailure) -> SubjectAnswer<Int, Int> {
        try base.handle(request)
    }
}

/// A code under test that fails to answer its very first request.
private struct Mute: ReorderSubject {
    typealias ItemID = Int
    typealias CollectionID = Int
    var name: String { "mute" }
    var configures: Bool { false }
    mutating func handle(_ request: SubjectRequest<Int, Int>) throws(SubjectFailure) -> SubjectAnswer<Int, Int> {
        throw SubjectFailure.error("no answer")
    }
}

@Suite("Coverage (issue 20)")
struct CoverageTests {
    func run(_ code: CodeUnderTest, runs: Int = 400, mode: FuzzMode = .sessions) -> Coverage {
        var total = Coverage()
        let runner = CaseRunner(applier: .canonical, mode: mode)
        for k in 0..<runs {
            var choices = ChoiceSequence(seed: Xoshiro256.caseSeed(3, UInt64(k)))
            total.add(runner.run(&choices, code: code).coverage)
        }
        return total
    }

    @Test("a run counts drops per collection, the operations answered and the kinds of drag")
    func counts() {
        let c = run(.applier(.canonical), runs: 2000)
        #expect(c.drops.keys.contains(Coverage.single))
        #expect(["c0", "c1", "c2"].allSatisfy { c.drops[$0, default: 0] > 0 }, "\(c.text)")
        #expect(c.operations[.move, default: 0] > 0 && c.operations[.forbidden, default: 0] > 0, "\(c.text)")
        #expect(c.multiItemDrags > 0 && c.deferredApplies > 0 && c.mutationDuringDrag > 0, "\(c.text)")
        #expect(c.swipeActions.values.reduce(0, +) > 0, "\(c.text)")
    }

    @Test("the operation counted is the code's own answer, not the model's")
    func answersOfTheCode() {
        let c = run(.subject(ForbidsEverything()))
        #expect(c.operations[.forbidden, default: 0] > 0)
        #expect(c.operations[.move, default: 0] == 0 && c.operations[.copy, default: 0] == 0, "\(c.text)")
    }

    @Test("code that never answered was exercised with nothing")
    func nothingAfterAFailure() {
        #expect(run(.subject(Mute())).isEmpty)
        #expect(run(.subject(Mute()), mode: .differences).isEmpty)
    }

    @Test("a requirement names each collection without a drop and each operation never answered")
    func requirement() {
        var c = Coverage()
        c.drops = ["todo": 3]
        c.operations = [.move: 2]
        let r = CoverageRequirement(collections: ["todo", "done"], operations: [.move, .copy])
        #expect(
            r.unmet(by: c) == [
                "coverage: collection \"done\" never received a drop", "coverage: operation copy was never answered at a drop",
            ])
        c.drops["done"] = 1
        c.operations[.copy] = 1
        #expect(r.unmet(by: c).isEmpty)
    }

    @Test("coverage reads back from its json and adds up")
    func json() {
        let c = run(.applier(.canonical), runs: 300)
        var w = Coverage()
        w.add(c)
        w.add(c)
        #expect(w.operations[.move] == 2 * (c.operations[.move] ?? 0))
        #expect(w.adding(Coverage()) == w)
    }

    @Test("a library call without runs is a time budget; DRAGREPLAY_FUZZ_TIME deepens it; runs alone fix the count")
    func budget() {
        #expect(FuzzBudget.resolve(runs: nil, seconds: nil, environment: nil) == (nil, FuzzBudget.defaultSeconds))
        #expect(FuzzBudget.resolve(runs: nil, seconds: nil, environment: "600") == (nil, 600))
        #expect(FuzzBudget.resolve(runs: nil, seconds: nil, environment: "soon") == (nil, FuzzBudget.defaultSeconds))
        #expect(FuzzBudget.resolve(runs: nil, seconds: nil, environment: "-1") == (nil, FuzzBudget.defaultSeconds))
        #expect(FuzzBudget.resolve(runs: 500, seconds: nil, environment: "600") == (500, nil))
        #expect(FuzzBudget.resolve(runs: 500, seconds: 1, environment: nil) == (500, 1))
        #expect(FuzzBudget.defaultSeconds == 2)
        let capped = ApplyFuzzer.check(.canonical, options: ApplyFuzzer.Options(runs: 50, seconds: 600))
        #expect(capped.runs == 50)
        #expect(!capped.coverage.isEmpty)
    }

    @Test("a required collection the run never dropped into fails the report, naming it")
    func requiredInTheLibrary() {
        var options = ApplyFuzzer.Options(runs: 200, collections: 3)
        options.requiredCoverage = CoverageRequirement(collections: ["c0", "templates"])
        let report = ApplyFuzzer.check(.canonical, options: options)
        #expect(report.unmetCoverage == ["coverage: collection \"templates\" never received a drop"])
        #expect(report.description.contains("coverage: collection \"templates\" never received a drop"))
    }
}

/// insert-before-remove, slowed: every request waits 1 ms, so the cases
/// before the first deadline check outlast a tiny `--time`.
private struct SlowBuggy: ReorderSubject {
    typealias ItemID = Int
    typealias CollectionID = Int
    var base = InProcessSubject<Int, Int>(applier: .insertBeforeRemove)
    var name: String { "slow insert-before-remove" }
    var configures: Bool { false }
    mutating func handle(_ request: SubjectRequest<Int, Int>) throws(SubjectFailure) -> SubjectAnswer<Int, Int> {
        Thread.sleep(forTimeInterval: 0.001)
        return try base.handle(request)
    }
}

@Suite("--time bounds shrinking (issue 22)")
struct TimeBoundsShrinkingTests {
    func campaign(seconds: Double?) -> CampaignSummary {
        var options = CampaignOptions(
            applierName: "insert-before-remove", applier: .insertBeforeRemove, mode: .sessions, runs: 64, seconds: seconds, seed: 5,
            jobs: 1, shard: (0, 1), outDirectory: temporaryDirectory())
        options.code = { _ in .subject(SlowBuggy()) }
        options.shrinkAttempts = 300
        return runCampaign(options)
    }

    @Test("past the deadline the shrinker stops at once and the failing case it has is still written")
    func stopsShrinking() throws {
        // 64 slow cases run before the first deadline check: shrinking starts past it.
        let bounded = campaign(seconds: 0.1)
        let whole = campaign(seconds: nil)
        let cut = try #require(bounded.findings.first, "the raw reproducer is kept")
        let full = try #require(whole.findings.first { $0.finding.invariant == cut.finding.invariant })
        #expect(full.finding.shrinkAttempts > 1)
        #expect(cut.finding.shrinkAttempts < full.finding.shrinkAttempts)
        #expect(cut.finding.eventLines >= full.finding.eventLines)
        #expect(FileManager.default.fileExists(atPath: cut.path))
    }
}
