import Foundation
import TestSupport
import Testing

/// The app host against deliberately broken apps (issue 12, step 7): each
/// failure is reported as what it is, within its timeout; the run goes on
/// (the next recording is a case of a fresh process); nothing is left running.
@Suite("Broken apps", .serialized)
struct BrokenAppTests {
    static let recordings = [
        "corpora/regression/list-forward-move-lands-before-target.jsonl", "corpora/regression/list-backward-move.jsonl",
    ]

    struct Case: Sendable, CustomTestStringConvertible {
        var mode: String
        var exitCode: Int32
        /// What each of the two recordings must report (nil: it passes).
        var expected: [String?]
        var testDescription: String { mode }
    }

    static let cases: [Case] = [
        Case(
            mode: "crash-third", exitCode: 1,
            expected: ["app: app-crash: the app exited with status 3", "app: app-crash: the app exited with status 3"]),
        Case(mode: "sleep", exitCode: 1, expected: ["app: app-timeout: no answer within 1 s", "app: app-timeout: no answer within 1 s"]),
        Case(
            mode: "not-json", exitCode: 1,
            expected: ["app: app-protocol: the answer is not one JSON object", "app: app-protocol: the answer is not one JSON object"]),
        Case(
            mode: "ok-false", exitCode: 1,
            expected: [
                "app: app-error: the app refused: \"constraint violated\"", "app: app-error: the app refused: \"constraint violated\"",
            ]),
        Case(
            mode: "unknown-id", exitCode: 1,
            expected: ["app: conservation: applying [\"b\"] -> before \"e\"", "app: conservation: applying [\"d\"] -> before \"b\""]),
        Case(mode: "stderr-flood", exitCode: 0, expected: [nil, nil]),
    ]

    /// The broken app in `mode`, tagged so that `survivors(tag)` sees only
    /// this test's processes (test cases may run side by side).
    func command(_ mode: String, _ tag: String) -> String { "python3 Tests/CLITests/Apps/broken_app.py \(mode) \(tag)" }

    /// Processes whose command line names the broken app (none may outlive a run).
    func survivors(_ tag: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid -> String? in
            guard Int(pid) != nil, let cmd = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8) else { return nil }
            return cmd.contains("broken_app.py") && cmd.contains(tag) ? cmd.replacingOccurrences(of: "\0", with: " ") : nil
        }
    }

    @Test(
        "each broken app gives the right failure, a fresh process for the next case and no other, and no survivor", .timeLimit(.minutes(2)),
        arguments: cases)
    func brokenApp(_ c: Case) throws {
        let tag = "tag-\(UUID().uuidString)"
        let starts = NSTemporaryDirectory() + "starts-\(tag)"
        // Only the sleeping app needs a short timeout; the others get room
        // for a loaded machine. A hang is caught by the time limit; the
        // bound here is on work: how many processes the run started.
        let timeout = c.mode == "sleep" ? "1" : "5"
        let r = try runCLI(
            ["replay", "--app", command(c.mode, tag), "--app-timeout", timeout] + Self.recordings,
            environment: ["BROKEN_APP_STARTS": starts])
        #expect(r.code == c.exitCode, "\(r.stdout)\(r.stderr)")
        for (path, expected) in zip(Self.recordings, c.expected) {
            let failures = r.stdout.split(separator: "\n").filter { $0.hasPrefix("  \(path):") && $0.contains(": error: ") }
            if let expected {
                #expect(failures.contains { $0.contains(expected) }, "\(path): \(failures)")
            } else {
                #expect(failures.isEmpty, "\(path): \(failures)")
            }
        }
        // One process to start with, and one more per recording after a
        // timeout, crash or protocol error: never a retry of the same case.
        // Once a restart was needed, two spares are kept started ahead
        // (issue 41 item 6): two more in all, whatever the restarts.
        // (The sleeping app also marks "sleeping" in the same file.)
        let started = ((try? String(contentsOfFile: starts, encoding: .utf8)) ?? "").split(separator: "\n").filter { $0 == "start" }.count
        let restarts = c.expected.dropLast().filter { $0.map { !$0.contains("app-error") && !$0.contains("conservation") } ?? false }.count
        #expect(started == 1 + restarts + (restarts > 0 ? 2 : 0), "\(started) processes for \(Self.recordings.count) recordings")
        #expect(survivors(tag).isEmpty, "\(survivors(tag))")
    }

    @Test("an app whose hello says protocol 3 stops the run before any case: exit 2")
    func protocol3() throws {
        let tag = "tag-\(UUID().uuidString)"
        let r = try runCLI(["replay", "--app", command("protocol-3", tag)] + Self.recordings)
        #expect(r.code == 2)
        #expect(r.stderr.contains("hello failed: the app speaks protocol 3; this tool speaks 1 and 2"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(survivors(tag).isEmpty)
    }

    @Test("a command that cannot run is an input error: exit 2")
    func cannotStart() throws {
        let r = try runCLI(["replay", "--app", "/nonexistent/app", "corpora/regression/list-backward-move.jsonl"])
        #expect(r.code == 2)
        #expect(r.stderr.contains("hello failed"), "\(r.stderr)")
    }

    @Test("the fuzzer survives a crashing app: findings are app failures, every case gets a fresh process, nothing is left")
    func fuzzCrashingApp() throws {
        let tag = "tag-\(UUID().uuidString)"
        let out = NSTemporaryDirectory() + "broken-\(UUID().uuidString)"
        let r = try runCLI(["fuzz", "--app", command("crash-third", tag), "--runs", "6", "--jobs", "2", "--out", out, "--app-timeout", "2"])
        #expect(r.code == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.hasPrefix("6 cases, ") && r.stdout.contains(" sessions, 5 failing, "), "\(r.stdout)")
        let findings = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".jsonl") }.sorted()
        #expect(!findings.isEmpty && findings.allSatisfy { $0.hasPrefix("app-crash-") }, "\(findings)")
        // Each finding reproduces against the same app: the command it prints works.
        for name in findings {
            let replay = try runCLI(["replay", "--app", command("crash-third", tag), out + "/" + name])
            #expect(replay.code == 1)
            #expect(replay.stdout.contains("error: app: app-crash: the app exited with status 3 before answering"), "\(replay.stdout)")
        }
        #expect(survivors(tag).isEmpty)
    }

    @Test("an app that answers one request twice: a named protocol error, the extra line never taken for the next answer")
    func fuzzExtraAnswer() throws {
        let tag = "tag-\(UUID().uuidString)"
        let out = NSTemporaryDirectory() + "broken-\(UUID().uuidString)"
        let r = try runCLI([
            "fuzz", "--app", command("extra-answer", tag), "--mode", "differences", "--runs", "20", "--jobs", "1", "--out", out,
        ])
        #expect(r.code == 1, "\(r.stdout)\(r.stderr)")
        let findings = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".jsonl") }.sorted()
        #expect(!findings.isEmpty && findings.allSatisfy { $0.hasPrefix("app-protocol-") }, "\(findings)")
        for name in findings {
            let text = try String(contentsOfFile: out + "/" + name, encoding: .utf8)
            #expect(text.contains("with no request outstanding"), "\(text.prefix(400))")
        }
        #expect(survivors(tag).isEmpty)
    }

    @Test("an app whose failures depend on earlier cases: counted as not repeated in a fresh process, no finding that would not reproduce")
    func historyDependentApp() throws {
        let tag = "tag-\(UUID().uuidString)"
        let out = NSTemporaryDirectory() + "worn-\(UUID().uuidString)"
        let r = try runCLI(["fuzz", "--app", command("worn", tag), "--mode", "differences", "--runs", "12", "--jobs", "1", "--out", out])
        #expect(r.code == 1, "\(r.stdout)\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("12 cases, ") == true && lines.first?.contains(" 0 findings") == true, "\(r.stdout)")
        #expect(
            lines.last?.hasSuffix("did not fail again in a fresh app process: the app's answers depend on the cases it ran before") == true,
            "\(r.stdout)")
        let json = try runCLI([
            "fuzz", "--app", command("worn", tag), "--mode", "differences", "--runs", "12", "--jobs", "1", "--out", out, "--format", "json",
        ])
        #expect(json.stdout.contains("\"unreproduced\":"), "\(json.stdout)")
        #expect(!json.stdout.contains("\"unreproduced\":0"), "\(json.stdout)")
        #expect(survivors(tag).isEmpty)
    }

    @Test("an app whose data depends on the swipe section's flags: its finding keeps the section, and replays failing")
    func findingKeepsTheSwipeSectionForAnApp() throws {
        let tag = "tag-\(UUID().uuidString)"
        let out = NSTemporaryDirectory() + "flagged-\(UUID().uuidString)"
        let r = try runCLI(["fuzz", "--app", command("flagged-delete", tag), "--runs", "3000", "--out", out])
        #expect(r.code == 1, "\(r.stdout)\(r.stderr)")
        let found = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".jsonl") }
        #expect(!found.isEmpty, "\(r.stdout)")
        for name in found {
            let text = try String(contentsOfFile: out + "/" + name, encoding: .utf8)
            // No swipe in the steps, but the app's delete depends on the flags it was reset with.
            #expect(text.contains("\"flags\":{"), "\(text)")
            let replay = try runCLI(["replay", "--app", command("flagged-delete", tag), out + "/" + name])
            #expect(replay.code == 1, "\(name): \(replay.stdout)")
        }
        #expect(survivors(tag).isEmpty)
    }

    /// Processes whose command line holds `tag`, polled for a short while
    /// (a SIGKILL is queued at once but the process dies when next scheduled).
    func lingering(_ tag: String) -> [String] {
        func scan() -> [String] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return entries.compactMap { pid -> String? in
                guard Int(pid) != nil, let cmd = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8) else { return nil }
                return cmd.contains(tag) ? "\(pid): " + cmd.replacingOccurrences(of: "\0", with: " ") : nil
            }
        }
        for _ in 0..<100 {
            if scan().isEmpty { return [] }
            usleep(20_000)
        }
        return scan()
    }

    /// Issue 23, class 14: daemons of the app (a `setsid` leaves its process
    /// group) are killed when the run ends, whichever way they were started,
    /// and whether the app was closed by the tool or ended first (`crash-third`:
    /// its main process is gone before the tool looks for what it left, so
    /// a daemon with an empty environment and its own session is found only
    /// because the launcher that adopted it kills it).
    @Test(
        "an app's setsid daemon does not outlive the run",
        arguments: [
            ("replay", "plain", "setsid python3 -c 'import time; time.sleep(1000)' TAG &"),
            ("replay", "plain", "(setsid python3 -c 'import time; time.sleep(1000)' TAG &);"),
            ("replay", "plain", "env -i /usr/bin/setsid python3 -c 'import time; time.sleep(1000)' TAG &"),
            ("replay", "crash-third", "env -i /usr/bin/setsid python3 -c 'import time; time.sleep(1000)' TAG &"),
            ("fuzz", "plain", "(setsid python3 -c 'import time; time.sleep(1000)' TAG &);"),
        ])
    func setsidDaemon(_ command: String, _ mode: String, _ daemon: String) throws {
        let tag = "tag-\(UUID().uuidString)"
        let app = daemon.replacingOccurrences(of: "TAG", with: tag) + " exec " + self.command(mode, tag)
        let out = NSTemporaryDirectory() + "daemon-\(UUID().uuidString)"
        let arguments =
            command == "replay"
            ? ["replay", "--app", app] + Self.recordings : ["fuzz", "--app", app, "--runs", "4", "--jobs", "2", "--out", out]
        let r = try runCLI(arguments)
        #expect(r.code == (mode == "plain" ? 0 : 1), "\(r.stdout)\(r.stderr)")
        #expect(lingering(tag).isEmpty, "\(lingering(tag))")
    }
}

extension BrokenAppTests {
    @Test(
        "an app that reports targets: the campaign steers, and says the largest it reached; a target that is no number is a protocol error")
    func targets() throws {
        let app = "python3 Tests/CLITests/Apps/targets_app.py"
        let out = NSTemporaryDirectory() + "targets-\(UUID().uuidString)"
        let r = try runCLI(["fuzz", "--app", app + " depth", "--runs", "60", "--seed", "1", "--jobs", "1", "--out", out])
        #expect(r.code == 0, "\(r.stdout)\(r.stderr)")
        let line = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("targets (largest reported): ") }, "\(r.stdout)")
        // Steered: one case in two (every odd case: the first answer reported).
        #expect(line.hasSuffix(" (30 cases steered)"), "\(line)")
        let json = try runCLI([
            "fuzz", "--app", app + " depth", "--runs", "60", "--seed", "1", "--jobs", "1", "--out", out, "--format", "json",
        ])
        #expect(json.stdout.contains("\"targets\":{\"requests\":"), "\(json.stdout)")
        #expect(json.stdout.contains("\"steeredCases\":30"), "\(json.stdout)")
        let bad = try runCLI(["fuzz", "--app", app + " bad", "--runs", "4", "--seed", "1", "--jobs", "1", "--out", out])
        #expect(bad.code == 1, "\(bad.stdout)\(bad.stderr)")
        #expect(bad.stdout.contains("app-protocol"), "\(bad.stdout)")
        #expect(bad.stdout.contains("the target \"x\" must be a finite number, got \"1\""), "\(bad.stdout)")
    }
}
