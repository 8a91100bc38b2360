import Dispatch
import DragRecording
import DragReplay
import DragSystem
import ReorderReplicas
import Synchronization

/// A replicated campaign (`dragreplay fuzz --replicas N`): case k is
/// generated from the choice sequence of `Xoshiro256.caseSeed(seed, k)`,
/// written as an explicit version 3 recording and checked by replaying
/// it; jobs take cases from one counter. Then, for each check that failed,
/// the first case (lowest index) that failed it is shrunk and written: the
/// same seed and runs give the same findings whatever `jobs` is. With a
/// shard, this run takes the cases whose index is I modulo N: the shards'
/// counts add up to the unsharded run's, and each shard shrinks the first
/// failure of each check among its own cases.
public struct ReplicaCampaign: Sendable {
    public let options: ReplicaFuzzOptions

    public init(options: ReplicaFuzzOptions) { self.options = options }

    /// The case of index `k`.
    /// - Complexity: the generator's.
    public func recording(ofCase k: Int) -> Recording {
        generate(k).recording
    }

    func generate(_ k: Int) -> ReplicaCase {
        var choices = ChoiceSequence(seed: Xoshiro256.caseSeed(options.seed, UInt64(k)))
        return ReplicaCaseGenerator(options: options).generate(&choices)
    }

    /// Runs the cases, then shrinks and writes the findings.
    /// - Complexity: O(runs) replays, plus `shrinkAttempts` per finding.
    public func run() -> ReplicaCampaignSummary {
        let start = options.started ?? MonotonicClock.now().seconds
        let deadline = options.deadline(from: start)
        let next = Atomic<Int>(0)
        let stopped = Atomic<Bool>(false)
        let timedOut = Atomic<Bool>(false)
        let totals = Mutex(ReplicaCampaignSummary())
        let jobs = max(1, options.jobs)
        let replay = options.replayOptions
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            var mine = ReplicaCampaignSummary()
            while true {
                let k = options.globalCase(next.add(1, ordering: .relaxed).oldValue)
                if let runs = options.runs, k >= runs { break }
                if options.shouldStop() || MonotonicClock.isPast(deadline) {
                    stopped.store(options.shouldStop(), ordering: .relaxed)
                    if !options.shouldStop() { timedOut.store(true, ordering: .relaxed) }
                    break
                }
                guard runCase(k, replay: replay, deadline: deadline, into: &mine) else {
                    timedOut.store(true, ordering: .relaxed)
                    break
                }
            }
            totals.withLock { $0.add(mine) }
        }
        var summary = totals.withLock { $0 }
        summary.interrupted = stopped.load(ordering: .relaxed)
        summary.stoppedAtDeadline = timedOut.load(ordering: .relaxed)
        let shrinkStart = MonotonicClock.now().seconds
        for (check, k) in summary.firstFailure.sorted(by: { $0.value < $1.value || ($0.value == $1.value && $0.key < $1.key) }) {
            var finding = shrink(case: k, check: check, deadline: deadline)
            if let dir = options.outDirectory {
                do throws(SystemError) {
                    finding.path = try FindingStore(directory: dir).write(finding.text, named: finding.fileName)
                } catch { summary.writeFailures.append(error) }
            }
            summary.findings.append(finding)
        }
        let end = MonotonicClock.now().seconds
        summary.shrinkSeconds = end - shrinkStart
        summary.elapsed = end - start
        return summary
    }

    /// Runs case `k` into `summary`; false when apps played it and the
    /// deadline passed meanwhile with an app failure: their waits end at
    /// the deadline, so the failure is its doing, and the case is not counted.
    func runCase(_ k: Int, replay: ReplayOptions, deadline: Double? = nil, into summary: inout ReplicaCampaignSummary) -> Bool {
        let generated = generate(k)
        let result = ReplicaReplay(generated.recording, options: replay)
        if options.code != nil, MonotonicClock.isPast(deadline), case .fail(let check, _) = result.verdict,
            ReplicaCheck(rawValue: check)?.isAppFailure == true
        {
            return false
        }
        summary.cases += 1
        summary.channel.add(generated.channel)
        var depth = ReplicaCampaignSummary.Depth()
        depth.longestCase = generated.recording.events.count
        depth.changesInOneCase = generated.channel.committedChanges
        depth.deliveriesInOneCase = generated.channel.delivered
        summary.depth.formMax(depth)
        summary.channel.repairRounds += result.repairRounds
        summary.countIntent(result.intentStates)
        summary.undecided += result.undecided
        switch result.verdict {
        case .pass: break
        case .invalid: summary.invalid += 1
        case .fail(let check, _):
            summary.failingCases += 1
            summary.firstFailure[check] = min(k, summary.firstFailure[check] ?? k)
        }
        return true
    }

    /// The first case, in index order, that fails a check (its index and
    /// the check), looking at no more than `limit` cases; `nil`: none did.
    /// - Complexity: at most `limit` replays.
    public func firstFailure(within limit: Int) -> (caseIndex: Int, check: String)? {
        let replay = options.replayOptions
        for k in 0..<limit {
            if let check = ReplicaReplay(generate(k).recording, options: replay).verdict.check { return (k, check) }
        }
        return nil
    }

    /// Shrinks case `k`, which failed `check`, and stamps its `meta`; past
    /// `deadline` (monotonic seconds) the smallest failing form so far is kept.
    /// - Complexity: at most `shrinkAttempts` replays.
    public func shrink(case k: Int, check: String, deadline: Double? = nil) -> ReplicaFinding {
        let original = generate(k).recording
        var shrinker = ReplicaShrinker(options: options.replayOptions, check: check, budget: options.shrinkAttempts, deadline: deadline)
        var shrunk = shrinker.shrink(original)
        var meta: [String: JSONValue] = [
            "tool": .string("dragreplay fuzz --replicas"),
            "seed": Int64(exactly: options.seed).map(JSONValue.integer) ?? .string(String(options.seed)),
            "case": .integer(Int64(k)), "merge": .string(options.model.rawValue), "check": .string(check),
            "nemesis": .string(Nemesis.allCases.filter(options.nemeses.contains).map(\.rawValue).joined(separator: ",")),
        ]
        if let code = options.code {
            meta["app"] = .string(code.name)
        } else if let bug = options.bug {
            meta["merge-bug"] = .string(bug.name)
        }
        shrunk.header.meta = .object(meta)
        // Every candidate kept failed `check`, so this names its first failure.
        // Past the deadline apps get no request: the shrinker's last failure
        // (the kept one's) says it, or the message says why it is missing.
        var message = ""
        if MonotonicClock.isPast(deadline), options.code != nil {
            message = shrinker.message ?? "(not replayed again: --time ran out)"
        } else if case .fail(_, let m) = ReplicaReplay(shrunk, options: options.replayOptions).verdict {
            message = m
        }
        return ReplicaFinding(
            check: check, message: message, caseIndex: k, recording: shrunk, ops: ReplicaShrinker.committedChanges(shrunk),
            events: shrunk.events.count, originalOps: ReplicaShrinker.committedChanges(original), originalEvents: original.events.count,
            shrinkAttempts: shrinker.attempts, path: nil)
    }
}
