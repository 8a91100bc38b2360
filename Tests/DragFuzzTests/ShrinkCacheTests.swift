import DragFuzz
import ReorderCore
import Testing

/// Issue 41 item 6: a campaign's shrinks against an app share what their
/// candidates did (`ShrinkCache`), so a candidate met again (in a later
/// round, or in another case's shrink that converged) is not run again:
/// for a crashing app each run saved is a restart. The shrink ends where it
/// ends without the cache, attempt for attempt.
@Suite("Shrink cache")
struct ShrinkCacheTests {
    static let runner = CaseRunner(applier: .insertBeforeRemove, mode: .sessions)

    /// Case 412 of seed 9 (nine steps), which `insertBeforeRemove` fails (as `ShrinkerTests`).
    static func failing() throws -> [UInt64] {
        var c = ChoiceSequence(seed: Xoshiro256.caseSeed(9, 412))
        let result = runner.run(&c)
        try #require(result.violation?.invariant == .placement)
        return c.choices
    }

    @Test("with the cache: the same shrunk case and attempts, and runs + known = attempts with some known")
    func sameResultFewerRuns() throws {
        let start = try Self.failing()
        let plain = Shrinker(runner: Self.runner, invariant: .placement).shrink(start)
        var cached = Shrinker(runner: Self.runner, invariant: .placement)
        let cache = ShrinkCache()
        cached.cache = cache
        let shrunk = cached.shrink(start)
        #expect(shrunk.choices == plain.choices)
        #expect(shrunk.attempts == plain.attempts)
        #expect(shrunk.result.fuzzCase.steps.count == plain.result.fuzzCase.steps.count)
        let tally = cache.tally
        #expect(tally.runs + tally.hits == plain.attempts, "\(tally) of \(plain.attempts)")
        #expect(tally.hits > 0 && tally.runs < plain.attempts, "\(tally)")
    }

    @Test("a second shrink of the same case with the same cache runs nothing and ends in the same case")
    func secondShrinkRunsNothing() throws {
        let start = try Self.failing()
        var shrinker = Shrinker(runner: Self.runner, invariant: .placement)
        let cache = ShrinkCache()
        shrinker.cache = cache
        let first = shrinker.shrink(start)
        let runs = cache.tally.runs
        let second = shrinker.shrink(start)
        #expect(cache.tally.runs == runs, "\(cache.tally.runs - runs) candidates ran again")
        #expect(second.choices == first.choices && second.attempts == first.attempts)
    }

    @Test("past its limit the cache keeps no more candidates: they run again, with the same result")
    func limit() throws {
        let start = try Self.failing()
        var shrinker = Shrinker(runner: Self.runner, invariant: .placement)
        let cache = ShrinkCache(limit: 0)
        shrinker.cache = cache
        let shrunk = shrinker.shrink(start)
        #expect(cache.tally.hits == 0)
        #expect(cache.tally.runs == shrunk.attempts)
        #expect(shrunk.choices == Shrinker(runner: Self.runner, invariant: .placement).shrink(start).choices)
    }
}
