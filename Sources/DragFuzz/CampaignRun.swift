import Dispatch
import DragRecording
import DragSystem
import KnownBugs
import ReorderConformance
import ReorderCore
import Synchronization

/// What became of one failing case the campaign shrank.
enum ProcessOutcome {
    case kept(KeptFinding)
    case duplicate, gone
    /// An app's failure that a fresh process did not repeat.
    case unreproduced
    case failed(SystemError)
    /// The reproducing run was cut short by a hurried stop: tried again
    /// once the workers have stopped.
    case interrupted
}

/// Seconds on the project's one monotonic clock.
func now() -> Double { MonotonicClock.now().seconds }

/// The campaign's shared state, behind one lock.
struct CampaignLedger: ~Copyable {
    var runs = 0
    var sessions = 0
    var failingCases = 0
    var unreproduced = 0
    /// Per worker: the next local case index it will run; every smaller one
    /// of that worker is done.
    var next: [Int]
    /// Failing cases not yet shrunk, per invariant, in case order; only as
    /// many as could still be shrunk are kept (the smallest ones).
    var candidates: [Invariant: [Candidate]] = [:]
    var shrunk: [Invariant: Int] = [:]
    var kept: [Invariant: Int] = [:]
    var keys = Set<FindingKey>()
    var findings: [KeptFinding] = []
    var writeFailures: [SystemError] = []
    var shrinkSeconds = 0.0
    var processing = false
    var coverage = Coverage()
    var offered = CoverageRequirement()
    /// The largest value reported per label (`FuzzTarget`).
    var targets: [String: Double] = [:]
    var steered = 0

    init(jobs: Int) { next = Array(0..<jobs) }

    /// Every local index below this is done by every worker.
    var watermark: Int { next.min() ?? .max }
}

/// A failing case to shrink: its local index, its mode, and for a steered
/// case (`TargetSteering`) the choices that made it, which its index alone
/// does not give.
struct Candidate {
    var local: Int
    var mode: FuzzMode
    var choices: [UInt64]?

    /// The case's choices, to run it again.
    func sequence(seed: UInt64, global: Int) -> ChoiceSequence {
        choices.map { ChoiceSequence(replaying: $0) } ?? ChoiceSequence(seed: Xoshiro256.caseSeed(seed, UInt64(global)))
    }
}

/// Runs a campaign: cases in parallel, each failure shrunk and written as
/// soon as every earlier case is done. Taking failures in case order keeps
/// the findings deterministic (the same `--seed` and `--runs` give the same
/// files whatever `--jobs` is), and writing them as they come means a
/// `kill -9` loses at most the one being shrunk: its unshrunk reproducer is
/// already on disk.
public func runCampaign(_ options: CampaignOptions) -> CampaignSummary {
    CampaignRun(options).run()
}

/// One campaign's workers and ledger.
final class CampaignRun: Sendable {
    let options: CampaignOptions
    let jobs: Int
    let ledger: Mutex<CampaignLedger>
    let start: Double
    let store: FindingStore
    /// `resumeAfterStop` ran: apps' waits work again.
    let resumed = Atomic<Bool>(false)
    /// An app's shrinks share what their candidates did, per mode (each
    /// mode its own runner): shrinks of one bug converge, and a candidate
    /// run once is not run again (a crash costs a restart).
    let shrinkCaches: [FuzzMode: ShrinkCache]

    init(_ options: CampaignOptions) {
        self.options = options
        start = options.started ?? now()
        jobs = max(1, options.jobs)
        ledger = Mutex(CampaignLedger(jobs: max(1, options.jobs)))
        store = FindingStore(directory: options.outDirectory)
        shrinkCaches = Dictionary(uniqueKeysWithValues: FuzzMode.allCases.map { ($0, ShrinkCache()) })
    }

    /// The campaign-wide index and mode of a shard's local case `k`. Cases
    /// go to shards in pairs (`2p` sessions, `2p + 1` differences, pair `p`
    /// to shard `p % count`): every shard gets both modes half and half for
    /// any count, where dealing single cases round robin gave an even count's
    /// odd shards only differences. Each case is still a function of the
    /// seed and its global index alone (layouts and sizes come from its own
    /// choice sequence), so the shards' union is the unsharded campaign.
    func plan(_ k: Int) -> (global: Int, mode: FuzzMode) {
        let global = options.globalCase(k)
        return (global, options.mode ?? (global % 2 == 0 ? .sessions : .differences))
    }

    /// Whether an app's failure may be the stop's own doing: a hurried stop
    /// wakes every wait on an app (the CLI's `AppInterruption`) until the
    /// workers have stopped and `resumeAfterStop` ran. Such a case is not
    /// counted and its failure is no finding.
    /// Past `--time` the same holds: an app's waits end at the deadline
    /// (`AppSubject.deadline`), so its failure then is the deadline's doing.
    func cutShort(_ violation: Violation?, _ code: CodeUnderTest) -> Bool {
        if code.isProcess, violation?.invariant.isSubjectFailure == true, pastDeadline { return true }
        guard code.isProcess, options.resumeAfterStop != nil, !resumed.load(ordering: .acquiring), options.shouldHurry() else {
            return false
        }
        return violation?.invariant.isSubjectFailure == true
    }

    /// `--time` bounds the whole run, shrinking too.
    var pastDeadline: Bool {
        guard let deadline = options.deadline(from: start) else { return false }
        return now() >= deadline
    }

    func run() -> CampaignSummary {
        DispatchQueue.concurrentPerform(iterations: jobs) { worker in work(worker) }
        let elapsed = now() - start
        let interrupted = options.shouldStop()
        if let resume = options.resumeAfterStop {
            resume()
            resumed.store(true, ordering: .releasing)
        }
        process(0)  // whatever is left now that every worker is done
        return ledger.withLock { l in
            var summary = CampaignSummary(
                runs: l.runs, sessions: l.sessions, failingCases: l.failingCases,
                findings: l.findings.sorted { ($0.finding.caseIndex ?? 0, $0.path) < ($1.finding.caseIndex ?? 0, $1.path) },
                writeFailures: l.writeFailures, unreproduced: l.unreproduced, elapsed: elapsed, shrinkSeconds: l.shrinkSeconds,
                interrupted: interrupted, coverage: l.coverage, offered: l.offered)
            summary.targets = l.targets
            summary.steeredCases = l.steered
            let tallies = shrinkCaches.values.map(\.tally)
            summary.shrinkCandidates = (tallies.reduce(0) { $0 + $1.runs }, tallies.reduce(0) { $0 + $1.hits })
            // Left unwritten only when the deadline stopped their reproduction.
            summary.unwritten = l.candidates.reduce(0) { n, entry in
                l.kept[entry.key, default: 0] >= options.findingsPerInvariant ? n : n + entry.value.count
            }
            return summary
        }
    }

    /// One worker: cases `worker`, `worker + jobs`, ... in order.
    func work(_ worker: Int) {
        let code = options.code(for: worker)
        var k = worker
        var local = 0
        var counted = 0
        var steeredCounted = 0
        var localSessions = 0
        var localFailing = 0
        var localCoverage = Coverage()
        var localOffered = CoverageRequirement()
        // Per worker: a worker's steered cases follow from its own earlier ones.
        var steering = TargetSteering(seed: Xoshiro256.caseSeed(options.seed ^ TargetSteering.seedSalt, UInt64(worker)))
        var lastReport = start
        func flush() {
            ledger.withLock { l in
                l.runs += local - counted
                l.sessions += localSessions
                l.failingCases += localFailing
                l.coverage.add(localCoverage)
                l.offered.add(localOffered)
                for (label, value) in steering.maxima where value > l.targets[label] ?? -.infinity { l.targets[label] = value }
                l.steered += steering.steered - steeredCounted
                l.next[worker] = k
            }
            counted = local
            steeredCounted = steering.steered
            localSessions = 0
            localFailing = 0
            localCoverage = Coverage()
        }
        while true {
            if let runs = options.runs, plan(k).global >= runs { break }
            // Every case, not every 64th: with an app a case takes tens of
            // milliseconds, and 64 of them made SIGTERM wait seconds, and
            // `--time 1` wait 43 s (issue 44 class 7).
            if options.shouldStop() || pastDeadline { break }
            // An app's cases are slow: its failures are shrunk and written
            // as they come, not 64 cases (or the deadline) later.
            if local & 63 == 0 || (code.isProcess && localFailing > 0) {
                if let n = options.stopAfterFindings, ledger.withLock({ $0.findings.count }) >= n { break }
                let t = now()
                flush()
                process(worker)
                if worker == 0, options.progress != nil, t - lastReport >= 0.5 {
                    lastReport = t
                    reportProgress(at: t)
                }
            }
            var (choices, mode, steered) = choices(for: k, local: local, steering: &steering)
            // Counts and the verdict only: a failing case is run again,
            // recording, when it is shrunk (`shrinkAndWrite`).
            var runner = options.runner(mode)
            // Steps are recorded once steering begins: it repeats whole steps.
            runner.recordsSteps = steering.isActive
            let result = runner.run(&choices, code: code)
            // A hurried stop wakes an app's wait: the case was cut short, not failed.
            if cutShort(result.violation, code) { break }
            localSessions += result.sessions
            localCoverage.add(result.coverage)
            localOffered.add(result.offered)
            if !result.targets.isEmpty {
                steering.note(
                    result.targets, choices: choices.choices, mode: mode, starts: result.stepStarts, passed: result.violation == nil)
            }
            if let v = result.violation {
                localFailing += 1
                note(v.invariant, Candidate(local: k, mode: mode, choices: steered ? choices.choices : nil))
            }
            local += 1
            k += jobs
        }
        k = .max
        flush()
        process(worker)
    }

    /// Case `k`'s choices and mode: its own, from the seed and its index; or,
    /// one case in two once the code under test has reported a target, a
    /// steered one (`TargetSteering`).
    func choices(for k: Int, local: Int, steering: inout TargetSteering) -> (ChoiceSequence, FuzzMode, steered: Bool) {
        if let next = steering.next(inPlaceOf: local) { return (next.choices, next.mode, true) }
        let (global, mode) = plan(k)
        return (ChoiceSequence(seed: Xoshiro256.caseSeed(options.seed, UInt64(global))), mode, false)
    }

    /// Hands the progress callback the counts so far.
    func reportProgress(at t: Double) {
        guard let progress = options.progress else { return }
        progress(
            ledger.withLock { l in
                CampaignProgress(
                    runs: l.runs, sessions: l.sessions, failingCases: l.failingCases, findings: l.findings.count, elapsed: t - start)
            })
    }

    /// Records a failing case as a candidate for shrinking, keeping per
    /// invariant only the smallest indices that could still be shrunk.
    func note(_ invariant: Invariant, _ candidate: Candidate) {
        let k = candidate.local
        ledger.withLock { l in
            let room = options.shrinksPerInvariant - l.shrunk[invariant, default: 0]
            guard room > 0 else { return }
            var list = l.candidates[invariant, default: []]
            if list.count < room || k < list.last!.local {
                let at = list.firstIndex { $0.local > k } ?? list.count
                list.insert(candidate, at: at)
                if list.count > room { list.removeLast() }
                l.candidates[invariant] = list
            }
        }
    }

    /// Shrinks and writes the failing cases below the watermark, one at a
    /// time, in case order. One worker at a time does it; the others go on
    /// running cases.
    func process(_ worker: Int) {
        let claimed = ledger.withLock { l in
            if l.processing { return false }
            l.processing = true
            return true
        }
        guard claimed else { return }
        while true {
            let next: (invariant: Invariant, candidate: Candidate)? = ledger.withLock { l in
                let w = l.watermark
                var best: (invariant: Invariant, candidate: Candidate)?
                for (invariant, list) in l.candidates {
                    guard let first = list.first, first.local < w else { continue }
                    if l.kept[invariant, default: 0] >= options.findingsPerInvariant { continue }
                    if best == nil || first.local < best!.candidate.local { best = (invariant, first) }
                }
                guard let best else {
                    l.processing = false
                    return nil
                }
                l.candidates[best.invariant]!.removeFirst()
                l.shrunk[best.invariant, default: 0] += 1
                return best
            }
            guard let next else { return }
            let t0 = now()
            let outcome = shrinkAndWrite(next.candidate, next.invariant, code: options.code(for: worker))
            ledger.withLock { l in
                l.shrinkSeconds += now() - t0
                switch outcome {
                case .kept(let kept): l.findings.append(kept)
                case .failed(let e): l.writeFailures.append(e)
                case .unreproduced: l.unreproduced += 1
                case .duplicate, .gone: break
                case .interrupted:
                    l.candidates[next.invariant, default: []].insert(next.candidate, at: 0)
                    l.shrunk[next.invariant, default: 1] -= 1
                    l.processing = false
                }
            }
            if case .interrupted = outcome { return }  // until the workers have stopped
        }
    }

    func shrinkAndWrite(_ candidate: Candidate, _ invariant: Invariant, code: CodeUnderTest) -> ProcessOutcome {
        // Past `--time` an app gets no request (and no restart): the case is
        // left, counted in `unwritten`.
        if code.isProcess && pastDeadline { return .interrupted }
        let global = plan(candidate.local).global
        let runner = options.runner(candidate.mode)
        var choices = candidate.sequence(seed: options.seed, global: global)
        // An app may fail only because of what earlier cases left in its
        // process: the finding must stand on its own, in a fresh one.
        code.restart()
        let first = runner.run(&choices, code: code)
        if cutShort(first.violation, code) { return .interrupted }
        guard let violation = first.violation, violation.invariant == invariant else {
            return code.isProcess ? .unreproduced : .gone
        }
        // The unshrunk reproducer goes to disk first: nothing is lost if
        // the process dies while shrinking.
        let raw = first.fuzzCase.finding(violation, context: options.context, caseIndex: global)
        let rawPath: String
        do throws(SystemError) { rawPath = try store.write(raw) } catch { return .failed(error) }
        var shrinker = Shrinker(runner: runner, keeping: violation, maxAttempts: options.shrinkAttempts(for: invariant))
        shrinker.code = code
        if code.isProcess && options.cachesAppShrinks { shrinker.cache = shrinkCaches[candidate.mode] }
        // Past the deadline the shrinker stops at once and keeps the smallest
        // failing case it reached so far (the raw one at worst).
        let hurry = options.shouldHurry
        shrinker.shouldStop = { [self] in hurry() || pastDeadline }
        var shrunk = shrinker.shrink(choices.choices)
        if code.isProcess {
            // Candidates ran one after another in one process: the shrunk
            // case must fail in a fresh one too, or the raw case stands.
            code.restart()
            var again = ChoiceSequence(replaying: shrunk.choices)
            let rerun = runner.run(&again, code: code)
            if rerun.violation?.invariant != invariant || cutShort(rerun.violation, code) { shrunk.result.violation = nil }
        }
        var finding = raw
        if let v = shrunk.result.violation {
            finding = shrunk.result.fuzzCase.finding(v, context: options.context, caseIndex: global, shrinkAttempts: shrunk.attempts)
        }
        let isNew = ledger.withLock { l in
            guard l.kept[finding.invariant, default: 0] < options.findingsPerInvariant else { return false }
            guard l.keys.insert(finding.key).inserted else { return false }
            l.kept[finding.invariant, default: 0] += 1
            return true
        }
        if !isNew {
            store.remove(rawPath)
            return .duplicate
        }
        if finding.fileName == raw.fileName { return .kept(KeptFinding(finding: finding, path: rawPath)) }
        do throws(SystemError) {
            let path = try store.write(finding)
            store.remove(rawPath)
            return .kept(KeptFinding(finding: finding, path: path))
        } catch {
            return .failed(error)
        }
    }
}
