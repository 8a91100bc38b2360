import DragFuzz
import DragRecording
import ReorderCore
import Testing

/// Issue 44: `Shard` is the one parser and bound of `I/N` (`fuzz --shard`
/// and a summary's `shard`), and knows each shard's share of a campaign's
/// runs, which `corpus merge --summary` checks; `Coverage` read from a
/// summary is validated, and summed with overflow checked.
@Suite("Shards and summed coverage (issue 44)")
struct ShardTests {
    @Test(
        "Shard(parsing:) takes I/N with 0 <= I < N <= 10^6 in ASCII digits only",
        arguments: [
            ("0/1", true), ("3/4", true), ("999999/1000000", true), ("0/1000000", true), ("0/-5", false), ("-1/2", false),
            ("2/2", false), ("5/2", false), ("0/0", false), ("0/1000001", false), ("0/3000000", false),
            ("0/9223372036854775807", false), ("0/99999999999999999999999", false), ("1//2", false), ("1/2/3", false), ("", false),
            ("/2", false), ("1/", false), (" 1/2", false), ("1/2 ", false), ("+1/2", false), ("１/２", false), ("0/1\u{1B}[2J", false),
        ])
    func parsing(_ text: String, _ valid: Bool) {
        #expect((Shard(parsing: text) != nil) == valid, "\(text.debugDescription)")
        if let s = Shard(parsing: text) { #expect(s.description == text) }
    }

    @Test("each shard's share of a campaign's runs is exactly the cases it runs, and the shares add up to the runs")
    func shares() {
        for count in [1, 2, 3, 4, 7, 16] {
            for runs in [0, 1, 2, 3, 7, 100, 1001] {
                var total = 0
                for index in 0..<count {
                    let shard = Shard(index: index, count: count)!
                    let options = CampaignOptions(
                        applierName: "canonical", applier: .canonical, mode: nil, runs: runs, seconds: nil, seed: 1, jobs: 1,
                        shard: (index, count), outDirectory: "/nonexistent")
                    let mine = Array((0...).lazy.map(options.globalCase).prefix { $0 < runs })
                    #expect(shard.share(ofRuns: runs) == mine.count, "\(shard) of \(runs)")
                    total += shard.share(ofRuns: runs)
                }
                #expect(total == runs)
            }
        }
        #expect(Shard(index: 999_999, count: 1_000_000)!.share(ofRuns: 1_000_000_000_000) == 1_000_000)
    }

    @Test("coverage read from a summary: every count an integer in 0...Int.max; a sum past Int.max is an error naming the count")
    func coverageChecked() throws {
        let max = Int.max
        var big = Coverage()
        big.mutationDuringDrag = max
        big.drops["c0"] = max
        var one = Coverage()
        one.drops["c0"] = 1
        #expect(throws: FieldError(field: #"coverage.drops.c0"#, "the sum over the shards is past \(Int.max)")) {
            try big.checkedAdding(one)
        }
        one = Coverage()
        one.mutationDuringDrag = 1
        #expect(throws: FieldError(field: "coverage.mutationDuringDrag", "the sum over the shards is past \(Int.max)")) {
            try big.checkedAdding(one)
        }
        var key = Coverage()
        key.drops["a b"] = max
        #expect(throws: FieldError(field: #"coverage.drops["a b"]"#, "the sum over the shards is past \(Int.max)")) {
            try key.checkedAdding(key)
        }
        #expect(try Coverage().checkedAdding(big) == big)
    }
}
