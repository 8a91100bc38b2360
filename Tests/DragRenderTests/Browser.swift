import Foundation
import Testing

/// The headless Chromium the page tests drive: found (or installed) once by
/// `scripts/browser`, whose reason for failing is kept to say why tests skip.
enum Browser {
    enum Availability: Sendable {
        case found(path: String, version: String)
        case missing(reason: String)
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let availability: Availability = locate()

    private static func locate() -> Availability {
        let script = packageRoot.appendingPathComponent("scripts/browser").path
        guard FileManager.default.isExecutableFile(atPath: script) || FileManager.default.fileExists(atPath: script) else {
            return .missing(reason: "scripts/browser not found at \(script)")
        }
        let result = run("/bin/bash", [script], timeout: 900)
        let path = result.stdout.split(separator: "\n").last.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
        guard result.status == 0, !path.isEmpty, FileManager.default.isExecutableFile(atPath: path) else {
            let why = result.stderr.split(separator: "\n").filter { $0.hasPrefix("browser:") }.joined(separator: "; ")
            return .missing(reason: why.isEmpty ? "scripts/browser exited \(result.status): \(result.stderr.suffix(300))" : why)
        }
        let version = run(path, ["--version"], timeout: 60).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return .found(path: path, version: version)
    }

    /// The browser's path; without one, cancels the test saying why, or fails
    /// it when `DRAGREPLAY_REQUIRE_BROWSER=1` (CI, which installs it).
    static func require() throws -> String {
        switch availability {
        case .found(let path, _):
            return path
        case .missing(let reason):
            let message = "no headless Chromium for the page tests: \(reason)"
            if ProcessInfo.processInfo.environment["DRAGREPLAY_REQUIRE_BROWSER"] == "1" {
                throw Failure(message: "\(message) (DRAGREPLAY_REQUIRE_BROWSER=1 makes this a failure)")
            }
            print("DragRenderTests: skipping: \(message)")
            try Test.cancel("skipped: \(message)")
        }
    }

    /// Common flags: headless, no GPU, no sandbox (containers), a throwaway
    /// profile so parallel runs do not share one.
    private static func flags(profile: String) -> [String] {
        [
            "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--no-default-browser-check",
            "--user-data-dir=\(profile)", "--virtual-time-budget=5000",
        ]
    }

    /// The DOM of `file` (with `fragment`, e.g. `step=2`) after its scripts ran.
    static func dumpDOM(_ file: URL, fragment: String? = nil) throws -> String {
        let browser = try require()
        let profile = try temporaryDirectory("profile")
        defer { try? FileManager.default.removeItem(at: profile) }
        let url = file.absoluteString + (fragment.map { "#" + $0 } ?? "")
        let r = run(browser, flags(profile: profile.path) + ["--dump-dom", url], timeout: 120)
        guard r.status == 0, r.stdout.contains("</html>") else {
            throw Failure(message: "dump-dom of \(url) exited \(r.status): \(r.stderr.suffix(600))")
        }
        return r.stdout
    }

    /// A 1200x900 screenshot of `file` as PNG bytes.
    static func screenshot(_ file: URL, fragment: String? = nil) throws -> [UInt8] {
        let browser = try require()
        let profile = try temporaryDirectory("profile")
        defer { try? FileManager.default.removeItem(at: profile) }
        let out = profile.appendingPathComponent("shot.png")
        let url = file.absoluteString + (fragment.map { "#" + $0 } ?? "")
        let r = run(
            browser,
            flags(profile: profile.path) + [
                "--screenshot=\(out.path)", "--window-size=1200,900",
                "--hide-scrollbars", url,
            ], timeout: 120)
        guard r.status == 0, let data = FileManager.default.contents(atPath: out.path) else {
            throw Failure(message: "screenshot of \(url) exited \(r.status): \(r.stderr.suffix(600))")
        }
        return Array(data)
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static func temporaryDirectory(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("dragrender-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Runs a program to completion (or kills it after `timeout` seconds),
    /// draining both pipes on their own threads so a full pipe cannot stall it.
    static func run(_ program: String, _ arguments: [String], timeout: TimeInterval) -> (status: Int32, stdout: String, stderr: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        do { try p.run() } catch { return (-1, "", "cannot run \(program): \(error)") }
        let collected = Collected()
        let readers = DispatchGroup()
        for (pipe, isError) in [(out, false), (err, true)] {
            DispatchQueue.global().async(group: readers) {
                collected.append(pipe.fileHandleForReading.readDataToEndOfFile(), error: isError)
            }
        }
        let deadline = Date().addingTimeInterval(timeout)
        while p.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if p.isRunning { p.terminate() }
        p.waitUntilExit()
        readers.wait()
        let (o, e) = collected.value
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    /// Output gathered from the pipes' handlers, which run on other threads.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var out = Data(), err = Data()
        func append(_ d: Data, error: Bool) {
            lock.lock()
            defer { lock.unlock() }
            if error { err.append(d) } else { out.append(d) }
        }
        var value: (Data, Data) {
            lock.lock()
            defer { lock.unlock() }
            return (out, err)
        }
    }
}
