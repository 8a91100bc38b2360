import Foundation
import TestSupport
import Testing

/// Issue 23, class 14 and its "Also" list: a run with apps ends when it is
/// told to, and leaves no app behind, however it ends: SIGTERM while every
/// job waits on an app that never answers, or `kill -9` of the tool itself.
@Suite("Stopping runs with apps", .serialized)
struct StoppingAppsTests {
    /// A broken app that never answers its second request (the `reset`):
    /// it sleeps without reading stdin. Tagged so that only this test's
    /// processes are looked at.
    func silentApp(_ tag: String) -> String { "python3 Tests/CLITests/Apps/broken_app.py sleep \(tag)" }

    /// Pids whose command line holds `tag`.
    func processes(_ tag: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid -> String? in
            guard Int(pid) != nil, let cmd = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8) else { return nil }
            return cmd.contains(tag) ? "\(pid): " + cmd.replacingOccurrences(of: "\0", with: " ") : nil
        }
    }

    /// Polls until `done()` or about `seconds`; a guard against a hang, not a measure of speed.
    func waitUntil(seconds: Double, _ done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if done() { return true }
            usleep(20_000)
        }
        return done()
    }

    /// Starts `dragreplay` with `arguments`, its output to files.
    func start(_ arguments: [String], environment: [String: String] = [:]) throws -> (Process, String) {
        let log = NSTemporaryDirectory() + "stopping-\(UUID().uuidString).txt"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: dragreplayBinary)
        p.arguments = arguments
        p.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let handle = FileHandle(forWritingAtPath: log)
        p.standardOutput = handle
        p.standardError = handle
        try p.run()
        return (p, log)
    }

    @Test(
        "SIGTERM while every job waits on an app that never answers: the run stops then, not after --app-timeout; no finding, no app left",
        arguments: ["fuzz", "explore"])
    func sigtermWakesWaits(_ command: String) throws {
        let tag = "tag-\(UUID().uuidString)"
        let out = try temporaryDirectory("sigterm-silent")
        // --app-timeout 600: a run that waited it out would take ten minutes.
        let common = ["--app", silentApp(tag), "--app-timeout", "600", "--out", out]
        let arguments = command == "fuzz" ? ["fuzz", "--runs", "50", "--jobs", "2"] + common : ["explore", "--items", "3"] + common
        let marks = NSTemporaryDirectory() + "marks-\(tag)"
        let (p, log) = try start(arguments, environment: ["BROKEN_APP_STARTS": marks])
        // Every app got its reset and stopped answering: the tool waits on each.
        let apps = command == "fuzz" ? 2 : 1
        #expect(
            waitUntil(seconds: 120) {
                ((try? String(contentsOfFile: marks, encoding: .utf8)) ?? "").split(separator: "\n").filter { $0 == "sleeping" }.count
                    >= apps
            })
        usleep(200_000)
        p.terminate()
        let stopped = waitUntil(seconds: 60) { !p.isRunning }
        if !stopped { kill(p.processIdentifier, SIGKILL) }
        p.waitUntilExit()
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(stopped, "still running 60 s after SIGTERM: \(text)")
        #expect(p.terminationReason == .exit, "\(text)")
        #expect(text.contains("interrupted"), "\(text)")
        // The cut case is no finding: the app did not fail, the run stopped.
        let findings = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasSuffix(".jsonl") }
        #expect(findings.isEmpty, "\(findings) \(text)")
        #expect(!text.contains("app-crash") && !text.contains("app-timeout"), "\(text)")
        #expect(waitUntil(seconds: 5) { processes(tag).isEmpty }, "\(processes(tag))")
    }

    @Test(
        "kill -9 of the tool: its apps end too, a busy one and one that does not read stdin",
        arguments: ["plain", "sleep"])
    func killNineEndsApps(_ mode: String) throws {
        let tag = "tag-\(UUID().uuidString)"
        let out = try temporaryDirectory("sigkill-apps")
        let app = "python3 Tests/CLITests/Apps/broken_app.py \(mode) \(tag)"
        let (p, _) = try start(["fuzz", "--app", app, "--app-timeout", "600", "--time", "600", "--jobs", "2", "--out", out])
        #expect(waitUntil(seconds: 60) { processes(tag).count >= 4 })
        usleep(300_000)
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal)
        // The launcher between the tool and each app gets SIGTERM from the
        // kernel when the tool dies (PR_SET_PDEATHSIG) and kills its tree.
        #expect(waitUntil(seconds: 10) { processes(tag).isEmpty }, "\(processes(tag))")
    }

    @Test("an argument that is not UTF-8 is named with \\x escapes: exit 2, nothing read")
    func undecodableArgument() throws {
        let bash = systemTool("bash") ?? "/bin/bash"
        for script in [#""$DRAGREPLAY" check $'\xff\xfebad.jsonl'"#, #""$DRAGREPLAY" replay --app $'py\xff' corpora/regression"#] {
            let r = try run(bash, ["-c", script], environment: ["DRAGREPLAY": dragreplayBinary])
            #expect(r.code == 2, "\(script): \(r.stdout)\(r.stderr)")
            #expect(r.stdout.isEmpty, "\(script): \(r.stdout)")
            let shown = script.contains("check") ? #"'\xff\xfebad.jsonl'"# : #"'py\xff'"#
            #expect(r.stderr.contains("error: the argument \(shown) is not valid UTF-8 (shown with \\x escapes)"), "\(r.stderr)")
        }
    }
}
