import DragFuzz
import ReorderCore
import Testing

/// Each pass of the shrinker on its own, on a case that the planted
/// forward-move bug (`insertBeforeRemove`) fails: the pass finds
/// a simpler failing case of the kind its contract names, and what it keeps
/// still fails the same way when regenerated from its choices alone.
@Suite("Shrinker passes")
struct ShrinkerTests {
    static let runner = CaseRunner(applier: .insertBeforeRemove, mode: .sessions)
    static let shrinker = Shrinker(runner: runner, invariant: .placement)

    /// Case 412 of seed 9 (nine steps, two sessions), as the shrinker holds
    /// it: chosen as a case where every pass has work to do, also after the
    /// passes before it have done theirs.
    static func failing() throws -> Shrinker.Candidate {
        var c = ChoiceSequence(seed: Xoshiro256.caseSeed(9, 412))
        let result = runner.run(&c)
        try #require(result.violation?.invariant == .placement)
        try #require(result.fuzzCase.steps.count == 9)
        var attempts = 0
        return try #require(shrinker.attempt(c.choices, &attempts))
    }

    /// `best` after `passes` until none of them helps.
    static func settled(_ best: Shrinker.Candidate, by passes: [ShrinkPass]) -> Shrinker.Candidate {
        var best = best
        var attempts = 0
        var improved = true
        while improved {
            improved = false
            for pass in passes {
                if shrinker.run(pass, on: &best, attempts: &attempts) { improved = true }
            }
        }
        return best
    }

    /// Runs `pass` once; checks it helped and that its result still fails
    /// `placement` when replayed from its choices (it went through the generator).
    static func once(_ pass: ShrinkPass, on start: Shrinker.Candidate) -> Shrinker.Candidate {
        var best = start
        var attempts = 0
        #expect(shrinker.run(pass, on: &best, attempts: &attempts), "\(pass) found nothing simpler")
        #expect(attempts > 0)
        #expect(best.isSimpler(than: start))
        var replay = ChoiceSequence(replaying: best.choices)
        let again = runner.run(&replay)
        #expect(again.violation?.invariant == .placement)
        #expect(again.fuzzCase.steps.count == best.result.fuzzCase.steps.count)
        return best
    }

    @Test("the passes run in their contract's order")
    func order() {
        #expect(ShrinkPass.allCases == [.deleteSteps, .deleteStepPairs, .deleteBlocks, .zeroBlocks, .lowerAndDelete, .lowerValues])
    }

    @Test("deleteSteps: fewer steps")
    func deleteSteps() throws {
        let start = try Self.failing()
        let best = Self.once(.deleteSteps, on: start)
        #expect(best.result.fuzzCase.steps.count < start.result.fuzzCase.steps.count)
    }

    @Test("deleteStepPairs: fewer steps where no single step can go")
    func deleteStepPairs() throws {
        let start = Self.settled(try Self.failing(), by: [.deleteSteps])
        let best = Self.once(.deleteStepPairs, on: start)
        #expect(best.result.fuzzCase.steps.count <= start.result.fuzzCase.steps.count - 2)
    }

    @Test("deleteBlocks: fewer choices")
    func deleteBlocks() throws {
        let start = Self.settled(try Self.failing(), by: [.deleteSteps, .deleteStepPairs])
        let best = Self.once(.deleteBlocks, on: start)
        #expect(best.choices.count < start.choices.count)
    }

    @Test("zeroBlocks: more zero choices, or fewer choices")
    func zeroBlocks() throws {
        let start = try Self.failing()
        let best = Self.once(.zeroBlocks, on: start)
        #expect(best.choices.filter { $0 == 0 }.count > start.choices.filter { $0 == 0 }.count || best.choices.count < start.choices.count)
    }

    @Test("lowerAndDelete: a value lowered with choices after it deleted")
    func lowerAndDelete() throws {
        let start = Self.settled(try Self.failing(), by: [.deleteSteps, .deleteStepPairs, .deleteBlocks, .zeroBlocks])
        let best = Self.once(.lowerAndDelete, on: start)
        #expect(best.choices.count < start.choices.count)
    }

    @Test("lowerValues: no more choices, their sum smaller")
    func lowerValues() throws {
        let start = try Self.failing()
        let best = Self.once(.lowerValues, on: start)
        #expect(best.choices.count <= start.choices.count)
        #expect(best.choices.reduce(0, &+) < start.choices.reduce(0, &+))
    }
}
