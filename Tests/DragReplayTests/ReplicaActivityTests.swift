import DragReader
import DragRecording
import DragReplay
import KnownBugs
import ReorderReplicas
import TestSupport
import Testing

/// `ReplayStep.replicas`: what the replicas did at each event, as values,
/// agreeing with the `--trace` lines (`replicaLines`) that word the same facts.
@Suite("Replica activity")
struct ReplicaActivityTests {
    func steps(_ file: String, bug: MergeBug? = nil) throws -> [ReplayStep] {
        var source = try RecordingReader(path: packageRoot + "/corpora/replicas/" + file)
        var options = ReplayOptions()
        if let bug { options.merge = ReplicaMergeUnderTest(name: bug.name, imitates: bug.imitates) { bug.merge(ids: $0, data: $1) } }
        var out: [ReplayStep] = []
        _ = Replayer(options: options).run(&source, onStep: { out.append($0) })
        return out
    }

    /// 7.6 on no-dedupe: the duplicate is a second message on A>server, and
    /// the intent check at quiesce names B#1 as the op that cannot be explained.
    @Test func theDuplicateIsSentAndTheViolationCarriesItsOps() throws {
        let s = try steps("7_6-duplicate-reapplied.jsonl", bug: .noDedupe)
        let a = s.map(\.replicas)
        #expect(a.allSatisfy { $0?.replicas == ["A", "B", "server"] })
        #expect(a[0]?.committed.map(\.id.description) == ["A#1"])
        #expect(a[0]?.sent.map(\.description) == ["message 1 A>server A#1"])
        #expect(a[1]?.sent.map(\.description) == ["message 2 A>server A#1"])  // the duplicate
        #expect(a[2]?.delivered.map(\.sendNumber) == [1])
        let quiesce = try #require(a[7])
        #expect(quiesce.violations.map(\.check) == [.intent])
        #expect(quiesce.violations.first?.unexplainable == [OpID(origin: "B", seq: 1)])
        #expect(quiesce.partition == nil && a.allSatisfy { $0?.lost.isEmpty == true })
        // The values and the trace lines agree: one "sent" line per message sent, one "now holds" per data change.
        for (step, activity) in zip(s, a) {
            let lines = step.replicaLines
            #expect(lines.filter { $0.hasPrefix("sent ") }.count == activity?.sent.count, "line \(step.line)")
            #expect(lines.filter { $0.hasPrefix("delivered ") }.count == activity?.delivered.count, "line \(step.line)")
        }
    }

    /// 7.7 on the model: the lose takes message 1, and quiesce sends and
    /// delivers A's re-sent insert and the server's broadcast within itself.
    @Test func aLoseIsLostAndQuiesceCountsWhatItSentWithinItself() throws {
        let s = try steps("7_7-ack-by-any.jsonl")
        #expect(s[1].replicas?.lost.map(\.sendNumber) == [1])
        #expect(s[1].replicas?.delivered.isEmpty == true)
        #expect(s[5].replicas?.delivered.map(\.sendNumber) == [4])
        #expect(s[5].replicas?.unseen == 3)
        #expect(s[5].replicas?.data["server"]?.orders == [["b", "a", "x"]])
    }
}
