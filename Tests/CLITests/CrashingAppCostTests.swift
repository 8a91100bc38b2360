import Foundation
import TestSupport
import Testing

/// Issue 41 item 6: an app that crashes costs few processes. Against
/// `crash-on-pair.py` (exits on every drop of two items or more) a campaign
/// finds and shrinks exactly what it found before (the same content-named
/// files), with fewer processes started: spares started ahead, a crash in a
/// fresh process run again from its transcript, and shrink candidates met
/// again not run again.
@Suite("Crashing app cost (issue 41 item 6)", .serialized)
struct CrashingAppCostTests {
    static let app = "python3 Tests/DragAppTests/Apps/crash-on-pair.py"

    @Test("fuzz --runs 8 against crash-on-pair: the same two findings as before, at most 108 processes (139 before), counted on stderr")
    func fewerProcessesSameFindings() throws {
        let out = try temporaryDirectory("crash-cost-out")
        let starts = try temporaryDirectory("crash-cost-starts") + "/starts"
        let r = try runCLI(
            ["fuzz", "--app", Self.app, "--jobs", "1", "--runs", "8", "--out", out], environment: ["CRASH_ON_PAIR_STARTS": starts])
        #expect(r.code == 1, "\(r.stdout)\(r.stderr)")
        // The files the tool wrote before this change (commit ba94cd9), by content hash.
        let written = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".jsonl") }.sorted()
        #expect(written == ["app-crash-a6740b1c6d46d2c4.jsonl", "app-crash-f5201feff8ecd22b.jsonl"], "\(written)")
        #expect(r.stdout.hasPrefix("8 cases, 15 sessions, 4 failing, 2 findings"), "\(r.stdout)")
        let started = try String(contentsOfFile: starts, encoding: .utf8).split(separator: "\n").count
        #expect(started <= 108, "\(started) processes")
        #expect(r.stderr.contains("; app: \(started) processes started, "), "\(r.stderr)")
        // 400 shrink attempts in all: some were candidates already run.
        let known = r.stderr.range(of: #"(\d+) shrink candidates run, (\d+) known already"#, options: .regularExpression).map {
            r.stderr[$0].split(separator: " ").compactMap { Int($0) }
        }
        let counts = try #require(known, "\(r.stderr)")
        #expect(counts.count == 2 && counts[1] > 0 && counts[0] + counts[1] <= 400, "\(counts)")
    }
}
