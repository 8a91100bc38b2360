import DragRecording
import Dispatch
import Foundation
import ReorderCore

/// How a fuzz campaign runs.
public struct CampaignOptions: Sendable {
    public var applierName: String
    public var applier: Applier<Int, Int>
    /// `nil`: both modes, alternating case by case.
    public var mode: FuzzMode?
    public var runs: Int?
    public var seconds: Double?
    public var seed: UInt64
    public var jobs: Int
    /// `(index, count)`: this machine runs the cases `index`, `index + count`, ...
    public var shard: (index: Int, count: Int)
    public var outDirectory: String
    /// Distinct shapes kept per invariant: one finding per bug, not a thousand.
    public var findingsPerInvariant = 3
    public var shrinkAttempts = 20_000
    /// Checked between cases (Ctrl-C).
    public var shouldStop: @Sendable () -> Bool = { false }
    /// Called about twice a second from one worker (the progress line).
    public var progress: (@Sendable (CampaignProgress) -> Void)?

    public init(applierName: String, applier: Applier<Int, Int>, mode: FuzzMode?, runs: Int?, seconds: Double?, seed: UInt64,
                jobs: Int, shard: (index: Int, count: Int), outDirectory: String) {
        self.applierName = applierName
        self.applier = applier
        self.mode = mode
        self.runs = runs
        self.seconds = seconds
        self.seed = seed
        self.jobs = jobs
        self.shard = shard
        self.outDirectory = outDirectory
    }
}

public struct CampaignProgress: Sendable {
    public var runs: Int
    public var sessions: Int
    public var failingCases: Int
    public var elapsed: Double
}

/// One minimized failure, written as a recording.
public struct Finding: Sendable {
    public var path: String
    public var invariant: Invariant
    public var mode: FuzzMode
    /// The campaign-wide index of the case that first showed it.
    public var caseIndex: Int
    public var eventLines: Int
    public var message: String
    public var shape: String
    public var shrinkAttempts: Int
    /// The command that replays it.
    public var command: String
}

public struct CampaignSummary: Sendable {
    public var runs: Int
    public var sessions: Int
    public var failingCases: Int
    public var findings: [Finding]
    public var elapsed: Double
    public var shrinkSeconds: Double
    public var interrupted: Bool
}

/// A monotonic clock in seconds (Dispatch's, so no Foundation date maths).
func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

private final class Shared: @unchecked Sendable {
    let lock = NSLock()
    var failures: [(index: Int, mode: FuzzMode, invariant: Invariant)] = []
    var runs = 0
    var sessions = 0
    func with<T>(_ body: () -> T) -> T { lock.lock(); defer { lock.unlock() }; return body() }
}

/// Runs a campaign: cases in parallel, then failures shrunk in case order
/// (so the same seed and `--runs` give byte-identical findings), deduplicated
/// by invariant and shape, written atomically under `outDirectory`.
public func runCampaign(_ options: CampaignOptions) -> CampaignSummary {
    let shared = Shared()
    let start = now()
    let jobs = max(1, options.jobs)
    // Failures a worker holds between two hand-overs to the shared list.
    let pendingCap = 1000
    DispatchQueue.concurrentPerform(iterations: jobs) { worker in
        var local = 0, counted = 0, localSessions = 0
        var pending: [(index: Int, mode: FuzzMode, invariant: Invariant)] = []
        var lastReport = start
        // Hands this worker's new counts and failures to the shared totals.
        func flush() {
            shared.with {
                shared.runs += local - counted
                shared.sessions += localSessions
                // Enough to pick the earliest failures from; bounded so a long run stays small.
                if shared.failures.count < 100_000 { shared.failures += pending }
            }
            counted = local
            localSessions = 0
            pending.removeAll()
        }
        var k = worker
        while true {
            if let runs = options.runs, k >= runs { break }
            if local & 63 == 0 {
                if options.shouldStop() { break }
                let t = now()
                if let s = options.seconds, t - start >= s { break }
                flush()
                if worker == 0, let progress = options.progress, t - lastReport >= 0.5 {
                    lastReport = t
                    progress(shared.with { CampaignProgress(runs: shared.runs, sessions: shared.sessions, failingCases: shared.failures.count, elapsed: t - start) })
                }
            }
            let global = k * options.shard.count + options.shard.index
            let mode = options.mode ?? (global % 2 == 0 ? .sessions : .differences)
            var choices = ChoiceSequence(seed: Xoshiro256.caseSeed(options.seed, UInt64(global)))
            let result = CaseRunner(applier: options.applier, mode: mode).run(&choices)
            localSessions += result.sessions
            if let v = result.violation, pending.count < pendingCap { pending.append((global, mode, v.invariant)) }
            local += 1
            k += jobs
        }
        flush()
    }
    let elapsed = now() - start
    let interrupted = options.shouldStop()

    // Shrink in case order: deterministic, whatever the jobs did.
    let shrinkStart = now()
    var findings: [Finding] = []
    var shapes = Set<String>()
    var perInvariant: [Invariant: Int] = [:]
    let failures = shared.failures.sorted { $0.index < $1.index }
    var shrinks: [Invariant: Int] = [:]
    for failure in failures where perInvariant[failure.invariant, default: 0] < options.findingsPerInvariant {
        // Most failures of one invariant shrink to one shape: try a few, not all.
        if shrinks[failure.invariant, default: 0] >= 4 * options.findingsPerInvariant { continue }
        shrinks[failure.invariant, default: 0] += 1
        let runner = CaseRunner(applier: options.applier, mode: failure.mode)
        var choices = ChoiceSequence(seed: Xoshiro256.caseSeed(options.seed, UInt64(failure.index)))
        _ = runner.run(&choices)
        let shrunk = Shrinker(runner: runner, invariant: failure.invariant, maxAttempts: options.shrinkAttempts).shrink(choices.choices)
        guard let violation = shrunk.result.violation else { continue }
        let c = shrunk.result.fuzzCase
        let shape = "\(violation.invariant.rawValue)|\(failure.mode.rawValue)|\(c.shape)"
        if !shapes.insert(shape).inserted { continue }
        perInvariant[violation.invariant, default: 0] += 1
        if let f = writeFinding(c, violation, failure: failure, options: options, attempts: shrunk.attempts) { findings.append(f) }
    }
    let runs = shared.runs
    return CampaignSummary(runs: runs, sessions: shared.sessions, failingCases: shared.failures.count, findings: findings,
                           elapsed: elapsed, shrinkSeconds: now() - shrinkStart, interrupted: interrupted)
}

private func writeFinding(_ c: FuzzCase, _ v: Violation, failure: (index: Int, mode: FuzzMode, invariant: Invariant),
                          options: CampaignOptions, attempts: Int) -> Finding? {
    let meta = JSONValue.object([
        "title": .string("\(v.invariant.rawValue) broken by --applier \(options.applierName)"),
        "description": .string(v.message),
        "seed": .number(Double(options.seed)), "case": .number(Double(failure.index)),
        "applier": .string(options.applierName), "mode": .string(failure.mode.rawValue), "invariant": .string(v.invariant.rawValue),
        "generator": .string("dragreplay fuzz"),
    ])
    var shown = c
    shown.steps = Array(c.steps[...v.step])
    // Idempotence shows only when the same difference arrives a second time.
    if v.invariant == .idempotence, let d = v.difference { shown.steps.append(.deliver(d)) }
    let (header, events) = shown.recording(meta: meta)
    let text = CanonicalWriter.text(header: header, events: events)
    let directory = options.outDirectory
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = (directory.hasSuffix("/") ? String(directory.dropLast()) : directory) + "/\(v.invariant.rawValue)-\(contentHash(text)).jsonl"
    guard (try? writeFileAtomically(text, to: path)) != nil else { return nil }
    return Finding(path: path, invariant: v.invariant, mode: failure.mode, caseIndex: failure.index, eventLines: events.count,
                   message: v.message, shape: c.shape, shrinkAttempts: attempts,
                   command: "dragreplay replay --applier \(options.applierName) \(path)")
}
