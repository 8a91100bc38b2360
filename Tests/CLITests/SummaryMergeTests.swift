import Foundation
import TestSupport
import Testing

/// A shard summary as `fuzz --shard I/N --summary FILE` writes it (one
/// line), with `changes` spliced in: each key's value replaced, or added.
private func summaryText(_ changes: [String: String] = [:]) -> String {
    var fields: [(String, String)] = [
        ("shard", #""0/2""#), ("campaignRuns", "200"), ("version", #""0.4.0""#), ("seconds", "0.5"), ("shrinkSeconds", "0"),
        ("applier", #""canonical""#), ("seed", "3"), ("runs", "100"), ("sessions", "886"), ("failingCases", "0"),
        (
            "coverage",
            #"{"drops":{"(single)":801,"c0":96},"operations":{"move":772,"copy":4,"forbidden":8},"mutationDuringDrag":24,"#
                + #""multiItemDrags":37,"deferredApplies":270,"fullOrLockedDrops":0,"swipeActions":{"leading":1,"trailing":1}}"#
        ),
        ("findings", "[]"), ("writeFailures", "[]"), ("interrupted", "false"),
    ]
    for (key, value) in changes {
        if let i = fields.firstIndex(where: { $0.0 == key }) { fields[i].1 = value } else { fields.append((key, value)) }
    }
    return "{" + fields.filter { !$0.1.isEmpty }.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}\n"
}

/// Writes each summary as `DIR/summary.json` of its own folder under a new
/// directory; the folders' paths.
private func shardFolders(_ summaries: [String], _ prefix: String) throws -> (base: String, folders: [String]) {
    let base = try temporaryDirectory(prefix)
    var folders: [String] = []
    for (i, text) in summaries.enumerated() {
        let folder = base + "/s\(i)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try text.write(toFile: folder + "/summary.json", atomically: true, encoding: .utf8)
        folders.append(folder)
    }
    return (base, folders)
}

/// Issue 44 (classes 1-3) and issue 41: `corpus merge --summary` reads
/// every field of a shard summary as the `fuzz` option it records, adds
/// counts with overflow checked, reads only regular files, and merges only
/// the shards of one campaign, each once. A refusal is exit 2 naming the
/// file (and the field, at its line and column), with nothing merged.
@Suite("corpus merge --summary hardening (issue 44)")
struct SummaryMergeTests {
    @Test(
        "a summary field out of the bounds of its option is exit 2 at its line and column, nothing merged, no trap",
        arguments: [
            (
                ["shard": #""0/-5""#],
                #"s0/summary.json:1:2: error: shard: "0/-5" is out of range or not I/N; expected I/N with 0 <= I < N <= 1000000, such as 0/4, as 'fuzz --shard' takes it"#
            ),
            (
                ["shard": #""0/9223372036854775807""#],
                #"s0/summary.json:1:2: error: shard: "0/9223372036854775807" is out of range or not I/N;"#
            ),
            (["shard": #""0/3000000""#], #"s0/summary.json:1:2: error: shard: "0/3000000" is out of range or not I/N;"#),
            (["shard": #""5/2""#], #"s0/summary.json:1:2: error: shard: "5/2" is out of range or not I/N;"#),
            (
                ["shard": #""0/1\u001b[2J\nshard 1/1: fake""#],
                #"s0/summary.json:1:2: error: shard: "0/1\u001b[2J\nshard 1/1: fake" is out of range"#
            ),
            (["shard": "7"], "s0/summary.json:1:2: error: shard: expected I/N with 0 <= I < N <= 1000000"),
            (["runs": "9223372036854775807"], "s0/summary.json:1:116: error: runs: expected an integer from 0 to 1000000000000"),
            (["runs": "-1"], "s0/summary.json:1:116: error: runs: expected an integer from 0 to 1000000000000"),
            (["failingCases": "101"], "error: failingCases: expected an integer from 0 to 100"),
            (["seed": "-3"], "s0/summary.json:1:107: error: seed: expected an integer from 0 to 9223372036854775807"),
            (
                ["campaignRuns": ""],
                "s0/summary.json:1:1: error: campaignRuns: missing: a summary written before it was recorded; run the shard again with this dragreplay"
            ),
            (["campaignRuns": "0"], "s0/summary.json:1:16: error: campaignRuns: expected an integer from 1 to 1000000000000"),
            (
                ["version": ""],
                "s0/summary.json:1:1: error: version: missing: a summary written before it was recorded; run the shard again"
            ),
            (["version": #""0.4.0\u001b[31m""#], "s0/summary.json:1:35: error: version: expected the version of the dragreplay"),
            (["applier": #""no-such""#], "s0/summary.json:1:85: error: applier: expected one of canonical,"),
            (["interrupted": "1"], "error: interrupted: expected true or false"),
            (["seconds": "-1"], "error: seconds: expected a number of seconds >= 0"),
            (["coverage": #"{"drops":{}}"#], "error: coverage.operations: expected an object of counts"),
            (
                ["coverage": #"{"drops":{"c0":-1},"operations":{},"swipeActions":{}}"#],
                #"error: coverage.drops.c0: expected a count: an integer from 0 to 9223372036854775807"#
            ),
            (
                ["coverage": #"{"drops":{},"operations":{"teleport":1},"swipeActions":{}}"#],
                "error: coverage.operations.teleport: not an operation (expected move, copy or forbidden)"
            ),
        ])
    func fieldOutOfBounds(_ changes: [String: String], _ message: String) throws {
        let (base, folders) = try shardFolders([summaryText(changes)], "summary-field")
        let r = try runCLI(["corpus", "merge"] + folders + ["-o", base + "/merged", "--summary", base + "/campaign.json"], cwd: base)
        #expect(r.code == 2 && !r.signalled, "\(r.stderr)")
        #expect(r.stderr.contains(message.replacingOccurrences(of: "s0/summary.json", with: base + "/s0/summary.json")), "\(r.stderr)")
        #expect(r.stderr.hasSuffix("corpus merge: error: 1 summary refused; nothing merged\n"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: base + "/merged"))
        #expect(!FileManager.default.fileExists(atPath: base + "/campaign.json"))
        expectNoRawControl(r, "a hostile summary field")
    }

    @Test("a file that is not a shard summary (a fuzz --format json output, an array, not JSON) is exit 2, never 'incomplete' and 0")
    func notASummary() throws {
        let base = try temporaryDirectory("not-summary")
        let json = try runCLI(["fuzz", "--runs", "20", "--out", base + "/found", "--format", "json"])
        #expect(json.code == 0)
        try json.stdout.write(toFile: base + "/fuzz.json", atomically: true, encoding: .utf8)
        try "[1,2]\n".write(toFile: base + "/array.json", atomically: true, encoding: .utf8)
        try "{\"shard\":\n".write(toFile: base + "/cut.json", atomically: true, encoding: .utf8)
        for (file, message) in [
            (
                "fuzz.json",
                "fuzz.json:1:1: error: not a fuzz --summary file: no \"shard\" (write one with 'fuzz --shard I/N --summary FILE')"
            ),
            ("array.json", "array.json:1:1: error: not a fuzz --summary file (expected a JSON object)"),
            ("cut.json", "cut.json:1:1: error: not a fuzz summary: not valid JSON at byte"),
        ] {
            let r = try runCLI(["corpus", "merge", base + "/" + file, "-o", base + "/m", "--summary", base + "/c.json"])
            #expect(r.code == 2, "\(file): \(r.stderr)")
            #expect(r.stderr.contains(base + "/" + message), "\(r.stderr)")
            #expect(r.stdout.isEmpty, "\(file)")
        }
    }

    @Test("counts whose sum over the shards passes Int.max are exit 2 naming the file and the field, never a trap")
    func overflow() throws {
        let max = "9223372036854775807"
        /// A coverage object as fuzz writes it, with `changes` spliced in.
        func coverage(drops: String = "{}", operations: String = "{}", mutations: String = "0") -> String {
            #"{"drops":"# + drops + #","operations":"# + operations + #","mutationDuringDrag":"# + mutations
                + #","multiItemDrags":0,"deferredApplies":0,"fullOrLockedDrops":0,"swipeActions":{}}"#
        }
        let cases: [([String: String], String)] = [
            (["sessions": max], "s1/summary.json: error: sessions: the sum over the shards is past \(max)"),
            (
                ["coverage": coverage(mutations: max)],
                "s1/summary.json: error: coverage.mutationDuringDrag: the sum over the shards is past \(max)"
            ),
            (
                ["coverage": coverage(drops: #"{"c0":"# + max + "}")],
                "s1/summary.json: error: coverage.drops.c0: the sum over the shards is past \(max)"
            ),
            (
                ["coverage": coverage(operations: #"{"copy":"# + max + "}")],
                "s1/summary.json: error: coverage.operations.copy: the sum over the shards is past \(max)"
            ),
        ]
        for (changes, message) in cases {
            var other = changes
            other["shard"] = #""1/2""#
            let (base, folders) = try shardFolders([summaryText(changes), summaryText(other)], "summary-overflow")
            let r = try runCLI(["corpus", "merge"] + folders + ["-o", base + "/merged", "--summary", base + "/campaign.json"])
            #expect(r.code == 2 && !r.signalled, "\(r.stderr)")
            #expect(r.stderr.contains(base + "/" + message), "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: base + "/campaign.json"))
        }
    }

    @Test("a FIFO, a directory or a device where a summary should be is refused before it is opened: no hang")
    func notRegular() throws {
        let base = try temporaryDirectory("summary-fifo")
        try FileManager.default.createDirectory(atPath: base + "/shard", withIntermediateDirectories: true)
        #expect(mkfifo(base + "/shard/summary.json", 0o644) == 0)
        #expect(mkfifo(base + "/x.json", 0o644) == 0)
        try FileManager.default.createDirectory(atPath: base + "/d/summary.json", withIntermediateDirectories: true)
        for (input, kind) in [("shard", "a FIFO"), ("x.json", "a FIFO"), ("d", "a directory")] {
            let r = try runShell(
                #"timeout 20 "$DRAGREPLAY" corpus merge "$0" -o "$1" --summary "$2""#.replacingOccurrences(
                    of: "$0", with: base + "/" + input
                )
                .replacingOccurrences(of: "$1", with: base + "/m").replacingOccurrences(of: "$2", with: base + "/c.json"))
            #expect(r.code == 2, "\(input): \(r.code) \(r.stderr)")
            let path = input.hasSuffix(".json") ? base + "/" + input : base + "/" + input + "/summary.json"
            #expect(
                r.stderr.contains("\(path): error: is \(kind), not a regular file (expected a regular file); it was not read"),
                "\(r.stderr)")
        }
        // A link named summary.json to a device: followed, and refused as what it points at.
        try FileManager.default.createDirectory(atPath: base + "/z", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: base + "/z/summary.json", withDestinationPath: "/dev/zero")
        let device = try runCLI(["corpus", "merge", base + "/z", "-o", base + "/m", "--summary", base + "/c.json"])
        #expect(device.code == 2, "\(device.stderr)")
        #expect(device.stderr.contains("\(base)/z/summary.json: error: is a character device, not a regular file"), "\(device.stderr)")
    }

    @Test("shards of different campaigns, a shard twice, or runs that are not a shard's share: exit 2 naming both files, nothing merged")
    func oneCampaign() throws {
        let cases: [([String], [String])] = [
            (
                [summaryText(), summaryText(), summaryText(["shard": #""1/2""#, "seed": "9", "applier": #""insert-before-remove""#])],
                [
                    "BASE/s1/summary.json: error: shard 0/2 again: BASE/s0/summary.json is shard 0/2 too (each shard is merged once)",
                    "BASE/s2/summary.json: error: not a shard of the campaign of BASE/s0/summary.json: seed 9, not 3, "
                        + #""applier insert-before-remove", not "applier canonical" (the shards of one campaign share seed, runs, subject, version and shard count)"#,
                ]
            ),
            (
                [summaryText(), summaryText(["shard": #""1/3""#, "campaignRuns": "300", "version": #""0.5.0""#])],
                [
                    "BASE/s1/summary.json: error: not a shard of the campaign of BASE/s0/summary.json: campaign runs 300, not 200, version 0.5.0, not 0.4.0, shard count 3, not 2"
                ]
            ),
            (
                [summaryText(), summaryText(["shard": #""1/2""#, "app": #""python3 app.py""#, "applier": ""])],
                [#""app python3 app.py", not "applier canonical""#]
            ),
            ([summaryText(["runs": "150"])], ["BASE/s0/summary.json: error: runs: 150 cases, but shard 0/2 of a campaign of 200 runs 100"]),
            (
                [summaryText(["shard": #""1/2""#, "runs": "101", "interrupted": "true"])],
                ["shard 1/2 of a campaign of 200 runs 100 at most"]
            ),
        ]
        for (summaries, messages) in cases {
            let (base, folders) = try shardFolders(summaries, "summary-campaign")
            let r = try runCLI(["corpus", "merge"] + folders + ["-o", base + "/merged", "--summary", base + "/campaign.json"])
            #expect(r.code == 2, "\(r.stderr)")
            for m in messages {
                #expect(r.stderr.contains(m.replacingOccurrences(of: "BASE", with: base)), "\(r.stderr)")
            }
            #expect(r.stdout.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: base + "/merged"))
        }
    }

    @Test("missing shards are counted and the first 20 named: one shard of 1,000,000 prints a bounded summary at once")
    func missingBounded() throws {
        let (base, folders) = try shardFolders(
            [summaryText(["shard": #""3/1000000""#, "campaignRuns": "null", "runs": "2"])], "summary-missing")
        let r = try runShell(
            #"timeout 20 "$DRAGREPLAY" corpus merge "$0" -o "$1" --summary "$2""#.replacingOccurrences(of: "$0", with: folders[0])
                .replacingOccurrences(of: "$1", with: base + "/m").replacingOccurrences(of: "$2", with: base + "/campaign.json"))
        #expect(r.code == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.filter { $0.hasSuffix(": missing") }.count == 20)
        #expect(
            lines.contains("shard 0/1000000: missing") && lines.contains("shard 20/1000000: missing")
                && !lines.contains("shard 3/1000000: missing"))
        #expect(lines.contains("999999 of 1000000 shards missing in all (999979 more not listed)"), "\(r.stdout)")
        #expect(r.stdout.utf8.count < 4096)
        let campaign = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: base + "/campaign.json"))) as? [String: Any])
        #expect(campaign["missingCount"] as? Int == 999_999)
        #expect((campaign["missing"] as? [String])?.count == 20)
        #expect(campaign["complete"] as? Bool == false)
    }
}
