import DragRecording
import DragReplay
import KnownBugs
import ReorderReplicas

/// What a replicated campaign (`dragreplay fuzz --replicas N`) generates
/// and checks: the replicas, the model or the buggy merge in its place,
/// the nemeses, the conflict options, and the campaign's budget.
public struct ReplicaFuzzOptions: Sendable {
    /// Client replicas per case, 2 to 8.
    public var replicas: Int
    /// The topology the cases are written for (the header's `merge`).
    public var model: ReplicaModel
    /// A known-buggy merge replayed in place of `model` (it imitates it); `nil`: the model itself.
    public var bug: MergeBug?
    public var nemeses: Set<Nemesis>
    public var deletes: ReplicaOptions.Deletes
    public var blocks: ReplicaOptions.Blocks
    /// Code under test in place of the model (apps over protocol 2, Swift
    /// values); it wins over `bug`.
    public var code: ReplicaMergeUnderTest?
    /// Cases to run; `nil` with `seconds`: until the time is up.
    public var runs: Int?
    public var seconds: Double?
    /// When `seconds` count from (monotonic seconds): the CLI's start, so
    /// that starting the apps is part of the run; `nil`: the campaign's start.
    public var started: Double?
    public var seed: UInt64
    public var jobs: Int
    /// This run's share of the campaign (`--shard I/N`): the cases whose
    /// index is I modulo N, so N shards run exactly the unsharded cases.
    public var shard = Shard(index: 0, count: 1)!
    /// The header every case starts from (`--world`): its layout, its
    /// collections (items, fixed entries, locks, capacities) and its rules;
    /// `nil`: the generator's own small list or board.
    public var world: RecordingHeader?
    /// Where findings go; `nil`: nothing is written (tests).
    public var outDirectory: String?
    /// Candidates the shrinker may replay per finding.
    public var shrinkAttempts = 3000
    /// Polled between cases: Ctrl-C.
    public var shouldStop: @Sendable () -> Bool = { false }

    /// `--time`'s end on the monotonic clock, counted from `started` (else `start`).
    public func deadline(from start: Double) -> Double? { seconds.map { (started ?? start) + $0 } }

    /// The campaign-wide index of this shard's `j`th case.
    func globalCase(_ j: Int) -> Int { j * shard.count + shard.index }

    /// The client replicas a case of this campaign has: `A`, `B`, ...
    public var ids: [String] { Array(ReplicaCaseGenerator.replicaNames.prefix(replicas)) }

    /// The fewest and most client replicas `--replicas` takes.
    public static let replicaRange = 2...8

    public init(
        replicas: Int, model: ReplicaModel, bug: MergeBug? = nil, nemeses: Set<Nemesis> = Set(Nemesis.allCases),
        deletes: ReplicaOptions.Deletes = .win, blocks: ReplicaOptions.Blocks = .whole, runs: Int? = 10_000, seconds: Double? = nil,
        seed: UInt64 = 1, jobs: Int = 1, outDirectory: String? = nil
    ) {
        self.replicas = replicas
        self.model = model
        self.bug = bug
        self.nemeses = nemeses
        self.deletes = deletes
        self.blocks = blocks
        self.runs = runs
        self.seconds = seconds
        self.seed = seed
        self.jobs = jobs
        self.outDirectory = outDirectory
    }

    /// The replay options that put the buggy merge in, if any, and judge
    /// drops by the world's rules, if it states any (as `replay` does).
    public var replayOptions: ReplayOptions {
        var options = ReplayOptions()
        if world != nil { options.rules = World.judgement(header:) }
        if let code {
            options.merge = code
        } else if let bug {
            options.merge = ReplicaMergeUnderTest(name: bug.name, imitates: bug.imitates) { bug.merge(ids: $0, data: $1) }
        }
        return options
    }

    /// The options a finding replays with (a leading space, or empty):
    /// the apps, or the buggy merge.
    public var replayFlags: String {
        if let code { return " " + code.name }
        return bug.map { " --merge-bug \($0.name)" } ?? ""
    }

    /// What the summary and a finding's `meta` call the merge: the model, or the bug.
    public var mergeName: String {
        if let code { return "\(model.rawValue) (\(code.name)\(code.ownMerge ? ", a merge of its own: model-free checks only" : ""))" }
        return bug.map { "\(model.rawValue) (--merge-bug \($0.name))" } ?? model.rawValue
    }
}
