import ReorderCore
import ReorderReplicas
import Testing

/// Random schedules on the reference models: whatever the channel does,
/// quiesce settles within 2 rounds and no check fires (both models apply
/// ops by 3.1 in an order extending causality, so effect (a) explains
/// their data). Also what the intent search costs on such schedules.
@Suite("replicas-v1 4 to 6: random schedules on the reference models")
struct RandomScheduleTests {
    static let collections = ["todo", "done"]

    /// One random schedule: commits on random clients, channel events on
    /// random in-flight messages, an occasional partition, then quiesce.
    static func run(seed: UInt64, model: ReplicaModel, replicas: Int, steps: Int) throws -> ReplicaQuiescence<String, String> {
        var rng = SplitMix64(seed: seed)
        let ids = Array(["A", "B", "C", "D"].prefix(replicas))
        let header = ReorderContainer<String, String>(collections: [
            .init(id: "todo", items: ["a", "b", "c", "d"], fixed: ["h"]), .init(id: "done", items: ["e", "f"]),
        ])
        var system = try ReplicatedSystem(ids: ids, data: header, model: model)
        var fresh = 0
        for _ in 0..<steps {
            if system.channel.inFlight.isEmpty || Int.random(in: 0..<3, using: &rng) == 0 {
                let replica = ids.randomElement(using: &rng)!
                try system.commit(change(on: system.data(of: replica), fresh: &fresh, using: &rng), on: replica)
            } else {
                try channelEvent(&system, using: &rng)
            }
        }
        let report = system.quiesce()
        #expect(report.rounds <= 2)
        return report
    }

    static func change(on data: ReorderContainer<String, String>, fresh: inout Int, using rng: inout SplitMix64) -> LocalChange<
        String, String
    > {
        let all = data.entries + ["a", "q"]
        let collection = collections.randomElement(using: &rng)!
        switch Int.random(in: 0..<6, using: &rng) {
        case 0:
            fresh += 1
            return .insert(["n\(fresh)"], collection: collection, index: Int.random(in: 0..<4, using: &rng))
        case 1: return .delete([all.randomElement(using: &rng)!])
        default:
            let sources = (0..<Int.random(in: 1...3, using: &rng)).map { _ in all.randomElement(using: &rng)! }
            let before = Bool.random(using: &rng) ? nil : all.randomElement(using: &rng)
            return .relocate(sources, in: collection, before: before)
        }
    }

    static func channelEvent(_ system: inout ReplicatedSystem<String, String>, using rng: inout SplitMix64) throws {
        let m = system.channel.inFlight.randomElement(using: &rng)!
        let selector = MessageSelector(to: m.to, from: m.from, op: m.op)
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: try system.lose(selector)
        case 1: try system.duplicate(selector)
        case 2: try system.partition([Array(system.replicas.prefix(2))])
        case 3: system.heal()
        default:
            if system.channel.isCut(m.link) { system.heal() }
            let found = try system.deliver(selector)
            #expect(found.isEmpty)
        }
    }

    @Test("server and causal: 200 random schedules each, 2 to 4 replicas, clean", arguments: ReplicaModel.allCases)
    func clean(model: ReplicaModel) throws {
        var states: [Int] = []
        for seed in UInt64(0)..<200 {
            let report = try Self.run(seed: seed, model: model, replicas: 2 + Int(seed % 3), steps: 6 + Int(seed % 25))
            #expect(report.violations.isEmpty, "seed \(seed): \(report.violations)")
            states += report.intent.map(\.statesExplored)
        }
        states.sort()
        print("intent states on \(model.rawValue): median \(states[states.count / 2]), max \(states.last!), over \(states.count) searches")
    }
}
