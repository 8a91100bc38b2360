/// One shard of a campaign, `I/N` (`fuzz --shard`, and the `shard` of a
/// `--summary` file): `0 <= I < N <= Shard.maxCount`. The one parser of the
/// text, so the option and a summary read back are bounded alike.
///
///     Shard(parsing: "1/4")       // index 1, count 4
///     Shard(parsing: "0/-5")      // nil
///     Shard(index: 1, count: 2).share(ofRuns: 7)  // 3: cases 2, 3 and 6
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// The most shards a campaign has (a CI matrix or many machines; past it
    /// a campaign's bookkeeping, a merge's list of missing shards, grows
    /// with no use).
    public static let maxCount = 1_000_000

    public let index: Int
    public let count: Int

    /// A shard within the bounds; `nil` otherwise.
    public init?(index: Int, count: Int) {
        guard count >= 1, count <= Self.maxCount, index >= 0, index < count else { return nil }
        self.index = index
        self.count = count
    }

    /// `I/N` with decimal ASCII digits only (no sign, no space, no other
    /// character), within the bounds; `nil` otherwise.
    public init?(parsing text: String) {
        let parts = text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        // Seven digits hold the largest count: longer is out of range, and never parsed.
        guard parts.count == 2,
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 7 && $0.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } })
        else { return nil }
        func value(_ digits: Substring.UTF8View.SubSequence) -> Int { digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } }
        self.init(index: value(parts[0]), count: value(parts[1]))
    }

    /// What the option's message says is expected.
    public static let expected = "I/N with 0 <= I < N <= \(maxCount), such as 0/4"

    /// `I/N`.
    public var description: String { "\(index)/\(count)" }

    /// How many of a campaign's `runs` cases this shard runs: pair `p` of
    /// cases `2p, 2p + 1` is shard `p % count`'s (`CampaignOptions.globalCase`).
    public func share(ofRuns runs: Int) -> Int {
        guard runs > 0 else { return 0 }
        let pairs = runs / 2
        var cases = 2 * (pairs / count + (index < pairs % count ? 1 : 0))
        if runs % 2 == 1 && pairs % count == index { cases += 1 }
        return cases
    }
}
