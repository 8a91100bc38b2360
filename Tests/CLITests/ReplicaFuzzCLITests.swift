import Foundation
import TestSupport
import Testing

/// `dragreplay fuzz --replicas N`: exit codes, the finding it writes and
/// `replay --merge-bug` of it, and the usage errors.
@Suite("fuzz --replicas")
struct ReplicaFuzzCLITests {
    @Test("a correct model: exit 0, the summary line, an empty findings folder")
    func cleanRun() throws {
        let out = try temporaryDirectory("rfuzz") + "/found"
        let r = try runCLI(["fuzz", "--replicas", "3", "--runs", "200", "--seed", "5", "--jobs", "2", "--out", out])
        #expect(r.code == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("fuzz --replicas 3 --merge causal: 200 cases, "), "\(r.stdout)")
        #expect(r.stdout.contains(" delivered (") && r.stdout.contains("intent-undecided") && r.stdout.contains("0 findings"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).isEmpty)
    }

    @Test("a buggy merge: exit 1, a finding named by its check that replay --merge-bug fails with that check")
    func findingReplays() throws {
        let out = try temporaryDirectory("rfuzz") + "/found"
        let r = try runCLI(["fuzz", "--replicas", "2", "--merge-bug", "ack-by-any", "--runs", "300", "--jobs", "1", "--out", out])
        #expect(r.code == 1, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("fuzz --replicas 2 --merge server --merge-bug ack-by-any: 300 cases"), "\(r.stdout)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(!files.isEmpty)
        for file in files {
            let check = String(file[..<file.lastIndex(of: "-")!])
            let replay = try runCLI(["replay", "--merge-bug", "ack-by-any", out + "/" + file])
            #expect(replay.code == 1, "\(replay.stdout)\(replay.stderr)")
            #expect(replay.stdout.contains("error: \(check):"), "\(replay.stdout)")
            #expect(r.stdout.contains("replay: dragreplay replay --merge-bug ack-by-any "))
        }
    }

    @Test(
        "usage errors exit 2 with a message",
        arguments: [
            (["--replicas", "1"], "'--replicas'"),
            (["--replicas", "9"], "'--replicas'"),
            (["--replicas", "2", "--merge", "causal", "--merge-bug", "no-dedupe"], "imitates the server model"),
            (["--replicas", "2", "--nemesis", "delay,jitter"], "'--nemesis'"),
            (["--replicas", "2", "--shard", "2/2"], "Invalid value '2/2' for '--shard'"),
            (["--replicas", "2", "--world", "/nonexistent/w.jsonl"], "'--world' "),
            (["--replicas", "2", "--applier", "canonical"], "'--applier' does not apply to --replicas"),
            (["--replicas", "2", "--summary", "x.json"], "'--summary' is not yet with --replicas"),
            (["--merge", "server"], "'--merge' is only for 'fuzz --replicas N'"),
            (["--merge-bug", "ack-by-any"], "'--merge-bug' is only for 'fuzz --replicas N'"),
        ])
    func usageErrors(_ arguments: [String], _ message: String) throws {
        let r = try runCLI(["fuzz"] + arguments + ["--runs", "1", "--out", try temporaryDirectory("rfuzz")])
        #expect(r.code == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }

    /// The "N cases, M replicated sessions, L local changes" of a summary.
    static func counts(_ stdout: String) -> [Int] {
        let line = stdout.split(separator: "\n").first.map(String.init) ?? ""
        let tail = line[line.range(of: ": ")!.upperBound...]
        return tail.split(separator: ",").prefix(3).map { Int($0.split(separator: " ").first!)! }
    }

    @Test("--shard: the shards' cases, sessions and local changes add up to the unsharded run's; each names its shard")
    func shardsAddUp() throws {
        let dir = try temporaryDirectory("rshard")
        let whole = try runCLI(["fuzz", "--replicas", "2", "--runs", "61", "--seed", "9", "--jobs", "1", "--out", dir + "/all"])
        #expect(whole.code == 0, "\(whole.stderr)")
        var sum = [0, 0, 0]
        var dropSum = (0, 0)
        for i in 0..<3 {
            let r = try runCLI([
                "fuzz", "--replicas", "2", "--runs", "61", "--seed", "9", "--jobs", "2", "--shard", "\(i)/3", "--out", dir + "/s\(i)",
            ])
            #expect(r.code == 0, "\(r.stderr)")
            #expect(r.stdout.hasPrefix("fuzz --replicas 2 --merge causal --shard \(i)/3: "), "\(r.stdout)")
            let c = Self.counts(r.stdout)
            #expect(c[0] == [21, 20, 20][i])
            sum = zip(sum, c).map { $0 + $1 }
            let (committed, drags) = try #require(Self.drops(r.stdout), "\(r.stdout)")
            dropSum = (dropSum.0 + committed, dropSum.1 + drags)
        }
        #expect(sum == Self.counts(whole.stdout))
        // The drags and the drops that committed add up too.
        let (committed, drags) = try #require(Self.drops(whole.stdout), "\(whole.stdout)")
        #expect(dropSum == (committed, drags) && drags > 0)
    }

    @Test("--db: a finding is added, then replayed first and still failing (exit 1); one replica's recordings are left alone")
    func database() throws {
        let dir = try temporaryDirectory("rdb")
        let db = dir + "/db"
        let args = [
            "fuzz", "--replicas", "2", "--merge-bug", "index-rebase", "--runs", "20", "--jobs", "1", "--out", dir + "/found", "--db", db,
        ]
        let first = try runCLI(args)
        #expect(first.code == 1, "\(first.stderr)")
        #expect(first.stderr.contains("db: \(db): 0 replayed, 0 still fail, 0 now pass"), "\(first.stderr)")
        let added = try FileManager.default.contentsOfDirectory(atPath: db).sorted()
        #expect(added.count == 1 && added[0].hasPrefix("convergence-"), "\(added)")
        #expect(first.stderr.contains("1 new finding added"))
        // A recording of one replica in the same folder: counted, not replayed.
        try FileManager.default.copyItem(
            atPath: packageRoot + "/corpora/regression/"
                + (try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/corpora/regression").sorted().first!),
            toPath: db + "/one-replica.jsonl")
        let second = try runCLI(args)
        #expect(second.code == 1)
        #expect(second.stderr.contains("db: \(db): 1 replayed, 1 still fail, 0 now pass"), "\(second.stderr)")
        #expect(second.stderr.contains("db: still fails: \(db)/\(added[0])"))
        #expect(second.stderr.contains("1 recording of one replica not replayed"))
        #expect(second.stderr.contains("0 new findings added"))
        // The model itself: the finding now passes, and the run is clean.
        let fixed = try runCLI(["fuzz", "--replicas", "2", "--merge", "server", "--runs", "5", "--out", dir + "/f2", "--db", db])
        #expect(fixed.code == 0, "\(fixed.stderr)")
        #expect(fixed.stderr.contains("db: \(db): 1 replayed, 0 still fail, 1 now pass"), "\(fixed.stderr)")
    }

    /// The summary's "(C by a drop, of D drags)".
    static func drops(_ stdout: String) -> (committed: Int, drags: Int)? {
        guard let open = stdout.range(of: " local changes ("), let end = stdout[open.upperBound...].range(of: ")") else { return nil }
        let words = stdout[open.upperBound..<end.lowerBound].split(separator: " ")
        guard words.count == 7, let c = Int(words[0]), let d = Int(words[5]) else { return nil }
        return (c, d)
    }

    @Test("a campaign whose world refuses every drop says so on stderr; every campaign prints its depth")
    func refusedDrops() throws {
        let dir = try temporaryDirectory("rrefused")
        let world = dir + "/world.jsonl"
        try Self.world.replacingOccurrences(of: #"{"drops":{"archive":[]}}"#, with: #"{"drops":{"todo":[],"doing":[],"archive":[]}}"#)
            .write(toFile: world, atomically: true, encoding: .utf8)
        #expect(try runCLI(["check", world]).code == 0)
        let r = try runCLI(["fuzz", "--replicas", "2", "--world", world, "--runs", "60", "--jobs", "1", "--out", dir + "/found"])
        #expect(r.code == 0, "\(r.stdout)\(r.stderr)")
        let (committed, drags) = try #require(Self.drops(r.stdout), "\(r.stdout)")
        #expect(committed == 0 && drags > 10, "\(r.stdout)")
        #expect(
            r.stderr.contains(
                "fuzz --replicas: warning: no drop committed a change (\(drags) drags, none committed), so only local mutations reached the code under test: "
                    + "the world's rules, capacities or locks refuse every drop"
            ), "\(r.stderr)")
        // The depth line follows the summary line, each figure one case's largest.
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count >= 2 && lines[1].hasPrefix("depth: longest case "), "\(r.stdout)")
        #expect(lines[1].hasSuffix(" in one case"), "\(r.stdout)")
        // Without a world a drop commits unless its items were deleted meanwhile.
        let plain = try runCLI(["fuzz", "--replicas", "2", "--runs", "40", "--jobs", "1", "--out", dir + "/plain"])
        let (c2, d2) = try #require(Self.drops(plain.stdout), "\(plain.stdout)")
        #expect(c2 > 0 && c2 <= d2, "\(plain.stdout)")
        #expect(!plain.stderr.contains("warning"), "\(plain.stderr)")
    }

    /// A world of three columns, one of them with a fixed header entry and
    /// a capacity, whose rules allow no drop into "archive"; items named
    /// `n1` and `n2`, the generator's own names for new items.
    static let world = """
        {"format":"dragrec","version":3,"container":{"layout":{"kind":"board","columnWidth":120,"spacing":10,"rowHeight":30,"width":400,"height":300},\
        "collections":[{"id":"todo","items":["n1","n2","c1","c2"]},{"id":"doing","fixed":["hdr"],"items":["d1"],"capacity":4},\
        {"id":"archive","items":["z1"]}]},"replicas":{"ids":["A","B"],"merge":"server","deletes":"either"},\
        "world":{"drops":{"archive":[]}}}

        """

    @Test(
        "--world: every case starts from the world (merge and deletes from its header) and replays under its rules; no new item reuses its IDs"
    )
    func world() throws {
        let dir = try temporaryDirectory("rworld")
        let world = dir + "/world.jsonl"
        try Self.world.write(toFile: world, atomically: true, encoding: .utf8)
        #expect(try runCLI(["check", world]).code == 0)
        let clean = try runCLI(["fuzz", "--replicas", "2", "--world", world, "--runs", "300", "--jobs", "2", "--out", dir + "/found"])
        #expect(clean.code == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(clean.stdout.hasPrefix("fuzz --replicas 2 --merge server: 300 cases, 300 replicated sessions, "), "\(clean.stdout)")
        #expect(!clean.stdout.contains("invalid"))
        // Drops into todo and doing commit: the run says how many, and no warning.
        let (committed, drags) = try #require(Self.drops(clean.stdout))
        #expect(committed > 0 && committed < drags, "\(clean.stdout)")
        #expect(!clean.stderr.contains("warning"), "\(clean.stderr)")
        // A buggy merge in the same world: the finding starts from the world and replays.
        let found = dir + "/bug"
        let bug = try runCLI([
            "fuzz", "--replicas", "2", "--world", world, "--merge-bug", "no-dedupe", "--runs", "300", "--jobs", "1", "--out", found,
        ])
        #expect(bug.code == 1, "\(bug.stdout)\(bug.stderr)")
        for file in try FileManager.default.contentsOfDirectory(atPath: found) {
            let text = try String(contentsOfFile: found + "/" + file, encoding: .utf8)
            let header = text.split(separator: "\n")[0]
            #expect(header.contains("\"archive\"") && header.contains("\"world\":{\"drops\""), "\(header)")
            #expect(try runCLI(["check", found + "/" + file]).code == 0)
            #expect(try runCLI(["replay", "--merge-bug", "no-dedupe", found + "/" + file]).code == 1)
        }
        // Inserted items never take a world's name: n1 and n2 are the world's.
        let cases = try runCLI(["fuzz", "--replicas", "3", "--world", world, "--runs", "200", "--jobs", "1", "--out", dir + "/f3"])
        #expect(cases.code == 0, "\(cases.stdout)\(cases.stderr)")
        #expect(!cases.stdout.contains("invalid"), "\(cases.stdout)")
    }
}
