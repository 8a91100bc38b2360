import Foundation
import TestSupport
import Testing

/// Issue 41, item 8: the main job (scripts/replay-corpora, the README's first
/// command) says it is building, shows the build's progress on a terminal,
/// prints a failed build's output, and says its FAIL lines are expected.
/// Run in a scratch copy: a stub `swift` stands for the release build, this
/// build's binary for its product.
@Suite("The main job's script (issue 41)")
struct ReplayCorporaScriptTests {
    /// A scratch copy of what the script reads, its `swift` a stub that
    /// prints two progress lines and exits `$STUB_STATUS`.
    func scratch() throws -> String {
        let dir = try temporaryDirectory("replay-corpora")
        let fm = FileManager.default
        for sub in ["scripts", ".build/release", "stub"] {
            try fm.createDirectory(atPath: dir + "/" + sub, withIntermediateDirectories: true)
        }
        try fm.copyItem(atPath: packageRoot + "/scripts/replay-corpora", toPath: dir + "/scripts/replay-corpora")
        try fm.copyItem(atPath: packageRoot + "/corpora", toPath: dir + "/corpora")
        try "#!/bin/sh\nexit 0\n".write(toFile: dir + "/scripts/setup", atomically: true, encoding: .utf8)
        try fm.createSymbolicLink(atPath: dir + "/.build/release/dragreplay", withDestinationPath: dragreplayBinary)
        try "#!/bin/sh\necho '[1/2] Compiling One.swift'\necho '[2/2] Linking dragreplay'\necho 'Build complete!'\nexit ${STUB_STATUS:-0}\n"
            .write(toFile: dir + "/stub/swift", atomically: true, encoding: .utf8)
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir + "/stub/swift")
        return dir
    }

    func path(_ dir: String) -> String { dir + "/stub:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") }

    @Test("off a terminal: one line about the build, every FAIL under a known bug marked expected, a closing line, exit 0")
    func expectedFailures() throws {
        let dir = try scratch()
        let r = try run("/bin/bash", [dir + "/scripts/replay-corpora"], cwd: dir, environment: ["PATH": path(dir)])
        #expect(r.code == 0, "\(r.stderr)")
        #expect(r.stderr.contains("replay-corpora: building the release CLI (a few minutes on a fresh clone) ...\n"), "\(r.stderr)")
        #expect(!r.stderr.contains("[1/2]"), "\(r.stderr)")
        let fails = r.stdout.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        #expect(fails.count > 10, "\(r.stdout)")
        #expect(fails.allSatisfy { $0.hasPrefix("FAIL (expected) corpora/") }, "\(fails)")
        #expect(r.stdout.contains("The FAIL lines below are expected"), "\(r.stdout)")
        #expect(
            r.stdout.hasSuffix(
                "\nreplay-corpora: done. Every FAIL above is expected (a known bug caught); the script failed on nothing (exit 0).\n"))
    }

    @Test("a failed build prints its output and stops the job with exit 1, naming the build's status")
    func failedBuild() throws {
        let dir = try scratch()
        let r = try run("/bin/bash", [dir + "/scripts/replay-corpora"], cwd: dir, environment: ["PATH": path(dir), "STUB_STATUS": "3"])
        #expect(r.code == 1)
        #expect(r.stderr.contains("[1/2] Compiling One.swift\n[2/2] Linking dragreplay\n"), "\(r.stderr)")
        #expect(r.stderr.hasSuffix("replay-corpora: error: the release build failed (exit 3)\n"), "\(r.stderr)")
        #expect(r.stdout.isEmpty, "\(r.stdout)")
    }

    @Test(
        "on a terminal the build's progress is one line that rewrites itself, cleared before the replays",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a terminal"))
    func progressOnATerminal() throws {
        let dir = try scratch()
        let r = try run(
            "/usr/bin/script", ["-qec", "bash scripts/replay-corpora", "/dev/null"], cwd: dir, environment: ["PATH": path(dir)])
        #expect(r.code == 0, "\(r.stdout)")
        #expect(r.stdout.contains("\r\u{1B}[K[1/2] Compiling One.swift\r\u{1B}[K[2/2] Linking dragreplay\r\u{1B}[K"), "\(r.stdout)")
        #expect(!r.stdout.contains("Build complete!"), "\(r.stdout)")
    }
}
