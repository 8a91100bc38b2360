import Foundation
import TestSupport
import Testing

/// The JSON object in `path` (a summary file).
private func object(_ path: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
}

/// Issue 22: a campaign over many machines: every shard writes its folder
/// and summary, the merge takes missing and empty shards and adds the
/// summaries up, and a findings database is replayed first.
@Suite("Sharded campaigns (issue 22)")
struct ShardedCampaignTests {
    @Test("three shards, an empty folder and a missing one merge into the unsharded campaign's counts")
    func mergedSummary() throws {
        let base = try temporaryDirectory("shards")
        let common = ["fuzz", "--applier", "insert-before-remove", "--seed", "7", "--runs", "600", "--jobs", "2"]
        let whole = try runCLI(common + ["--out", base + "/whole", "--format", "json"])
        #expect(whole.code == 1)
        let unsharded = try #require(try JSONSerialization.jsonObject(with: Data(whole.stdout.utf8)) as? [String: Any])
        for i in 0..<3 {
            let r = try runCLI(common + ["--shard", "\(i)/3", "--out", base + "/s\(i)", "--summary", base + "/s\(i)/summary.json"])
            #expect(r.code == 1, "\(r.stderr)")
        }
        // A campaign that finds nothing still leaves its folder (and its summary).
        let clean = try runCLI(["fuzz", "--runs", "20", "--out", base + "/clean", "--summary", base + "/clean.json"])
        #expect(clean.code == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: base + "/clean").isEmpty)
        #expect(try object(base + "/clean.json")["shard"] as? String == "0/1")
        // What names the campaign (issue 44): its --runs and the tool's version; null under --time.
        let s0 = try object(base + "/s0/summary.json")
        #expect(s0["campaignRuns"] as? Int == 600)
        #expect((s0["version"] as? String)?.isEmpty == false)
        let timed = try runCLI(["fuzz", "--time", "0.2", "--shard", "0/2", "--out", base + "/timed", "--summary", base + "/timed.json"])
        #expect(timed.code == 0, "\(timed.stderr)")
        #expect(try object(base + "/timed.json")["campaignRuns"] is NSNull)
        let inputs = ["/s0", "/s1", "/s2", "/clean", "/never-ran"].map { base + $0 }
        let m = try runCLI(["corpus", "merge"] + inputs + ["-o", base + "/merged", "--summary", base + "/campaign.json"])
        #expect(m.code == 0, "\(m.stderr)")
        #expect(m.stderr.contains("\(base)/clean: note: no recordings; merged as an empty shard"), "\(m.stderr)")
        #expect(m.stderr.contains("\(base)/never-ran: note: no such folder; merged as an empty shard"), "\(m.stderr)")
        let campaign = try object(base + "/campaign.json")
        for key in ["runs", "sessions", "failingCases"] {
            #expect(campaign[key] as? Int == unsharded[key] as? Int, "\(key)")
        }
        // Coverage adds up to the unsharded run's, key by key.
        let merged = try #require(campaign["coverage"] as? NSDictionary)
        #expect(merged == unsharded["coverage"] as? NSDictionary, "\(merged)")
        #expect(m.stdout.contains("\ncoverage: drops into "), "\(m.stdout)")
        #expect(campaign["shards"] as? Int == 3)
        #expect((campaign["perShard"] as? [Any])?.count == 3)
        #expect(campaign["complete"] as? Bool == false)  // two inputs had no summary: named, not hidden
        #expect((campaign["unreadable"] as? [String])?.count == 2)
        #expect(m.stdout.contains("campaign: 600 cases, \(unsharded["sessions"] as? Int ?? -1) sessions"), "\(m.stdout)")
        // A shard that never reported is named by its index.
        let partial = try runCLI(["corpus", "merge", base + "/s0", base + "/s2", "-o", base + "/m2", "--summary", base + "/partial.json"])
        #expect(partial.code == 0)
        #expect(try object(base + "/partial.json")["missing"] as? [String] == ["1/3"])
        #expect(partial.stdout.contains("shard 1/3: missing"))
    }

    @Test("fuzz --db replays the database first: regressions still fail, fixed bugs pass, new findings are added by content")
    func database() throws {
        let base = try temporaryDirectory("db")
        let db = base + "/db"
        let first = try runCLI([
            "fuzz", "--applier", "insert-before-remove", "--seed", "4", "--runs", "400", "--db", db, "--out", base + "/o1",
        ])
        #expect(first.code == 1)
        #expect(first.stderr.contains("db: \(db): 0 replayed"), "\(first.stderr)")
        let found = try FileManager.default.contentsOfDirectory(atPath: base + "/o1").sorted()
        #expect(!found.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: db).sorted() == found)
        // The fixed code: every recording now passes, and the run is clean.
        let fixed = try runCLI([
            "fuzz", "--applier", "canonical", "--runs", "50", "--db", db, "--out", base + "/o2", "--summary", base + "/fixed.json",
        ])
        #expect(fixed.code == 0, "\(fixed.stderr)")
        // The summary carries what the database replay found.
        let summary = try #require(try object(base + "/fixed.json")["db"] as? [String: Any])
        #expect(summary["replayed"] as? Int == found.count)
        #expect((summary["nowPassing"] as? [String])?.count == found.count)
        #expect((summary["stillFailing"] as? [String])?.isEmpty == true)
        #expect(fixed.stderr.contains("\(found.count) replayed, 0 still fail, \(found.count) now pass"), "\(fixed.stderr)")
        // The bug back: found again before a single case is generated.
        let again = try runCLI([
            "fuzz", "--applier", "insert-before-remove", "--seed", "99", "--runs", "1", "--db", db, "--out", base + "/o3",
        ])
        #expect(again.code == 1)
        let replayed = try #require(again.stderr.range(of: "\(found.count) replayed, \(found.count) still fail, 0 now pass"))
        let generated = try #require(again.stderr.range(of: "fuzz: 1 cases"))
        #expect(replayed.lowerBound < generated.lowerBound)
        #expect(again.stderr.contains("db: still fails: \(db)/\(found[0])"))
    }

    @Test("fuzz --db: a recording that no longer reads is named with its line and reason, kept in the summary, and fails the run")
    func unreadableDatabaseRecording() throws {
        let base = try temporaryDirectory("db-bad")
        let db = base + "/db"
        try FileManager.default.createDirectory(atPath: db, withIntermediateDirectories: true)
        let text = try String(contentsOfFile: packageRoot + "/corpora/regression/list-backward-move.jsonl", encoding: .utf8)
        let header = String(text.split(separator: "\n")[0])
        let bad = header + "\n" + #"{"type":"lift","t":"a"}"# + "\n"
        try bad.write(toFile: db + "/bad.jsonl", atomically: true, encoding: .utf8)
        let r = try runCLI(["fuzz", "--runs", "20", "--db", db, "--out", base + "/o", "--summary", base + "/s.json"])
        #expect(r.code == 1, "\(r.stderr)")
        #expect(
            r.stderr.contains(#"db: unreadable: \#(db)/bad.jsonl:2:16: error: field "t" must be a finite number, got "a""#), "\(r.stderr)")
        let summary = try #require(try object(base + "/s.json")["db"] as? [String: Any])
        #expect((summary["unreadable"] as? [String]) == [db + "/bad.jsonl"])
        #expect(
            (summary["unreadableReasons"] as? [String])?.first?.hasSuffix(#"error: field "t" must be a finite number, got "a""#) == true)
    }
}
