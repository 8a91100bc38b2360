import ReorderConformance
import ReorderCore
import Synchronization

/// Minimizes a failing choice sequence, Hypothesis-style: every candidate is
/// a choice sequence replayed through the generator, so every shrunk case is
/// valid by construction. Deterministic: it counts attempts, not seconds, so
/// the same failure always shrinks to the same case.
///
/// Passes (`ShrinkPass`, each a method with its contract), repeated until
/// none helps: delete steps and pairs of steps, delete blocks of choices
/// (fewer events, items, sessions, collections), zero blocks (simplest
/// choices), lower a value with the choices it drew, and lower single values
/// (smaller numbers). A candidate is kept only when it still fails the same
/// way and is simpler (`Candidate.isSimpler`): fewer steps, then fewer
/// choices, then shortlex. The model is Hypothesis's `shrinker.py`. Last,
/// once, `intoFrame` moves a failing point out of the gap between two
/// board columns, when it still fails inside one.
public struct Shrinker: Sendable {
    public var runner: CaseRunner
    /// What each candidate runs against (an app: every candidate is a case of it).
    public var code: CodeUnderTest?
    public var invariant: Invariant
    /// When set, a candidate must also fail with this `Violation.signature`.
    public var signature: String?
    public var maxAttempts: Int
    /// Checked before every attempt: when it turns true (SIGTERM), the best
    /// case so far is returned at once.
    public var shouldStop: @Sendable () -> Bool = { false }
    /// Candidates already run, shared by the shrinks of one campaign's app
    /// (`nil`: every candidate runs). A candidate met again counts as an
    /// attempt but is not run again, so the result is the same, with fewer
    /// runs (each failing one a restart of a crashing app).
    package var cache: ShrinkCache?

    public init(runner: CaseRunner, invariant: Invariant, maxAttempts: Int = 20_000) {
        self.runner = runner
        self.invariant = invariant
        self.maxAttempts = maxAttempts
    }

    /// Shrinks towards smaller cases of `violation`'s kind: its invariant,
    /// and for `configuration` its kind of disagreement (`Violation.signature`),
    /// so a wrong column does not shrink into a column that does not exist.
    public init(runner: CaseRunner, keeping violation: Violation, maxAttempts: Int = 20_000) {
        self.init(runner: runner, invariant: violation.invariant, maxAttempts: maxAttempts)
        if violation.invariant == .configuration { signature = violation.signature }
    }

    /// The smallest failing case found, its choices, and the attempts it took.
    public struct ShrinkResult: Sendable {
        public var choices: [UInt64]
        public var result: CaseRunner.Result
        public var attempts: Int
    }

    /// Runs every `ShrinkPass`, in order, until a whole round of them finds
    /// nothing simpler (or the attempts run out, or a stop is asked for).
    public func shrink(_ start: [UInt64]) -> ShrinkResult {
        var attempts = 0
        guard var best = attempt(start, &attempts) else {
            var c = ChoiceSequence(replaying: start)
            return ShrinkResult(choices: start, result: runner.run(&c, code: code), attempts: attempts)
        }
        var improved = true
        while improved && canTry(attempts) {
            improved = false
            for pass in ShrinkPass.allCases {
                if run(pass, on: &best, attempts: &attempts) { improved = true }
            }
        }
        if canTry(attempts) { intoFrame(&best, &attempts) }
        return ShrinkResult(choices: best.choices, result: best.result, attempts: attempts)
    }

    /// Once the rounds are done: a failing step whose finger lies in the
    /// gap between two board columns is tried a hundredth of a point
    /// inside the column after the gap, then the one before it (the
    /// generator's boundary location, `[2, 0, 0, c]`), and the first that
    /// still fails the same way is kept, though it is not simpler by
    /// `Candidate.isSimpler` (one choice more): a point inside a column
    /// convinces where a point in a gap reads as a quibble about the gap.
    /// Not a `ShrinkPass`: the rounds would take it back out of the column.
    func intoFrame(_ best: inout Candidate, _ attempts: inout Int) {
        let result = best.result
        guard let v = result.violation, let span = result.locationChoices[v.step], v.step >= 0, v.step < result.fuzzCase.steps.count,
            let p = result.fuzzCase.steps[v.step].location?.point,
            case .board(let columnWidth, let spacing, _, _, _) = result.fuzzCase.layout.kind, spacing > 0, columnWidth > 0
        else { return }
        let pitch = columnWidth + spacing
        let column = (p.x / pitch).rounded(.down)
        let count = result.fuzzCase.container.collections.count
        // Inside a column, or not between two: nothing to move.
        guard p.x >= 0, p.x - column * pitch >= columnWidth, column + 1 < Double(count) else { return }
        for c in [Int(column) + 1, Int(column)] where c >= 0 && c < count && canTry(attempts) {
            var candidate = best.choices
            if candidate.count < span.upperBound { candidate += Array(repeating: 0, count: span.upperBound - candidate.count) }
            candidate.replaceSubrange(span, with: [2, 0, 0, UInt64(c)])
            if let moved = attempt(candidate, &attempts) {
                best = moved
                return
            }
        }
    }

    /// Runs one pass over `best`, replacing it by every simpler failing
    /// candidate the pass finds; whether it found one.
    package func run(_ pass: ShrinkPass, on best: inout Candidate, attempts: inout Int) -> Bool {
        switch pass {
        case .deleteSteps: deleteSteps(&best, &attempts)
        case .deleteStepPairs: deleteStepPairs(&best, &attempts)
        case .deleteBlocks: deleteBlocks(&best, &attempts)
        case .zeroBlocks: zeroBlocks(&best, &attempts)
        case .lowerAndDelete: lowerAndDelete(&best, &attempts)
        case .lowerValues: lowerValues(&best, &attempts)
        }
    }

    /// Tries `choices`; keeps the candidate in `best` when it still fails the
    /// same way and is simpler.
    func improve(_ best: inout Candidate, with choices: [UInt64], _ attempts: inout Int) -> Bool {
        guard let better = attempt(choices, &attempts), better.isSimpler(than: best) else { return false }
        best = better
        return true
    }

    /// `deleteSteps`: deletes each step's choices, last step first (a step's
    /// choices start at `Result.stepStarts`). Keeps every deletion that still
    /// fails; the steps after it regenerate from the choices that follow.
    func deleteSteps(_ best: inout Candidate, _ attempts: inout Int) -> Bool {
        var improved = false
        var step = best.result.stepStarts.count - 1
        while step >= 0 && canTry(attempts) {
            let starts = best.result.stepStarts
            // Trailing zeros are trimmed, so a last step may start past the end.
            if step < starts.count && starts[step] < best.choices.count {
                let end = step + 1 < starts.count ? starts[step + 1] : best.choices.count
                var candidate = best.choices
                candidate.removeSubrange(starts[step]..<min(end, candidate.count))
                if improve(&best, with: candidate, &attempts) { improved = true }
            }
            step -= 1
        }
        return improved
    }

    /// `deleteStepPairs`: deletes two steps together, up to three apart, the
    /// later pair first: a lift and its drop go or stay together (either
    /// alone makes the other something else). Keeps the first pair that
    /// still fails for each first step.
    func deleteStepPairs(_ best: inout Candidate, _ attempts: inout Int) -> Bool {
        var improved = false
        var first = best.result.stepStarts.count - 2
        while first >= 0 && canTry(attempts) {
            for gap in 1...3 where canTry(attempts) {
                let starts = best.result.stepStarts
                let second = first + gap
                guard second < starts.count, starts[second] < best.choices.count else { continue }
                let count = best.choices.count
                func range(_ k: Int) -> Range<Int> { starts[k]..<min(k + 1 < starts.count ? starts[k + 1] : count, count) }
                var candidate = best.choices
                candidate.removeSubrange(range(second))
                candidate.removeSubrange(range(first))
                if improve(&best, with: candidate, &attempts) {
                    improved = true
                    break
                }
            }
            first -= 1
        }
        return improved
    }

    /// `deleteBlocks`: deletes runs of 16, 8, 4, 2 and 1 choices, largest
    /// first, from the end (later choices depend on earlier ones): fewer
    /// events, items, sessions, collections. Keeps every deletion that
    /// still fails.
    func deleteBlocks(_ best: inout Candidate, _ attempts: inout Int) -> Bool {
        var improved = false
        for size in [16, 8, 4, 2, 1] {
            var i = best.choices.count - size
            while i >= 0 && canTry(attempts) {
                // An accepted candidate may be shorter by more than `size`
                // (its trailing zeros are trimmed): stay inside it.
                if i + size > best.choices.count {
                    i = best.choices.count - size
                    continue
                }
                var candidate = best.choices
                candidate.removeSubrange(i..<min(i + size, candidate.count))
                if improve(&best, with: candidate, &attempts) { improved = true }
                i -= 1
            }
        }
        return improved
    }

    /// `zeroBlocks`: sets runs of 8, 4, 2 and 1 choices to 0, from the start,
    /// skipping runs already zero: the simplest choices (drag events over
    /// mutations, entry centres over free coordinates). Keeps every run that
    /// still fails.
    func zeroBlocks(_ best: inout Candidate, _ attempts: inout Int) -> Bool {
        var improved = false
        for size in [8, 4, 2, 1] {
            var i = 0
            while i + size <= best.choices.count && canTry(attempts) {
                if best.choices[i..<(i + size)].contains(where: { $0 != 0 }) {
                    var candidate = best.choices
                    for j in i..<(i + size) { candidate[j] = 0 }
                    if improve(&best, with: candidate, &attempts) { improved = true }
                }
                i += 1
            }
        }
        return improved
    }

    /// `lowerAndDelete`: lowers a value by one and deletes 1 to 4 choices
    /// starting at one of the 16 after it: a count that drops (fewer collections, fewer items)
    /// no longer draws what the dropped elements drew, so the rest realigns.
    /// Keeps the first that still fails, then tries the same value again.
    func lowerAndDelete(_ best: inout Candidate, _ attempts: inout Int) -> Bool {
        var improved = false
        var j = 0
        lowering: while j < best.choices.count && canTry(attempts) {
            if best.choices[j] > 0 {
                for p in (j + 1)..<min(j + 17, best.choices.count) {
                    for k in 1...4 where p + k <= best.choices.count && canTry(attempts) {
                        var candidate = best.choices
                        candidate[j] -= 1
                        candidate.removeSubrange(p..<(p + k))
                        if improve(&best, with: candidate, &attempts) {
                            improved = true
                            continue lowering
                        }
                    }
                }
            }
            j += 1
        }
        return improved
    }

    /// `lowerValues`: lowers each value on its own, from the start: halves
    /// it, else takes one off, for as long as the case still fails (smaller
    /// numbers: earlier entries, shorter distances).
    func lowerValues(_ best: inout Candidate, _ attempts: inout Int) -> Bool {
        var improved = false
        var i = 0
        while i < best.choices.count && canTry(attempts) {
            var v = best.choices[i]
            while v > 0 && i < best.choices.count && canTry(attempts) {
                var candidate = best.choices
                candidate[i] = v / 2
                if improve(&best, with: candidate, &attempts) {
                    improved = true
                    v = candidate[i]
                    continue
                }
                candidate[i] = v - 1
                if improve(&best, with: candidate, &attempts) {
                    improved = true
                    v = candidate[i]
                    continue
                }
                break
            }
            i += 1
        }
        return improved
    }

    /// A failing case: the choices it used (trailing zeros trimmed) and its run.
    package struct Candidate {
        package var choices: [UInt64]
        package var result: CaseRunner.Result

        /// Fewer steps first, then fewer choices, then shortlex.
        package func isSimpler(than other: Candidate) -> Bool {
            let a = result.fuzzCase.steps.count
            let b = other.result.fuzzCase.steps.count
            if a != b { return a < b }
            if choices.count != other.choices.count { return choices.count < other.choices.count }
            return choices.lexicographicallyPrecedes(other.choices)
        }
    }

    /// Attempts left, and no stop requested.
    func canTry(_ attempts: Int) -> Bool { attempts < maxAttempts && !shouldStop() }

    /// The candidate, cut to the choices it used, when it still breaks the invariant.
    package func attempt(_ choices: [UInt64], _ attempts: inout Int) -> Candidate? {
        attempts += 1
        // Past its end a replayed sequence yields 0: trailing zeros are free,
        // and must not make a candidate look longer than the same case without
        // them (a drop draws one choice more than a move, its `deferred` flag).
        var key = choices
        while key.last == 0 { key.removeLast() }
        let outcome: ShrinkCache.Outcome
        if let known = cache?.outcome(of: key) {
            outcome = known
        } else {
            var sequence = ChoiceSequence(replaying: choices)
            let result = runner.run(&sequence, code: code)
            // A stop that came during the run may have cut it short (an app's wait is woken).
            if shouldStop() { return nil }
            var used = sequence.choices
            while used.last == 0 { used.removeLast() }
            outcome = ShrinkCache.Outcome(failure: result.violation == nil ? nil : result, used: used)
            cache?.keep(outcome, of: key)
        }
        guard let result = outcome.failure, let v = result.violation, v.invariant == invariant, signature == nil || v.signature == signature
        else { return nil }
        return Candidate(choices: outcome.used, result: result)
    }
}

/// The outcome of every candidate a campaign's shrinker ran against one
/// runner and app, by its choices (trailing zeros trimmed): a candidate met
/// again, in a later round or in the shrink of another case of the same
/// bug (they converge), is not run again. Runs are deterministic for a
/// given runner, so the shrinks end where they would without it (the fresh
/// process's run of the result still confirms each finding).
package final class ShrinkCache: Sendable {
    /// A run's failing result (`nil`: it passed) and the choices it used.
    package struct Outcome: Sendable {
        var failure: CaseRunner.Result?
        var used: [UInt64]
    }

    private let outcomes = Mutex<[[UInt64]: Outcome]>([:])
    private let counts = Mutex<(runs: Int, hits: Int)>((0, 0))
    /// The most candidates kept: past it new ones run and are not kept.
    package let limit: Int

    package init(limit: Int = 100_000) { self.limit = limit }

    func outcome(of key: [UInt64]) -> Outcome? {
        let known = outcomes.withLock { $0[key] }
        counts.withLock { if known == nil { $0.runs += 1 } else { $0.hits += 1 } }
        return known
    }

    func keep(_ outcome: Outcome, of key: [UInt64]) {
        outcomes.withLock { if $0.count < limit { $0[key] = outcome } }
    }

    /// Candidates run (not found here), and candidates found here.
    package var tally: (runs: Int, hits: Int) { counts.withLock { $0 } }
}
