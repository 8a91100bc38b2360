import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

let report = packageRoot + "/corpora/reports/task-lands-one-row-too-far.jsonl"

/// Names in `dir` that are a killed writer's temporaries.
func temporaries(in dir: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.contains(".dragreplay-tmp-") }
}

/// A recording long enough that its `--trace` outruns any pipe buffer.
func longRecording() throws -> String {
    var lines = [
        #"{"format":"dragrec","version":1,"container":{"layout":{"kind":"list","width":100,"height":400,"rowHeight":10},"collections":[{"items":["a","b","c","d"]}]}}"#
    ]
    for i in 0..<3_000 {
        lines.append(#"{"type":"lift","t":\#(2 * i),"items":["a"],"x":5,"y":5}"#)
        lines.append(#"{"type":"drop","t":\#(2 * i + 1),"x":5,"y":25}"#)
    }
    return try writeTemporary(lines.joined(separator: "\n") + "\n")
}

/// Hardening, classes 2 and 4: the disk fills, directories are read-only,
/// streams are full, closed or gone, the process is killed. Every failure is
/// reported on stderr as `path: error: ...` with exit 2; nothing crashes;
/// findings already written survive.
@Suite("Fault injection (hardening)")
struct FaultInjectionTests {
    /// Each command that writes, pointed at `dir`; what it is expected to say.
    func writers(into dir: String) throws -> [(name: String, arguments: [String], file: String?)] {
        let blessTarget = dir + "/bless.jsonl"
        return [
            ("fuzz --out", ["fuzz", "--applier", "insert-before-remove", "--runs", "300", "--out", dir + "/found"], nil),
            (
                "explore --out",
                ["explore", "--applier", "insert-before-remove", "--items", "2", "--mutations", "0", "--out", dir + "/found"], nil
            ),
            ("replay -o", ["replay", "-o", dir + "/report.txt", report], nil),
            ("corpus merge -o", ["corpus", "merge", packageRoot + "/corpora/reports", "-o", dir + "/merged"], nil),
            ("bless", ["bless", "--applier", "insert-before-remove", blessTarget], blessTarget),
        ]
    }

    @Test(
        "a full disk: fuzz, explore, replay -o, corpus merge and bless exit 2 naming the file and ENOSPC; bless leaves the file",
        .enabled(if: Mounts.canMount, "needs root (CAP_SYS_ADMIN) to mount a small tmpfs"))
    func fullDisk() throws {
        let dir = try Mounts.tmpfs(kilobytes: 64)
        defer { Mounts.unmount(dir) }
        try FileManager.default.copyItem(atPath: report, toPath: dir + "/bless.jsonl")
        let original = try readText(dir + "/bless.jsonl")
        try Mounts.fill(dir)
        for w in try writers(into: dir) {
            let r = try runCLI(w.arguments)
            #expect(r.code == 2 && !r.signalled, "\(w.name): \(r.code) \(r.stderr)")
            #expect(r.stderr.contains("\(dir)/"), "\(w.name): \(r.stderr)")
            #expect(r.stderr.contains("No space left on device"), "\(w.name): \(r.stderr)")
            #expect(!r.stderr.contains("NSCocoaErrorDomain") && !r.stderr.contains("Error Domain"))
            if w.name == "corpus merge -o" { #expect(r.stdout.contains(", 0 invalid, ") && !r.stdout.contains(" 0 not written")) }
            if let file = w.file { #expect(try readText(file) == original, "\(w.name) changed its file") }
            #expect(temporaries(in: dir).isEmpty && temporaries(in: dir + "/found").isEmpty, "\(w.name) left a temporary")
        }
    }

    @Test(
        "a read-only directory (EROFS, which root cannot override): every writer exits 2 naming the path; nothing changes",
        .enabled(if: Mounts.canMount, "needs root (CAP_SYS_ADMIN) for a read-only bind mount"))
    func readOnlyDirectory() throws {
        let source = try temporaryDirectory("ro-source")
        try FileManager.default.copyItem(atPath: report, toPath: source + "/bless.jsonl")
        try FileManager.default.createDirectory(atPath: source + "/found", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: source + "/merged", withIntermediateDirectories: true)
        let dir = try Mounts.readOnlyView(of: source)
        defer { Mounts.unmount(dir) }
        for w in try writers(into: dir) {
            let r = try runCLI(w.arguments)
            #expect(r.code == 2 && !r.signalled, "\(w.name): \(r.code) \(r.stderr)")
            #expect(r.stderr.contains("\(dir)/") && r.stderr.contains("Read-only file system"), "\(w.name): \(r.stderr)")
            #expect(!r.stderr.contains("NSCocoaErrorDomain"))
        }
        #expect(try readText(source + "/bless.jsonl") == readText(report))
        #expect(try FileManager.default.contentsOfDirectory(atPath: source).sorted() == ["bless.jsonl", "found", "merged"])
    }

    @Test("--out naming a regular file: fuzz and explore exit 2 with 'Not a directory'; the file is untouched")
    func outIsAFile() throws {
        let file = try writeTemporary("not a directory\n")
        for arguments in [
            ["fuzz", "--applier", "insert-before-remove", "--runs", "300", "--out", file],
            ["explore", "--applier", "insert-before-remove", "--items", "2", "--mutations", "0", "--out", file],
        ] {
            let r = try runCLI(arguments)
            #expect(r.code == 2)
            #expect(r.stderr.contains("\(file): error: mkdir failed: Not a directory"), "\(r.stderr)")
        }
        #expect(try readText(file) == "not a directory\n")
    }

    /// Every command, as the fault tests run it, and where it writes.
    static let commands: [(name: String, arguments: String, stdout: Bool, stderr: Bool)] = [
        ("check", "check corpora/reports", false, true),
        ("check invalid", "check Tests/DragReaderTests/BadInput/x-nan.jsonl", false, true),
        ("replay", "replay corpora/reports", true, false),
        ("replay --trace json", "replay --trace --format json corpora/reports", true, false),
        ("fuzz", "fuzz --applier insert-before-remove --runs 300 --out \"$TMPDIR_FOUND\"", true, true),
        ("explore", "explore --items 2 --mutations 0 --out \"$TMPDIR_FOUND\"", true, true),
        ("corpus merge", "corpus merge corpora/reports -o \"$TMPDIR_FOUND/m\"", true, false),
        ("help", "help replay", true, false),
        ("version", "--version", true, false),
        ("usage error", "replai", false, true),
    ]

    @Test("/dev/full or a closed stream as stdout or stderr: every command exits 2 when it had something to say, never crashes")
    func fullAndClosedStreams() throws {
        for c in Self.commands {
            for redirect in [">/dev/full", "1>&-", "2>/dev/full", "2>&-", "<&-"] {
                let found = try temporaryDirectory("streams")
                let r = try runShell("exec \"$DRAGREPLAY\" \(c.arguments) \(redirect)", environment: ["TMPDIR_FOUND": found])
                #expect(!r.signalled, "\(c.name) \(redirect)")
                let onStdout = redirect.hasPrefix(">") || redirect.hasPrefix("1")
                let broken = onStdout ? c.stdout : redirect.hasPrefix("2") ? c.stderr : false
                if broken {
                    #expect(r.code == 2, "\(c.name) \(redirect): exit \(r.code)")
                } else {
                    #expect((0...2).contains(r.code), "\(c.name) \(redirect): exit \(r.code)")
                }
                if onStdout && c.stdout {
                    #expect(r.stderr.contains("<stdout>: error: write failed:"), "\(c.name) \(redirect): \(r.stderr)")
                }
            }
        }
        var s = stat()
        #expect(stat("/dev/full", &s) == 0 && s.st_mode & S_IFMT == S_IFCHR)
    }

    @Test("replay -o /dev/full: exit 2 with '/dev/full: error: write failed'; the device stays a device")
    func reportToDevFull() throws {
        let r = try runCLI(["replay", "-o", "/dev/full", report])
        #expect(r.code == 2)
        #expect(r.stderr.contains("/dev/full: error: write failed: No space left on device"))
        var s = stat()
        #expect(stat("/dev/full", &s) == 0 && s.st_mode & S_IFMT == S_IFCHR)
        let null = try runCLI(["replay", "-o", "/dev/null", report])
        #expect(null.code == 0)
    }

    @Test("a reader that goes away (EPIPE, SIGPIPE ignored or not): exit 2 with '<stdout>: error: write failed: Broken pipe'")
    func brokenPipe() throws {
        let long = try longRecording()
        for trap in ["", "trap '' PIPE; "] {
            let r = try run(
                systemTool("bash") ?? "/bin/bash",
                ["-c", "\(trap)\"$DRAGREPLAY\" replay --trace \"$0\" | head -c 10 >/dev/null; exit ${PIPESTATUS[0]}", long],
                environment: ["DRAGREPLAY": dragreplayBinary])
            #expect(r.code == 2, "\(trap): \(r.code)")
            #expect(r.stderr.contains("<stdout>: error: write failed: Broken pipe"), "\(r.stderr)")
        }
    }

    /// Starts a campaign that finds something early and keeps going, and
    /// waits until its first finding is on disk.
    func campaignWithFindings(_ out: String) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: dragreplayBinary)
        p.arguments = ["fuzz", "--applier", "insert-before-remove", "--time", "120", "--jobs", "1", "--seed", "9", "--out", out]
        p.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        p.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try p.run()
        yieldToOtherTests(p.processIdentifier)
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let found = ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).filter {
                $0.hasSuffix(".jsonl") && !$0.hasPrefix(".")
            }
            if found.count >= 2 { break }
            usleep(20_000)
        }
        return p
    }

    @Test("SIGTERM during a campaign: it stops, writes what it found, prints the summary, exits 1; every finding is whole")
    func terminated() throws {
        let out = try temporaryDirectory("sigterm")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: dragreplayBinary)
        p.arguments = ["fuzz", "--applier", "insert-before-remove", "--time", "120", "--jobs", "1", "--seed", "9", "--out", out]
        let stdout = Pipe()
        p.standardOutput = stdout
        p.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try p.run()
        yieldToOtherTests(p.processIdentifier)
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline,
            ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).filter({ $0.hasSuffix(".jsonl") }).count < 2
        {
            usleep(20_000)
        }
        let start = Date()
        p.terminate()  // SIGTERM; the test runner's thread has it blocked, and the child unblocks it
        let text = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(p.terminationReason == .exit && p.terminationStatus == 1)
        #expect(text.contains("interrupted"))
        let findings = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".jsonl") }
        #expect(!findings.isEmpty)
        #expect(temporaries(in: out).isEmpty)
        let check = try runCLI(["check", out])
        #expect(check.code == 0, "\(check.stderr)")
        for f in findings { #expect(text.contains(f), "\(f) is not in the summary") }
    }

    @Test("SIGKILL during explore: the shortest case of each invariant found so far is on disk, whole, one per invariant")
    func exploreKilled() throws {
        let out = try temporaryDirectory("explore-sigkill")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: dragreplayBinary)
        // Finds conservation failures in its first pairs, and runs for minutes.
        p.arguments = ["explore", "--applier", "insert-before-remove", "--items", "4", "--mutations", "3", "--out", out]
        p.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        p.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try p.run()
        yieldToOtherTests(p.processIdentifier)
        func findings() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix(".") }
        }
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, findings().isEmpty, p.isRunning { usleep(20_000) }
        usleep(200_000)
        let stillRunning = p.isRunning
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        #expect(stillRunning, "explore ended before the kill: the scope is too small for this test")
        let kept = findings()
        #expect(!kept.isEmpty)
        // One file per invariant: a shorter case replaces the one before it.
        let invariants = kept.map { $0.split(separator: "-").dropLast().joined(separator: "-") }
        #expect(Set(invariants).count == invariants.count, "\(kept)")
        let check = try runCLI(["check", out])
        #expect(check.code == 0, "\(check.stderr)")
        let replay = try runCLI(["replay", "--applier", "insert-before-remove", out])
        #expect(replay.code == 1, "each kept case fails as found: \(replay.stdout)")
    }

    @Test("SIGKILL during a campaign: every finding on disk is whole; the next run removes what the kill left")
    func killed() throws {
        let out = try temporaryDirectory("sigkill")
        let p = try campaignWithFindings(out)
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal)
        let findings = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix(".") }
        #expect(!findings.isEmpty)
        let check = try runCLI(["check", out])  // temporaries are hidden files: not read
        #expect(check.code == 0, "\(check.stderr)")
        // What a kill between write and rename leaves: a temporary of a dead writer.
        let stale = out + "/.placement-0.jsonl" + ".dragreplay-tmp-\(p.processIdentifier)-1"
        try "half a line".write(toFile: stale, atomically: false, encoding: .utf8)
        let later = try runCLI(["fuzz", "--runs", "10", "--out", out])  // canonical: finds nothing, still cleans up
        #expect(later.code == 0)
        #expect(temporaries(in: out).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".jsonl") }.count == findings.count)
    }
}
