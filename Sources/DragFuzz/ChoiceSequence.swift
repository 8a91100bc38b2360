import ReorderCore

/// xoshiro256** seeded through `SplitMix64` (ReorderCore): the fuzzer's PRNG, so a seed
/// gives the same run on every machine and toolchain.
public struct Xoshiro256: RandomNumberGenerator, Sendable {
    private var s: (UInt64, UInt64, UInt64, UInt64)

    public init(seed: UInt64) {
        var seeds = SplitMix64(seed: seed)
        s = (seeds.next(), seeds.next(), seeds.next(), seeds.next())
    }

    public mutating func next() -> UInt64 {
        let result = ((s.1 &* 5) << 7 | (s.1 &* 5) >> 57) &* 9
        let t = s.1 << 17
        s.2 ^= s.0
        s.3 ^= s.1
        s.1 ^= s.2
        s.0 ^= s.3
        s.2 ^= t
        s.3 = s.3 << 45 | s.3 >> 19
        return result
    }

    /// The seed of case `index` in a campaign: disjoint streams per index.
    public static func caseSeed(_ seed: UInt64, _ index: UInt64) -> UInt64 {
        var g = Xoshiro256(seed: seed ^ (index &* 0xD1B5_4A32_D192_ED03))
        return g.next()
    }
}

/// The one sequence every random decision is drawn from (the design of
/// Hypothesis's Conjecture engine). Generating from a seed records the
/// choices; replaying a recorded (or shrunk, or libFuzzer-made) sequence
/// regenerates the case. Past its end a replayed sequence yields 0, the
/// simplest choice, so any prefix is a valid case.
public struct ChoiceSequence: Sendable {
    private var prefix: [UInt64]
    private var rng: Xoshiro256?
    /// The choices made so far, each reduced to its range.
    public private(set) var choices: [UInt64] = []
    /// Draws are capped so a hostile sequence cannot run forever.
    public static let maxChoices = 4096

    /// Fresh choices from a seed.
    public init(seed: UInt64) {
        prefix = []
        rng = Xoshiro256(seed: seed)
        choices.reserveCapacity(256)
    }

    /// Replays `choices` (shrinking, libFuzzer input).
    public init(replaying choices: [UInt64]) {
        prefix = choices
        rng = nil
    }

    /// Replays `prefix`, then draws fresh choices from `seed`: a kept
    /// case's beginning with a new end (targeted depth, `TargetSteering`).
    public init(replaying prefix: [UInt64], thenSeed seed: UInt64) {
        self.prefix = prefix
        rng = Xoshiro256(seed: seed)
        choices.reserveCapacity(max(256, prefix.count))
    }

    /// A value in `0...bound`; 0 is always the simplest.
    public mutating func draw(_ bound: Int) -> Int {
        Int(drawRaw(UInt64(max(bound, 0))))
    }

    mutating func drawRaw(_ bound: UInt64) -> UInt64 {
        let i = choices.count
        if i >= Self.maxChoices { return 0 }
        var v: UInt64
        if i < prefix.count {
            v = prefix[i]
            if v > bound { v = bound == .max ? v : v % (bound + 1) }
        } else if var g = rng {
            let r = g.next()
            rng = g
            v = bound == .max ? r : r % (bound + 1)
        } else {
            v = 0
        }
        choices.append(v)
        return v
    }

    /// True with probability about `percent`% when generating; 0 means false.
    public mutating func weighted(_ percent: Int) -> Bool {
        draw(99) >= 100 - percent
    }

    /// "One more element?": mostly yes when generating; shrinking to 0 stops.
    public mutating func more(_ percent: Int = 90) -> Bool { weighted(percent) }
}
