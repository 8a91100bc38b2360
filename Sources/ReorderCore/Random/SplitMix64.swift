/// SplitMix64 (Steele, Lea and Flood, 2014): the project's one seeded
/// generator. The same seed gives the same sequence on every machine and
/// toolchain, which the standard library's generator does not promise, so a
/// seeded test or fuzz case reproduces anywhere. `Xoshiro256` (DragFuzz) is
/// seeded through it; tests draw their data from it.
///
/// In ReorderCore, the module every other one depends on, so the libraries,
/// the test support and an app's own tests reach the same definition.
///
///     var rng = SplitMix64(seed: 7)
///     let n = Int.random(in: 0..<10, using: &rng)
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
