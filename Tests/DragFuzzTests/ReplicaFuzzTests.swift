import DragFuzz
import DragReader
import DragRecording
import DragReplay
import KnownBugs
import ReorderReplicas
import Testing

/// The replicated fuzzer (`fuzz --replicas N`): it finds every buggy merge
/// of replicas-v1 7 from scratch with a fixed seed, shrinks each to no more
/// operations than the spec's minimal scenario, and the finding replays from
/// its text failing the same check; the correct models give nothing.
@Suite("Replicated fuzzer")
struct ReplicaFuzzTests {
    /// Each buggy merge, the replicas its campaign uses, and the most cases
    /// to its first finding (from seed 1; measured, with headroom).
    static let bugs: [(bug: MergeBug, replicas: Int, limit: Int)] = [
        (.deleteInsert, 2, 500), (.arrivalOrder, 2, 500), (.fractional, 2, 500), (.fractionalTie, 2, 2000),
        (.indexRebase, 2, 500), (.noDedupe, 2, 2000), (.ackByAny, 2, 500),
    ]
    /// The spec's minimal scenario's operations (7.1 to 7.7: two each).
    static let minimalOps = 2

    @Test(
        "each buggy merge is found from seed 1, shrunk to at most the spec's operations, and replays failing the same check",
        arguments: 0..<7)
    func findsAndShrinks(_ row: Int) throws {
        let (bug, replicas, limit) = Self.bugs[row]
        let campaign = ReplicaCampaign(options: ReplicaFuzzOptions(replicas: replicas, model: bug.imitates, bug: bug, seed: 1))
        let first = try #require(campaign.firstFailure(within: limit), "\(bug.name): nothing within \(limit) cases")
        let finding = campaign.shrink(case: first.caseIndex, check: first.check)
        #expect(finding.ops <= Self.minimalOps, "\(bug.name): \(finding.text)")
        // The written text, read back by the file reader, fails the same check on the bug.
        var source = try RecordingReader(bytes: Array(finding.text.utf8), path: finding.fileName)
        var options = ReplayOptions()
        options.merge = ReplicaMergeUnderTest(name: bug.name, imitates: bug.imitates) { bug.merge(ids: $0, data: $1) }
        let result = Replayer(options: options).run(&source)
        #expect(result.status == .fail)
        #expect(result.failures.first { $0.message.hasPrefix(first.check + ":") } != nil, "\(result)")
        #expect(finding.fileName.hasPrefix(first.check + "-"))
        // On its model, the finding is a clean recording or an input error (a delivery the model never sent), never a check.
        var again = try RecordingReader(bytes: Array(finding.text.utf8), path: finding.fileName)
        let onModel = Replayer().run(&again)
        #expect(onModel.failures.allSatisfy { f in !ReplicaFuzzTests.checkNames.contains { f.message.hasPrefix($0 + ":") } })
    }

    static let checkNames = ["conservation", "convergence", "no-quiescence", "intent"]

    @Test("the correct models find nothing over 2000 cases with every nemesis", arguments: ReplicaModel.allCases)
    func correctModelsFindNothing(_ model: ReplicaModel) {
        let summary = ReplicaCampaign(options: ReplicaFuzzOptions(replicas: 3, model: model, runs: 2000, seed: 7, jobs: 2)).run()
        #expect(summary.cases == 2000)
        #expect(summary.failingCases == 0)
        #expect(summary.findings.isEmpty)
        #expect(summary.invalid * 100 <= summary.cases, "\(summary.invalid) cases the replay refused")
        #expect(summary.channel.delivered > 0 && summary.channel.duplicated > 0 && summary.channel.lost > 0)
        #expect(summary.channel.partitions > 0 && summary.channel.reordered > 0)
        // What the channel and the cases reached: repairs, held ops, and concurrent ops on one item, anchor and gap.
        let c = summary.channel
        #expect(c.repairRounds > 0 && c.heldForPredecessor > 0, "\(c)")
        #expect(c.concurrentOnItem > 0 && c.concurrentOnAnchor > 0 && c.concurrentInGap > 0, "\(c)")
    }

    @Test("the summary is the same whatever the jobs")
    func deterministicAcrossJobs() {
        func text(_ jobs: Int) -> String {
            let options = ReplicaFuzzOptions(replicas: 2, model: .server, bug: .ackByAny, runs: 200, seed: 3, jobs: jobs)
            return ReplicaCampaign(options: options).run().text(options)
        }
        #expect(text(1) == text(2))
    }

    @Test("nemesis lists: names separated by commas; anything else is refused")
    func nemesisList() {
        #expect((try? Nemesis.parseList("delay,loss").get()) == [.delay, .loss])
        #expect((try? Nemesis.parseList("delay,,loss").get()) == nil)
        #expect((try? Nemesis.parseList("jitter").get()) == nil)
    }

    /// A world of three columns (a fixed header entry and a capacity in
    /// one, items named like the generator's new ones in another) whose
    /// rules forbid drops into "archive".
    static let worldText = """
        {"format":"dragrec","version":3,"container":{"layout":{"kind":"board","columnWidth":120,"spacing":10,"rowHeight":30,"width":400,"height":300},\
        "collections":[{"id":"todo","items":["n1","n2","c1","c2"]},{"id":"doing","fixed":["hdr"],"items":["d1"],"capacity":4},\
        {"id":"archive","items":["z1"]}]},"replicas":{"ids":["A","B"],"merge":"server"},"world":{"drops":{"archive":[]}}}

        """

    @Test("a world's cases start from its header, read back valid, replay (none refused) and never insert one of its IDs")
    func worldCases() throws {
        let header = try RecordingReader(bytes: Array(Self.worldText.utf8), path: "world.jsonl").header
        var options = ReplicaFuzzOptions(replicas: 3, model: .server, runs: 300, seed: 4, jobs: 2)
        options.world = header
        let campaign = ReplicaCampaign(options: options)
        var drops = 0
        for k in 0..<60 {
            let recording = campaign.recording(ofCase: k)
            #expect(recording.header.collections == header.collections && recording.header.layout == header.layout)
            #expect(recording.header.world == header.world)
            var source = try RecordingReader(bytes: Array(recording.text.utf8), path: "case-\(k).jsonl")
            let result = Replayer(options: options.replayOptions).run(&source)
            #expect(result.status == .pass, "case \(k): \(result.error.map { "\($0)" } ?? "\(result.failures)")\n\(recording.text)")
            for event in recording.events {
                if case .mutation(.insert(let items, _, _)) = event.kind {
                    #expect(!["n1", "n2", "c1", "c2", "d1", "z1", "hdr"].contains(items[0]))
                }
                if case .drop = event.kind { drops += 1 }
            }
        }
        #expect(drops > 20)
        let summary = campaign.run()
        #expect(summary.cases == 300 && summary.invalid == 0 && summary.failingCases == 0, "\(summary.text(options))")
    }

    @Test("shards: the cases whose index is I modulo N; their counts add up to the unsharded run's")
    func shards() {
        let whole = ReplicaCampaign(options: ReplicaFuzzOptions(replicas: 2, model: .causal, runs: 50, seed: 2)).run()
        var cases = 0
        var changes = 0
        for i in 0..<4 {
            var options = ReplicaFuzzOptions(replicas: 2, model: .causal, runs: 50, seed: 2, jobs: 2)
            options.shard = Shard(index: i, count: 4)!
            let part = ReplicaCampaign(options: options).run()
            cases += part.cases
            changes += part.localChanges
            #expect(part.cases == [13, 13, 12, 12][i])
        }
        #expect(cases == whole.cases && changes == whole.localChanges)
    }
}
