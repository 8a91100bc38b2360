import DragRecording
import DragSystem

/// What a replicated campaign ran and found. Its `text` is byte-identical
/// for the same options and `runs`, whatever `jobs` is (timings are apart).
public struct ReplicaCampaignSummary: Sendable {
    public var cases = 0
    /// Local changes that committed an op, over every case: the
    /// generator's count (`ChannelCounts.committedChanges`), kept once.
    public var localChanges: Int { channel.committedChanges }
    /// Cases the replay refused as input errors (the generator's mirror
    /// and the replay disagreed): not run, counted to keep the generator honest.
    public var invalid = 0
    public var failingCases = 0
    public var channel = ChannelCounts()
    /// How many intent searches (per `quiesce`, per distinct data) visited
    /// each number of states: a histogram, so a campaign's memory stays
    /// flat however many cases it runs (a list grew by a few bytes a case).
    public var intentStates: [Int: Int] = [:]
    public var undecided = 0
    /// The first case index that failed each check.
    public var firstFailure: [String: Int] = [:]
    public var findings: [ReplicaFinding] = []
    public var writeFailures: [SystemError] = []
    public var elapsed = 0.0
    public var shrinkSeconds = 0.0
    public var interrupted = false
    /// `--time` ran out before `runs` cases (or, without `runs`, as meant).
    public var stoppedAtDeadline = false
    /// How deep the cases went, each figure the largest of one case.
    public var depth = Depth()

    /// The largest of one case: its events, its committed local changes,
    /// its deliveries. Shards and jobs combine by `max`.
    public struct Depth: Hashable, Sendable {
        public var longestCase = 0
        public var changesInOneCase = 0
        public var deliveriesInOneCase = 0

        public init() {}

        mutating func formMax(_ other: Depth) {
            longestCase = max(longestCase, other.longestCase)
            changesInOneCase = max(changesInOneCase, other.changesInOneCase)
            deliveriesInOneCase = max(deliveriesInOneCase, other.deliveriesInOneCase)
        }

        /// `depth: longest case 33 events, 6 local changes and 8 deliveries in one case`.
        public var text: String {
            "depth: longest case \(longestCase) event\(longestCase == 1 ? "" : "s"), \(changesInOneCase) local change"
                + "\(changesInOneCase == 1 ? "" : "s") and \(deliveriesInOneCase) deliver\(deliveriesInOneCase == 1 ? "y" : "ies") in one case"
        }
    }

    /// Why a campaign exercised less than it seems to, for stderr: no
    /// drag's drop committed a change (a world's rules, capacities or
    /// locks refused each, or its items were gone), so no drop reached the
    /// code under test; `nil` otherwise.
    public func shallowness(inWorld: Bool) -> String? {
        guard cases > 0, channel.drags > 0, channel.committedDrags == 0 else { return nil }
        let why =
            inWorld
            ? "the world's rules, capacities or locks refuse every drop" : "every drag's items were deleted before its drop"
        return "no drop committed a change (\(channel.drags) drag\(channel.drags == 1 ? "" : "s"), none committed), "
            + "so only local mutations reached the code under test: \(why)"
    }

    public init() {}

    /// The median and the largest of the searches' states (0 when none):
    /// the same figures as sorting every count and taking the middle one.
    /// - Complexity: O(d log d) for d distinct counts.
    public var intentMedianAndMax: (median: Int, max: Int) {
        let total = intentStates.values.reduce(0, +)
        guard total > 0 else { return (0, 0) }
        let keys = intentStates.keys.sorted()
        var seen = 0
        var median = keys.last!
        for k in keys {
            seen += intentStates[k]!
            if seen > total / 2 {
                median = k
                break
            }
        }
        return (median, keys.last!)
    }

    /// Counts one intent search's states.
    mutating func countIntent(_ states: [Int]) { for s in states { intentStates[s, default: 0] += 1 } }

    /// Adds a job's counts (findings are made after the cases).
    mutating func add(_ other: ReplicaCampaignSummary) {
        cases += other.cases
        invalid += other.invalid
        failingCases += other.failingCases
        channel.add(other.channel)
        intentStates.merge(other.intentStates, uniquingKeysWith: +)
        undecided += other.undecided
        for (check, k) in other.firstFailure { firstFailure[check] = min(k, firstFailure[check] ?? k) }
        depth.formMax(other.depth)
    }

    /// The summary lines: the campaign, then each finding and how to replay it.
    /// - Complexity: O(s log s) for the intent figures, plus the findings.
    public func text(_ options: ReplicaFuzzOptions) -> String {
        let (median, max) = intentMedianAndMax
        let c = channel
        var line = "fuzz --replicas \(options.replicas) --merge \(options.model.rawValue)"
        if options.shard.count > 1 { line += " --shard \(options.shard)" }
        if let code = options.code {
            line += " " + code.name
            if code.ownMerge { line += " (a merge of its own: the model-free checks only, no reference)" }
        } else if let bug = options.bug {
            line += " --merge-bug \(bug.name)"
        }
        line += ": \(cases) cases, \(cases - invalid) replicated sessions, \(localChanges) local changes"
        line += " (\(c.committedDrags) by a drop, of \(c.drags) drag\(c.drags == 1 ? "" : "s"))"
        if invalid > 0 { line += ", \(invalid) invalid" }
        line += "; channel: \(c.delivered) delivered (\(c.reordered) reordered), \(c.duplicated) duplicated, \(c.lost) lost, "
        line +=
            "\(c.partitions) partitions (\(c.healed) healed), \(c.repairRounds) repair rounds, \(c.heldForPredecessor) held for a predecessor; "
        line +=
            "concurrent ops: \(c.concurrentOnItem) on one item, \(c.concurrentOnAnchor) before one anchor, \(c.concurrentInGap) in one gap; "
        line += "intent: median \(median) states, max \(max), \(undecided) intent-undecided; "
        line += "\(failingCases) failing case\(failingCases == 1 ? "" : "s"), \(findings.count) finding\(findings.count == 1 ? "" : "s")"
        if stoppedAtDeadline { line += "; stopped at the deadline (--time)" }
        var lines = [line]
        if cases > 0 { lines.append(depth.text) }
        for f in findings {
            let name = f.path.map(SafeText.path) ?? f.fileName
            lines.append(
                "  \(f.check): \(name) (case \(f.caseIndex), shrunk from \(f.originalOps) ops and \(f.originalEvents) events to \(f.ops) and \(f.events))"
            )
            lines.append("    \(f.message)")
            lines.append("    replay: dragreplay replay\(options.replayFlags) \(name)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
