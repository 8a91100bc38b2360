import Foundation
import ReorderConformance
import ReorderCore
import Testing

@testable import DragFuzz

/// `FractionalKeys` that reports its smallest gap between two neighbours'
/// keys, negated (`FuzzTarget`: the fuzzer makes a target larger).
struct ReportingKeys: ReorderSubject {
    typealias ItemID = Int
    typealias CollectionID = Int

    var keys = FractionalKeys()
    /// What answers when `depth` is set: the model's own apply, so only
    /// the planted bug fails (`keys` then only measure).
    var correct = InProcessSubject<Int, Int>(applier: .canonical)
    var reports = true
    /// `nil`: report the smallest gap. Otherwise report the smaller of the
    /// first two collections' halvings (`-log2` of their smallest gaps),
    /// and answer wrongly once both reach `depth`.
    var depth: Double?

    var name: String { "fractional keys, reporting" }
    var configures: Bool { false }

    mutating func handle(_ request: SubjectRequest<Int, Int>) throws(SubjectFailure) -> SubjectAnswer<Int, Int> {
        guard let depth else {
            let answer = try keys.handle(request)
            if reports { FuzzTarget.observe(-smallestGap, label: "smallest gap") }
            return answer
        }
        let answer = try correct.handle(request)
        _ = try? keys.handle(request)
        let halvings = keys.collections.count < 2 ? 0 : min(halvings(in: 0), halvings(in: 1))
        if reports { FuzzTarget.observe(halvings, label: "halvings in both") }
        if halvings >= depth, case .data(var orders) = answer {
            orders[0].reverse()
            return .data(orders)
        }
        return answer
    }

    func halvings(in c: Int) -> Double {
        let order = keys.order(c)
        var gap = 1.0
        for (a, b) in zip(order, order.dropFirst()) { gap = min(gap, keys.keys[b]! - keys.keys[a]!) }
        return gap > 0 ? -log2(gap) : 60
    }

    /// The smallest difference between the keys of two neighbours.
    var smallestGap: Double {
        var gap = Double.infinity
        for c in keys.collections.indices {
            let order = keys.order(c)
            for (a, b) in zip(order, order.dropFirst()) { gap = min(gap, keys.keys[b]! - keys.keys[a]!) }
        }
        return gap
    }

    func repeating(_ request: SubjectRequest<Int, Int>) -> [[Int]]? { depth == nil ? keys.repeating(request) : nil }
}

@Suite("Targeted depth: code under test reports numbers, the fuzzer steers toward larger ones")
struct TargetedDepthTests {
    func campaign(reports: Bool, seed: UInt64, runs: Int, depth: Double? = nil) -> CampaignSummary {
        var options = CampaignOptions(
            applierName: "fractional-keys", applier: .canonical, mode: .sessions, runs: runs, seconds: nil, seed: seed, jobs: 1,
            shard: (0, 1), outDirectory: NSTemporaryDirectory() + "targeted-\(UUID().uuidString)")
        options.code = { _ in .subject(ReportingKeys(reports: reports, depth: depth)) }
        options.stopAfterFindings = 1
        options.findingsPerInvariant = 1
        options.shrinksPerInvariant = 1
        return runCampaign(options)
    }

    // A bug needing both of two collections' gaps halved 6 times (drags
    // into one gap of each, again and again, in one case): no profile of
    // the generator aims at it. Steered by the number it reports, the
    // campaign finds it; the same campaign with the code reporting nothing
    // does not. (Measured at seed 1, 4000 cases: the steered campaign
    // reached 7.6 halvings in both, 6.0 at seed 2.)
    @Test("a bug two collections deep: found when the code reports how deep it is, not found when it does not")
    func steersToABug() throws {
        let steered = campaign(reports: true, seed: 1, runs: 4000, depth: 6)
        let finding = try #require(steered.findings.first?.finding, "not found in \(steered.runs) cases: \(steered.targets)")
        #expect(steered.steeredCases > 0)
        #expect((steered.targets["halvings in both"] ?? 0) >= 6)
        // Written from the steered case's own choices: it replays as found.
        #expect(finding.invariant == .reference, "\(finding.invariant): \(finding.message)")
        let plain = campaign(reports: false, seed: 1, runs: 4000, depth: 6)
        #expect(plain.findings.isEmpty, "\(plain.findings.map(\.finding.message))")
        #expect(plain.targets.isEmpty && plain.steeredCases == 0)
    }

    @Test("code that reports nothing runs exactly the campaign it ran before: the same cases, sessions and coverage")
    func unsteeredIsUnchanged() {
        let a = campaign(reports: false, seed: 3, runs: 300)
        var options = CampaignOptions(
            applierName: "fractional-keys", applier: .canonical, mode: .sessions, runs: 300, seconds: nil, seed: 3, jobs: 1,
            shard: (0, 1), outDirectory: NSTemporaryDirectory() + "targeted-\(UUID().uuidString)")
        options.code = { _ in .subject(FractionalKeys()) }
        options.stopAfterFindings = 1
        options.findingsPerInvariant = 1
        options.shrinksPerInvariant = 1
        let b = runCampaign(options)
        #expect(a.runs == b.runs && a.sessions == b.sessions && a.failingCases == b.failingCases)
        #expect(a.coverage == b.coverage)
        #expect(a.findings.map(\.finding.text) == b.findings.map(\.finding.text))
    }

    @Test("the steering keeps the best cases per label, best first, at most four, and changes one of them")
    func keepsTheBest() {
        var steering = TargetSteering(seed: 1)
        #expect(!steering.isActive && steering.next() == nil)
        for (k, score) in [3.0, 1, 5, 2, 4, 0].enumerated() {
            steering.note(["depth": score, "other": -score], choices: [UInt64(k), 7], mode: k == 2 ? .differences : .sessions)
        }
        #expect(steering.best["depth"]!.map(\.score) == [5, 4, 3, 2])
        #expect(steering.best["other"]!.map(\.score) == [0, -1, -2, -3])
        #expect(steering.maxima == ["depth": 5, "other": 0])
        // A new case enters only above the worst kept.
        steering.note(["depth": 1.5], choices: [9], mode: .sessions)
        #expect(steering.best["depth"]!.map(\.score) == [5, 4, 3, 2])
        // A failing case counts in what was reached, and is not steered from.
        steering.note(["depth": 9], choices: [9], mode: .sessions, passed: false)
        #expect(steering.best["depth"]!.map(\.score) == [5, 4, 3, 2])
        #expect(steering.maxima == ["depth": 9, "other": 0])
        for _ in 0..<20 {
            let next = steering.next()!
            var c = next.choices
            let first = c.drawRaw(.max)
            // A change of a kept case: its first choice (0...5 here), raised by at most 8.
            #expect(first <= 13)
        }
        #expect(steering.steered == 20)
        // Labels past the limit are not kept.
        for k in 0..<(FuzzTarget.maxLabels + 3) { steering.note(["label \(k)": 1], choices: [1], mode: .sessions) }
        #expect(steering.best.count == FuzzTarget.maxLabels)
    }

    @Test("what the code reports is collected per case, largest per label, finite only, and nothing outside a case")
    func collects() {
        FuzzTarget.observe(5, label: "outside")  // no case: ignored
        let (value, targets) = FuzzTarget.collecting { () -> Int in
            FuzzTarget.observe(1, label: "a")
            FuzzTarget.observe(3, label: "a")
            FuzzTarget.observe(2, label: "a")
            FuzzTarget.observe(.nan, label: "b")
            FuzzTarget.observe(.infinity, label: "b")
            FuzzTarget.observe(1, label: "")
            FuzzTarget.observe(1, label: String(repeating: "x", count: FuzzTarget.maxLabelBytes + 1))
            FuzzTarget.observe(-4)
            return 7
        }
        #expect(value == 7)
        #expect(targets == ["a": 3, "target": -4])
    }
}
