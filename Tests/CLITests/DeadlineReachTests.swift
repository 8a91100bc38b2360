import Foundation
import TestSupport
import Testing

/// Issue 44 class 7, the rest: `--time` is the same deadline for `explore`
/// with an app and for `fuzz --replicas` with replica apps as for `fuzz
/// --app`: no pair or case starts past it, an app's waits end at it, and
/// what the deadline cut short is dropped, not reported as the app's timeout.
@Suite("Deadlines for explore and replica apps (issue 44 class 7)", .serialized)
struct DeadlineReachTests {
    /// A python app over `module` (`plain_lists` or `causal_peer`) that runs
    /// `body` before answering anything but hello, written to a scratch file.
    func app(_ name: String, module: String, _ body: String) throws -> String {
        let directory = try temporaryDirectory("deadline-app")
        let path = "\(directory)/\(name).py"
        let script = """
            import json, sys, time
            sys.path.insert(0, \(String(reflecting: packageRoot + "/examples/apps")))
            import \(module)
            app = \(module).App()
            for line in sys.stdin.buffer:
                request = json.loads(line)
                if request.get("op") != "hello":
                    \(body)
                answer = app.handle(request)
                print(json.dumps(answer), flush=True)
                if request.get("op") == "bye":
                    break

            """
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        return "python3 \(path)"
    }

    /// The pairs explored and the scope, from "stopped at the deadline (--time) after P of S script pairs".
    func pairs(_ stdout: String) -> (done: Int, scope: Int)? {
        guard let r = stdout.range(of: ", stopped at the deadline (--time) after ") else { return nil }
        let words = stdout[r.upperBound...].split(separator: " ")
        guard words.count >= 3, let done = Int(words[0]), words[1] == "of", let scope = Int(words[2]) else { return nil }
        return (done, scope)
    }

    @Test("explore --time 1 with an app answering in 50 ms: stops at the deadline with fewer pairs than its scope, under 1 + 5 s")
    func exploreSlowApp() throws {
        let slow = try app("slow", module: "plain_lists", "time.sleep(0.05)")
        let out = try temporaryDirectory("explore-slow-out")
        let (r, seconds) = try timedCLI(["explore", "--app", slow, "--app-timeout", "5", "--time", "1", "--out", out])
        #expect(r.code == 0, "\(r.stdout)\(r.stderr)")
        let explored = try #require(pairs(r.stdout), "\(r.stdout)")
        #expect(explored.done < explored.scope, "\(explored)")
        #expect(r.stdout.contains("violating steps, shortest of each invariant kept: 0 "), "\(r.stdout)")
        // The deadline, the app's start and its bye; at most one app timeout (5 s) past it.
        #expect(seconds < 1 + 5, "\(seconds) s")
        #expect(try findings(out).isEmpty)
    }

    @Test("explore --time 1 with an app that never answers, --app-timeout 1: no pair, no app-timeout finding, under 1 + 1 + 3 s")
    func exploreSilentApp() throws {
        let silent = try app("silent", module: "plain_lists", "time.sleep(3600)")
        let out = try temporaryDirectory("explore-silent-out")
        let (r, seconds) = try timedCLI(["explore", "--app", silent, "--app-timeout", "1", "--time", "1", "--out", out])
        // The wait the deadline cut short is not the app's timeout: the pair is dropped.
        #expect(r.code == 0, "\(r.stdout)\(r.stderr)")
        #expect(pairs(r.stdout)?.done == 0, "\(r.stdout)")
        #expect(!r.stdout.contains("app-timeout"), "\(r.stdout)")
        #expect(seconds < 1 + 1 + 3, "\(seconds) s")
        #expect(try findings(out).isEmpty)
    }

    @Test("explore without --time runs its whole scope and says nothing of a deadline; --time 0 is a usage error")
    func exploreInProcess() throws {
        let out = try temporaryDirectory("explore-model-out")
        let whole = try runCLI(["explore", "--items", "3", "--mutations", "1", "--out", out])
        #expect(whole.code == 0, "\(whole.stdout)\(whole.stderr)")
        #expect(pairs(whole.stdout) == nil && !whole.stdout.contains("--time"), "\(whole.stdout)")
        let bad = try runCLI(["explore", "--time", "0", "--out", out])
        #expect(bad.code == 2)
        #expect(bad.stderr.contains("Invalid value '0' for '--time' (expected a number of seconds > 0)."), "\(bad.stderr)")
    }

    @Test("fuzz --replicas 2 --time 1 with replica apps answering in 50 ms: stops at the deadline, nothing failing, under 1 + 5 s")
    func replicasSlowApp() throws {
        let slow = try app("slow-peer", module: "causal_peer", "time.sleep(0.05)")
        let out = try temporaryDirectory("replicas-slow-out")
        let (r, seconds) = try timedCLI([
            "fuzz", "--replicas", "2", "--merge", "causal", "--app", slow, "--app-timeout", "5", "--time", "1", "--jobs", "1", "--out", out,
        ])
        #expect(r.code == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("0 failing cases, 0 findings; stopped at the deadline (--time)"), "\(r.stdout)")
        #expect(seconds < 1 + 5, "\(seconds) s")
        #expect(try findings(out).isEmpty)
    }

    @Test("fuzz --replicas 2 --time 1 with replica apps that never answer, --app-timeout 1: 0 cases, no finding, under 1 + 1 + 3 s")
    func replicasSilentApp() throws {
        let silent = try app("silent-peer", module: "causal_peer", "time.sleep(3600)")
        let out = try temporaryDirectory("replicas-silent-out")
        let (r, seconds) = try timedCLI([
            "fuzz", "--replicas", "2", "--merge", "causal", "--app", silent, "--app-timeout", "1", "--time", "1", "--jobs", "1", "--out",
            out,
        ])
        #expect(r.code == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains(": 0 cases, 0 replicated sessions"), "\(r.stdout)")
        #expect(
            r.stderr.contains(
                "fuzz --replicas: warning: no case completed, so the code under test was not exercised (the time ran out first"),
            "\(r.stderr)")
        #expect(r.stdout.contains("0 failing cases, 0 findings; stopped at the deadline (--time)"), "\(r.stdout)")
        #expect(seconds < 1 + 1 + 3, "\(seconds) s")
        #expect(try findings(out).isEmpty)
    }
}
