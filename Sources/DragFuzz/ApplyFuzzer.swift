import DragRecording
import ReorderCore

/// Fuzz your own apply function from your own test target:
///
///     import DragFuzz
///     import Testing
///
///     @Test func myApplyKeepsTheInvariants() {
///         let report = ApplyFuzzer.check(runs: 20_000) { ids, difference in
///             var items = ids
///             items.apply(difference)   // the function under test
///             return items
///         }
///         #expect(report.failure == nil, "\(report)")
///     }
///
/// Both modes run: drag sessions through hit testing (your function gets the
/// differences a real drag produces) and arbitrary differences (anchors among
/// the sources, missing and duplicated IDs). A failure comes back shrunk, as
/// a dragrec recording you can save and replay.
public enum ApplyFuzzer {
    /// For `reorderContainer(for:)` with a single collection.
    public static func check(
        runs: Int = 10_000, seed: UInt64 = 1,
        _ apply: @escaping @Sendable ([Int], ReorderDifference<Int, ReorderableSingleCollectionIdentifier>) -> [Int]
    ) -> FuzzReport {
        let applier = Applier<Int, Int>.orders(name: "yours") { orders, _, d in
            let single = ReorderDifference<Int, ReorderableSingleCollectionIdentifier>(
                sources: d.sources,
                destination: .init(collectionID: .init(), position: d.destination.position.anchor.map { .before($0) } ?? .end))
            return [apply(orders[0], single)]
        }
        return run(applier, runs: runs, seed: seed, collections: 1)
    }

    /// For `reorderContainer(for:in:)`: the orders of every collection, by
    /// collection index (the difference's `collectionID` is that index).
    public static func check(
        runs: Int = 10_000, seed: UInt64 = 1, collections: Int = 3,
        _ apply: @escaping @Sendable ([[Int]], ReorderDifference<Int, Int>) -> [[Int]]
    ) -> FuzzReport {
        run(.orders(name: "yours") { orders, _, d in apply(orders, d) }, runs: runs, seed: seed, collections: max(1, collections))
    }

    static func run(_ applier: Applier<Int, Int>, runs: Int, seed: UInt64, collections: Int) -> FuzzReport {
        for index in 0..<runs {
            let mode: FuzzMode = index % 2 == 0 ? .sessions : .differences
            var runner = CaseRunner(applier: applier, mode: mode)
            runner.maxCollections = collections
            runner.unknownCollections = collections > 1
            var choices = ChoiceSequence(seed: Xoshiro256.caseSeed(seed, UInt64(index)))
            guard let v = runner.run(&choices).violation else { continue }
            let shrunk = Shrinker(runner: runner, invariant: v.invariant).shrink(choices.choices)
            guard let violation = shrunk.result.violation else { continue }
            let finding = shrunk.result.fuzzCase.finding(
                violation, context: FindingContext(generator: "ApplyFuzzer", applierName: "yours", seed: seed), caseIndex: index,
                shrinkAttempts: shrunk.attempts)
            return FuzzReport(
                runs: index + 1,
                failure: FuzzFailure(invariant: violation.invariant, message: violation.message, caseIndex: index, recording: finding.text))
        }
        return FuzzReport(runs: runs, failure: nil)
    }
}

/// What `ApplyFuzzer.check` found.
public struct FuzzReport: Sendable, CustomStringConvertible {
    public var runs: Int
    public var failure: FuzzFailure?

    public var description: String {
        guard let f = failure else { return "\(runs) cases, no invariant broken" }
        return
            "case \(f.caseIndex) broke \(f.invariant.rawValue): \(f.message)\nshrunk recording (save as .jsonl, replay with dragreplay):\n\(f.recording)"
    }
}

public struct FuzzFailure: Sendable {
    public var invariant: Invariant
    public var message: String
    public var caseIndex: Int
    /// The shrunk case as a dragrec recording (`relocate` lines with
    /// `"via":"applier"` are differences delivered to your function).
    public var recording: String
}
