import ReorderConformance
import ReorderCore

/// Minimizes a failing choice sequence, Hypothesis-style: every candidate is
/// a choice sequence replayed through the generator, so every shrunk case is
/// valid by construction. Deterministic: it counts attempts, not seconds, so
/// the same failure always shrinks to the same case.
///
/// Passes, repeated until none helps: delete blocks of choices (fewer
/// events, items, sessions, collections), zero blocks (simplest choices:
/// drag events over mutations, entry centres over free coordinates), and
/// lower single values (smaller numbers).
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

    public func shrink(_ start: [UInt64]) -> ShrinkResult {
        var attempts = 0
        guard var best = attempt(start, &attempts) else {
            var c = ChoiceSequence(replaying: start)
            return ShrinkResult(choices: start, result: runner.run(&c, code: code), attempts: attempts)
        }
        var improved = true
        while improved && canTry(attempts) {
            improved = false
            // 0. Delete whole steps (their choices start at known places).
            var step = best.result.stepStarts.count - 1
            while step >= 0 && canTry(attempts) {
                let starts = best.result.stepStarts
                // Trailing zeros are trimmed, so a last step may start past the end.
                if step < starts.count && starts[step] < best.choices.count {
                    let end = step + 1 < starts.count ? starts[step + 1] : best.choices.count
                    var candidate = best.choices
                    candidate.removeSubrange(starts[step]..<min(end, candidate.count))
                    if let better = attempt(candidate, &attempts), better.isSimpler(than: best) {
                        best = better
                        improved = true
                    }
                }
                step -= 1
            }
            // 0b. Delete two steps together, up to three apart: a lift and its
            // drop go or stay together (either alone makes the other something else).
            var first = best.result.stepStarts.count - 2
            while first >= 0 && canTry(attempts) {
                for gap in 1...3 where canTry(attempts) {
                    let starts = best.result.stepStarts
                    let second = first + gap
                    guard second < starts.count, starts[second] < best.choices.count else { continue }
                    func range(_ k: Int) -> Range<Int> {
                        starts[k]..<min(k + 1 < starts.count ? starts[k + 1] : best.choices.count, best.choices.count)
                    }
                    var candidate = best.choices
                    candidate.removeSubrange(range(second))
                    candidate.removeSubrange(range(first))
                    if let better = attempt(candidate, &attempts), better.isSimpler(than: best) {
                        best = better
                        improved = true
                        break
                    }
                }
                first -= 1
            }
            // 1. Delete blocks, largest first, from the end (later choices depend on earlier ones).
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
                    if let better = attempt(candidate, &attempts), better.isSimpler(than: best) {
                        best = better
                        improved = true
                    }
                    i -= 1
                }
            }
            // 2. Zero blocks.
            for size in [8, 4, 2, 1] {
                var i = 0
                while i + size <= best.choices.count && canTry(attempts) {
                    if best.choices[i..<(i + size)].contains(where: { $0 != 0 }) {
                        var candidate = best.choices
                        for j in i..<(i + size) { candidate[j] = 0 }
                        if let better = attempt(candidate, &attempts), better.isSimpler(than: best) {
                            best = better
                            improved = true
                        }
                    }
                    i += 1
                }
            }
            // 3. Lower a value and delete a small block of the choices that
            // follow it: a count that drops (fewer collections, fewer items) no
            // longer draws what the dropped elements drew, so the rest realigns.
            var j = 0
            lowering: while j < best.choices.count && canTry(attempts) {
                if best.choices[j] > 0 {
                    for p in (j + 1)..<min(j + 17, best.choices.count) {
                        for k in 1...4 where p + k <= best.choices.count && canTry(attempts) {
                            var candidate = best.choices
                            candidate[j] -= 1
                            candidate.removeSubrange(p..<(p + k))
                            if let better = attempt(candidate, &attempts), better.isSimpler(than: best) {
                                best = better
                                improved = true
                                continue lowering
                            }
                        }
                    }
                }
                j += 1
            }
            // 4. Lower single values: halve, then step down.
            var i = 0
            while i < best.choices.count && canTry(attempts) {
                var v = best.choices[i]
                while v > 0 && i < best.choices.count && canTry(attempts) {
                    var candidate = best.choices
                    candidate[i] = v / 2
                    if let better = attempt(candidate, &attempts), better.isSimpler(than: best) {
                        best = better
                        improved = true
                        v = candidate[i]
                        continue
                    }
                    candidate[i] = v - 1
                    if let better = attempt(candidate, &attempts), better.isSimpler(than: best) {
                        best = better
                        improved = true
                        v = candidate[i]
                        continue
                    }
                    break
                }
                i += 1
            }
        }
        return ShrinkResult(choices: best.choices, result: best.result, attempts: attempts)
    }

    struct Candidate {
        var choices: [UInt64]
        var result: CaseRunner.Result

        /// Fewer steps first, then fewer choices, then shortlex.
        func isSimpler(than other: Candidate) -> Bool {
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
    func attempt(_ choices: [UInt64], _ attempts: inout Int) -> Candidate? {
        attempts += 1
        var sequence = ChoiceSequence(replaying: choices)
        let result = runner.run(&sequence, code: code)
        guard let v = result.violation, v.invariant == invariant, signature == nil || v.signature == signature else { return nil }
        // Past its end a replayed sequence yields 0: trailing zeros are free,
        // and must not make a candidate look longer than the same case without
        // them (a drop draws one choice more than a move, its `deferred` flag).
        var used = sequence.choices
        while used.last == 0 { used.removeLast() }
        return Candidate(choices: used, result: result)
    }
}
