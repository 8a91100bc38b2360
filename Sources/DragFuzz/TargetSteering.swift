import DragRecording
import ReorderConformance

/// Targeted depth (Hypothesis's `target()`, by hill climbing over choice
/// sequences): the cases whose code under test reported the largest values
/// (`FuzzTarget`), kept per label, and new cases made from them. A kept
/// case's choices are replayed with a change (its beginning with a fresh
/// end, a stretch of it repeated, one choice raised), so a case that got a
/// gap smaller is the start of one that gets it smaller still: a repeated
/// stretch is a drag done again, a raised choice a longer case or another
/// target.
///
/// Only cases after the first report are steered, and one case in two:
/// code that reports nothing runs exactly the campaign it ran before, and a
/// steered campaign keeps exploring. A steered case is a function of the
/// worker's earlier cases, not of its index alone (docs/decisions.md,
/// "Targeted depth").
///
///     var steering = TargetSteering(seed: 7)
///     steering.note(["smallest gap": -0.25], choices: [3, 1, 4], mode: .sessions)
///     let next = steering.next()  // a change of [3, 1, 4], in sessions mode
struct TargetSteering {
    /// A kept case: what it reported for the label and how to make it again.
    struct Entry {
        var score: Double
        var choices: [UInt64]
        var mode: FuzzMode
        /// Where each step's choices begin (`CaseRunner.Result.stepStarts`).
        var starts: [Int]
    }

    /// Mixed into the campaign's seed for the steering's own draws, so
    /// they never repeat a case's.
    static let seedSalt: UInt64 = 0x7461_7267_6574

    /// Cases kept per label, best first.
    static let kept = 4
    /// The longest stretch a change repeats.
    static let maxRepeat = 64

    /// Per label, the best cases, best first.
    private(set) var best: [String: [Entry]] = [:]
    /// Labels in the order first reported: the round robin of `next`.
    private var labels: [String] = []
    private var turn = 0
    private var rng: Xoshiro256
    /// Cases made by `next`.
    private(set) var steered = 0

    init(seed: UInt64) { rng = Xoshiro256(seed: seed) }

    /// Whether some case has reported a value.
    var isActive: Bool { !labels.isEmpty }

    /// The largest value reported per label, by any case.
    private(set) var maxima: [String: Double] = [:]

    /// Counts what a case reported, and keeps the case that made `choices`
    /// under each label it ranks among the best for, when it `passed`: a
    /// failing case is a finding already, and steering from it would find
    /// the same bug again and again, each steered case a failure and, with
    /// an app, a restart (docs/decisions.md, "Targeted depth").
    /// - Complexity: O(labels × `kept`).
    mutating func note(_ targets: [String: Double], choices: [UInt64], mode: FuzzMode, starts: [Int] = [], passed: Bool = true) {
        for (label, score) in targets where maxima[label] != nil || maxima.count < FuzzTarget.maxLabels {
            if score > maxima[label] ?? -.infinity { maxima[label] = score }
        }
        guard passed else { return }
        for (label, score) in targets {
            var list = best[label] ?? []
            if list.isEmpty && labels.count >= FuzzTarget.maxLabels { continue }
            if list.isEmpty { labels.append(label) }
            guard list.count < Self.kept || score > list[list.count - 1].score else { continue }
            let at = list.firstIndex { score > $0.score } ?? list.count
            list.insert(Entry(score: score, choices: choices, mode: mode, starts: starts), at: at)
            if list.count > Self.kept { list.removeLast() }
            best[label] = list
        }
    }

    /// The steered case in place of a loop's `local`-th case, when it is
    /// one: the odd cases, once some case has reported. The one schedule of
    /// every loop that steers (a campaign's workers, `ApplyFuzzer.check`).
    mutating func next(inPlaceOf local: Int) -> (choices: ChoiceSequence, mode: FuzzMode)? {
        guard local & 1 == 1, isActive else { return nil }
        return next()
    }

    /// The next steered case: a change of a kept case of the next label
    /// (the best one half the time), and the mode it ran in; `nil` before
    /// any report.
    mutating func next() -> (choices: ChoiceSequence, mode: FuzzMode)? {
        guard !labels.isEmpty else { return nil }
        let label = labels[turn % labels.count]
        turn += 1
        guard let list = best[label], !list.isEmpty else { return nil }
        let entry = random(2) == 0 ? list[0] : list[random(list.count)]
        steered += 1
        return (changed(entry.choices, starts: entry.starts), entry.mode)
    }

    /// `choices` with one change, then fresh choices.
    private mutating func changed(_ choices: [UInt64], starts: [Int]) -> ChoiceSequence {
        var c = choices
        let fresh = rng.next()
        guard !c.isEmpty else { return ChoiceSequence(seed: fresh) }
        if !starts.isEmpty, random(2) == 0 {
            // One step done again, up to 16 times: the same drag into the
            // same gap, as a user who drags one card there again and again.
            let s = random(starts.count)
            let end = s + 1 < starts.count ? starts[s + 1] : c.count
            let step = c[starts[s]..<end]
            for _ in 0...random(16) { c.insert(contentsOf: step, at: end) }
            if c.count > ChoiceSequence.maxChoices { c.removeLast(c.count - ChoiceSequence.maxChoices) }
            return ChoiceSequence(replaying: c, thenSeed: fresh)
        }
        switch random(3) {
        case 0:
            // Its beginning (at least half), then a new end.
            c.removeLast(random(c.count / 2 + 1))
        case 1:
            // A stretch done again, right after itself.
            let start = random(c.count)
            let length = 1 + random(min(Self.maxRepeat, c.count - start))
            c.insert(contentsOf: c[start..<start + length], at: start + length)
        default:
            // One choice raised: a longer case, a later target, another kind.
            let i = random(c.count)
            c[i] = c[i] &+ 1 &+ UInt64(random(8))
        }
        if c.count > ChoiceSequence.maxChoices { c.removeLast(c.count - ChoiceSequence.maxChoices) }
        return ChoiceSequence(replaying: c, thenSeed: fresh)
    }

    /// `targets (largest reported): "smallest gap" -1.4e-17 (2048 cases
    /// steered)`, or nothing when the code under test reported none: the
    /// one line of a campaign's summary and of `FuzzReport`.
    static func text(_ targets: [String: Double], steered: Int) -> String {
        guard !targets.isEmpty else { return "" }
        let values = targets.sorted { $0.key < $1.key }.map { "\(Format.quoted($0.key)) \(Format.number($0.value))" }
        return "targets (largest reported): \(values.joined(separator: ", ")) (\(steered) case\(steered == 1 ? "" : "s") steered)\n"
    }

    private mutating func random(_ n: Int) -> Int { n <= 1 ? 0 : Int(rng.next() % UInt64(n)) }
}
