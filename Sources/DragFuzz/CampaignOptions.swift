import Dispatch
import DragRecording
import DragSystem
import KnownBugs
import ReorderConformance
import ReorderCore
import Synchronization

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
    /// `(index, count)`: this machine runs the pairs of cases `2p, 2p + 1`
    /// with `p % count == index` (`plan`). `runs` is the whole campaign's.
    public var shard: (index: Int, count: Int)
    public var outDirectory: String
    /// Distinct shapes kept per invariant: one finding per bug, not a thousand.
    public var findingsPerInvariant = 3
    /// Failing cases shrunk per invariant, in case order (most shrink to one shape).
    public var shrinksPerInvariant = 12
    public var shrinkAttempts = 20_000
    /// An app's shrinks share their candidates' outcomes (`ShrinkCache`);
    /// off only to measure what that saves (`dragreplay-bench app`).
    public var cachesAppShrinks = true

    /// The shrink budget for a failure of `invariant`. An app that crashed or
    /// broke the protocol is restarted for every candidate, and one that timed
    /// out costs the whole timeout per candidate: those get a small budget, so
    /// a hanging app cannot keep a campaign shrinking for hours.
    public func shrinkAttempts(for invariant: Invariant) -> Int {
        switch invariant {
        case .appTimeout: min(shrinkAttempts, 8)
        case .appCrash, .appProtocol: min(shrinkAttempts, 100)
        default: shrinkAttempts
        }
    }
    /// Checked between cases: stop generating (Ctrl-C). What was found is
    /// still shrunk and written.
    public var shouldStop: @Sendable () -> Bool = { false }
    /// Checked during shrinking: write what there is now (SIGTERM, a second Ctrl-C).
    public var shouldHurry: @Sendable () -> Bool = { false }
    /// Called once every worker has stopped, before the failing cases left
    /// are reproduced and written. The CLI wakes apps' waits when it hurries
    /// (`AppInterruption`); this lets them work again for those last runs.
    public var resumeAfterStop: (@Sendable () -> Void)?
    /// Called about twice a second from one worker (the progress line).
    public var progress: (@Sendable (CampaignProgress) -> Void)?
    /// What worker `w` puts under test; `nil`: the applier, in process. An
    /// app is one per worker, kept across that worker's cases and shrinks.
    public var code: (@Sendable (Int) -> CodeUnderTest)?
    /// The app's command, for findings' `meta` and replay commands.
    public var appCommand: String?
    /// When the run began on the monotonic clock (`now()`, seconds), if it
    /// began before the campaign (the CLI replays `--db` first): `seconds`
    /// counts from it. `nil`: from the campaign's own start.
    public var started: Double?
    /// The layout kinds cases may use (`nil`: all).
    public var layouts: Set<LayoutKind>?
    /// The swipe action handlers under test in cases with swipe actions.
    public var handler: SwipeHandlerKind = .correct
    /// The app's `dropConfiguration` closure under test (in the fuzzer's
    /// IDs), beside the applier: `configuration` findings.
    public var policy: DropPolicy<Int, Int>?
    /// Stop generating once this many findings are written (`nil`: never).
    public var stopAfterFindings: Int?
    /// Every case in this world (`--world`); `nil`: data and layout drawn per case.
    public var world: World?
    /// What judges the code's drop configuration (`--oracle`); `nil`: the
    /// world's rules when it states them, else the model.
    public var oracle: FuzzOracle?

    public init(
        applierName: String, applier: Applier<Int, Int>, mode: FuzzMode?, runs: Int?, seconds: Double?, seed: UInt64,
        jobs: Int, shard: (index: Int, count: Int), outDirectory: String
    ) {
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

    /// The campaign-wide index of this shard's local case `k` (see
    /// `CampaignRun.plan`): pair `p` of cases `2p, 2p + 1` is shard `p % count`'s.
    /// When `seconds` runs out, for a run that began at `start` (monotonic
    /// seconds). NaN seconds are a bound of 0 (a NaN deadline was never
    /// reached: the run never ended), negative ones too.
    public func deadline(from start: Double) -> Double? {
        seconds.map { start + ($0.isNaN ? 0 : max(0, $0)) }
    }

    public func globalCase(_ k: Int) -> Int {
        2 * ((k / 2) * shard.count + shard.index) + k % 2
    }

    var context: FindingContext {
        FindingContext(
            generator: "dragreplay fuzz", applierName: applierName, seed: seed, app: appCommand, handler: handler.rawValue, world: world,
            oracle: oracle)
    }

    func code(for worker: Int) -> CodeUnderTest {
        if let code { return code(worker) }
        if let policy {
            return .subject(
                InProcessSubject(applier: applier, policy: policy, name: InProcessSubject<Int, Int>.policyName(applier: applierName)))
        }
        return .applier(applier)
    }

    func runner(_ mode: FuzzMode) -> CaseRunner {
        var runner = CaseRunner(applier: applier, mode: mode)
        runner.layouts = layouts
        runner.handler = handler
        runner.world = world
        if let oracle { runner.oracle = oracle.configurationOracle(world: world) }
        return runner
    }
}
