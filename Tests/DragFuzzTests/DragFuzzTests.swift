import DragCorpus
import DragFuzz
import DragRecording
import DragReplay
import Foundation
import ReorderConformance
import ReorderCore
import TestSupport
import Testing

func temporaryDirectory() -> String { (try? TestSupport.temporaryDirectory("dragfuzz")) ?? NSTemporaryDirectory() }

func campaign(_ applier: String, runs: Int, seed: UInt64 = 1, jobs: Int = 2, mode: FuzzMode? = nil, shard: (Int, Int) = (0, 1), out: String)
    -> CampaignSummary
{
    runCampaign(
        CampaignOptions(
            applierName: applier, applier: .named(applier)!, mode: mode, runs: runs, seconds: nil, seed: seed,
            jobs: jobs, shard: (shard.0, shard.1), outDirectory: out))
}

@Suite("Choice sequence")
struct ChoiceSequenceTests {
    @Test("a seed fully determines the choices; replaying them regenerates the same case")
    func determinism() {
        var a = ChoiceSequence(seed: 42)
        var b = ChoiceSequence(seed: 42)
        let runner = CaseRunner(applier: .canonical, mode: .sessions)
        let ra = runner.run(&a)
        let rb = runner.run(&b)
        #expect(a.choices == b.choices)
        #expect(ra.fuzzCase.steps == rb.fuzzCase.steps)
        var replay = ChoiceSequence(replaying: a.choices)
        #expect(runner.run(&replay).fuzzCase.steps == ra.fuzzCase.steps)
    }

    @Test("draws stay in range and a replay past its end yields zeros")
    func ranges() {
        var c = ChoiceSequence(replaying: [7, 300])
        #expect(c.draw(9) == 7)
        #expect(c.draw(9) == 0)  // 300 % 10
        #expect(c.draw(5) == 0)
        #expect(c.choices == [7, 0, 0])
    }

    @Test("an empty sequence is the simplest case: one collection, no events")
    func simplest() {
        var c = ChoiceSequence(replaying: [])
        let r = CaseRunner(applier: .canonical, mode: .sessions).run(&c)
        #expect(r.fuzzCase.container.collections.count == 1)
        #expect(r.fuzzCase.steps.isEmpty)
    }
}

@Suite("Fuzzing")
struct FuzzingTests {
    @Test("canonical breaks no invariant", arguments: FuzzMode.allCases)
    func canonicalHolds(mode: FuzzMode) {
        let s = campaign("canonical", runs: 20_000, mode: mode, out: temporaryDirectory())
        #expect(s.failingCases == 0)
        #expect(s.findings.isEmpty)
    }

    @Test(
        "each buggy applier is found; every finding is small, fails under its applier and passes under canonical",
        arguments: ["array-order", "self-anchor-to-end", "insert-before-remove", "offsets"])
    func findsPlantedBugs(applier: String) throws {
        let s = campaign(applier, runs: 4000, out: temporaryDirectory())
        #expect(!s.findings.isEmpty)
        for kept in s.findings {
            let f = kept.finding
            #expect(f.eventLines <= 9, "\(kept.path)")  // 8 events and the final expect, at most
            let buggy = Replayer(options: .init(applier: .named(applier)!)).run(path: kept.path)
            let canonical = Replayer(options: .init(strict: false)).run(path: kept.path)
            #expect(buggy.status == .fail, "\(kept.path)")
            #expect(canonical.status == .pass, "\(kept.path): \(canonical.failures)")
            let text = try String(contentsOfFile: kept.path, encoding: .utf8)
            #expect(text.contains("\"invariant\":\"\(f.invariant.rawValue)\""))
            #expect(text.contains("\"seed\":1"))
        }
    }

    @Test(
        "sessions mode reaches what drags can reach: not an anchor among the sources",
        arguments: [
            ("array-order", true), ("insert-before-remove", true), ("self-anchor-to-end", false),
        ])
    func sessionsModeReach(applier: String, found: Bool) {
        let s = campaign(applier, runs: 4000, mode: .sessions, out: temporaryDirectory())
        #expect(s.findings.isEmpty != found)
    }

    @Test("the same seed and runs write byte-identical findings, whatever the jobs")
    func reproducible() throws {
        let a = temporaryDirectory()
        let b = temporaryDirectory()
        let sa = campaign("insert-before-remove", runs: 3000, jobs: 2, out: a)
        let sb = campaign("insert-before-remove", runs: 3000, jobs: 1, out: b)
        #expect(sa.runs == sb.runs && sa.sessions == sb.sessions && sa.failingCases == sb.failingCases)
        let fa = try FileManager.default.contentsOfDirectory(atPath: a).sorted()
        let fb = try FileManager.default.contentsOfDirectory(atPath: b).sorted()
        #expect(fa == fb)
        #expect(!fa.isEmpty)
        for f in fa { #expect(FileManager.default.contents(atPath: a + "/" + f) == FileManager.default.contents(atPath: b + "/" + f)) }
    }

    // Replaces the round-robin test (shard I had cases I, I + N, ...): with
    // modes alternating case by case, that gave an even N's odd shards no sessions.
    @Test("shards split one campaign into fair, disjoint samples that add up to the whole", arguments: [2, 3, 4, 7])
    func shards(count: Int) {
        let runs = 1001
        let whole = campaign("insert-before-remove", runs: runs, seed: 7, jobs: 2, out: temporaryDirectory())
        var cases: [Int] = []
        var totals = (runs: 0, sessions: 0, failing: 0)
        var coverage = Coverage()
        for index in 0..<count {
            let options = CampaignOptions(
                applierName: "insert-before-remove", applier: .insertBeforeRemove, mode: nil, runs: runs, seconds: nil, seed: 7,
                jobs: 2, shard: (index, count), outDirectory: temporaryDirectory())
            let mine = Array((0...).lazy.map(options.globalCase).prefix { $0 < runs })
            // Both modes: sessions are the even cases, differences the odd ones.
            #expect(mine.contains { $0 % 2 == 0 } && mine.contains { $0 % 2 == 1 })
            #expect(abs(mine.filter { $0 % 2 == 0 }.count - mine.filter { $0 % 2 == 1 }.count) <= 1)
            cases += mine
            let s = campaign("insert-before-remove", runs: runs, seed: 7, jobs: 2, shard: (index, count), out: temporaryDirectory())
            #expect(s.runs == mine.count)
            #expect(s.sessions > 0, "shard \(index)/\(count) ran no session")
            #expect(s.findings.allSatisfy { mine.contains($0.finding.caseIndex!) })
            totals.runs += s.runs
            totals.sessions += s.sessions
            totals.failing += s.failingCases
            coverage.add(s.coverage)
        }
        #expect(cases.sorted() == Array(0..<runs))
        // What the code was exercised with adds up too: each case is counted in the one shard that ran it.
        #expect(!whole.coverage.isEmpty)
        #expect(coverage == whole.coverage)
        #expect(totals.runs == whole.runs && totals.sessions == whole.sessions && totals.failing == whole.failingCases)
    }

    @Test("shrinking reaches the minimal case for a planted forward-move bug")
    func minimal() throws {
        let runner = CaseRunner(applier: .insertBeforeRemove, mode: .sessions)
        var index: UInt64 = 0
        while true {
            var c = ChoiceSequence(seed: Xoshiro256.caseSeed(9, index))
            if let v = runner.run(&c).violation, v.invariant == .placement {
                let shrunk = Shrinker(runner: runner, invariant: .placement).shrink(c.choices)
                // lift one item, drop it: two events are all it takes.
                #expect(shrunk.result.fuzzCase.steps.count == 2)
                #expect(shrunk.result.fuzzCase.container.collections.count == 1)
                break
            }
            index += 1
        }
    }
}

@Suite("Explorer")
struct ExplorerTests {
    @Test("canonical holds on every interleaving of the small scope")
    func canonical() {
        let s = Explorer(applier: .canonical, items: 3, mutations: 2).run()
        #expect(s.violations.isEmpty)
        #expect(s.interleavings > 10_000)
        #expect(s.states < s.steps)  // merged states are not run again
    }

    @Test(
        "the buggy appliers that drags can reach are found",
        arguments: [("insert-before-remove", Invariant.placement), ("array-order", .contiguity), ("offsets", .placement)])
    func buggy(applier: String, invariant: Invariant) {
        let s = Explorer(applier: .named(applier)!, items: 3, mutations: 1).run()
        #expect(s.violations.contains { $0.1.invariant == invariant })
    }
}
