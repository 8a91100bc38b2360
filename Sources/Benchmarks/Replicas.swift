import DragSystem
import Foundation

// Replicated sessions (issue 42 item 8, issue 43 item 5): the release
// `dragreplay` run as a user runs it, each row beside the single-replica
// campaign (or the in-process merge) of the same run.

/// One run of the release `dragreplay`, start to exit: its wall time, its
/// standard output and error, its exit status and its peak resident memory
/// (MiB; 0 when it could not be measured).
struct ToolRun {
    var elapsed: Double
    var out: String
    var err: String
    var status: Int32
    var peakMiB: Double
}

/// The release `dragreplay` built beside this binary.
func releaseTool() -> String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("dragreplay").path
}

/// Runs `binary` with `args`. Peak memory: `/usr/bin/time -f %M` when it
/// exists (its own child is forked from a small process, so the figure is
/// the tool's alone); else the child's `VmHWM` in /proc, read every 5 ms
/// until it exits (the last reading: a lower bound, close for a run of
/// seconds). Standard error goes to a file, so a chatty child cannot fill
/// a pipe nobody reads.
func runTool(_ args: [String], binary: String = releaseTool()) -> ToolRun {
    let timeBinary = "/usr/bin/time"
    let useTime = FileManager.default.isExecutableFile(atPath: timeBinary)
    let dir = FileManager.default.currentDirectoryPath + "/bench-data"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let timeFile = dir + "/tool-time.txt"
    let errFile = dir + "/tool-stderr.txt"
    FileManager.default.createFile(atPath: errFile, contents: nil)
    let p = Process()
    if useTime {
        p.executableURL = URL(fileURLWithPath: timeBinary)
        p.arguments = ["-f", "%M", "-o", timeFile, binary] + args
    } else {
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = args
    }
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = FileHandle(forWritingAtPath: errFile)
    let t = seconds()
    try! p.run()
    var polled = 0.0
    let poller: Thread? =
        useTime
        ? nil
        : Thread {
            let path = "/proc/\(p.processIdentifier)/status"
            while p.isRunning {
                if let s = try? String(contentsOfFile: path, encoding: .utf8),
                    let line = s.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                    let kb = Double(line.split(separator: " ").dropFirst().first ?? "")
                {
                    polled = max(polled, kb / 1024)
                }
                usleep(5_000)
            }
        }
    poller?.start()
    let out = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    let elapsed = seconds() - t
    var peak = polled
    if useTime, let s = try? String(contentsOfFile: timeFile, encoding: .utf8),
        let kb = s.split(separator: "\n").compactMap({ Double($0.trimmingCharacters(in: .whitespaces)) }).last
    {
        peak = kb / 1024
    }
    let err = (try? String(contentsOfFile: errFile, encoding: .utf8)) ?? ""
    return ToolRun(elapsed: elapsed, out: String(decoding: out, as: UTF8.self), err: err, status: p.terminationStatus, peakMiB: peak)
}

/// What a replicated campaign's summary line says.
struct ReplicaFigures {
    var cases = 0
    var sessions = 0
    var intentMedian = 0
    var intentMax = 0
    var undecided = 0
    var failing = 0

    /// Reads "N cases, M replicated sessions, ...; intent: median X states, max Y, Z intent-undecided; F failing cases".
    init(_ text: String) {
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        func number(before marker: String) -> Int {
            guard let r = line.range(of: marker) else { return -1 }
            let head = line[..<r.lowerBound]
            let digits = head.reversed().prefix { $0.isNumber }
            return Int(String(digits.reversed())) ?? -1
        }
        cases = number(before: " cases,")
        sessions = number(before: " replicated sessions")
        intentMedian = number(before: " states,")
        undecided = number(before: " intent-undecided")
        failing = number(before: " failing cases")
        if let r = line.range(of: "states, max ") {
            intentMax = Int(String(line[r.upperBound...].prefix { $0.isNumber })) ?? -1
        }
    }
}

/// The single-replica campaign's sessions and cases from its JSON summary.
func singleReplicaFigures(_ run: ToolRun) -> (sessions: Int, cases: Int) {
    let summary = (try? JSONSerialization.jsonObject(with: Data(run.out.utf8))) as? [String: Any]
    let sessions = (summary?["sessions"] as? Int) ?? 0
    let cases = (summary?["cases"] as? Int) ?? (summary?["runs"] as? Int) ?? 0
    return (sessions, cases)
}

func mib(_ v: Double) -> String { "\(f(v, 1)) MiB" }

/// The replicated campaign rows, the app rows and the replica replay rows.
func benchReplicas(_ report: inout Report, quick: Bool) throws {
    let tool = releaseTool()
    guard FileManager.default.isExecutableFile(atPath: tool) else {
        report.row("dragreplay fuzz --replicas", "not built", "-", "-")
        return
    }
    benchReplicaCampaigns(&report, quick: quick)
    benchReplicaApps(&report, quick: quick)
    try benchReplicaReplay(&report, quick: quick)
}

/// `fuzz --replicas N --merge causal|server --jobs 1` at N = 2, 4, 8, beside
/// `fuzz --mode sessions --jobs 1` run in the same round; then peak memory
/// at two campaign lengths.
func benchReplicaCampaigns(_ report: inout Report, quick: Bool) {
    let runs = quick ? 2_000 : 20_000
    let baseRuns = quick ? 20_000 : 100_000
    let base = runTool(
        ["fuzz", "--mode", "sessions", "--jobs", "1", "--runs", "\(baseRuns)", "--out", "bench-data/found-cli", "--format", "json"])
    let single = singleReplicaFigures(base)
    let baseRate = Double(single.sessions) / base.elapsed
    let baseCaseRate = Double(baseRuns) / base.elapsed
    report.row(
        "baseline: dragreplay fuzz --mode sessions --jobs 1 --runs \(baseRuns)", "\(rate(baseRate)) sessions",
        "\(rate(baseCaseRate)) cases", "\(single.sessions) sessions, \(f(base.elapsed, 2)) s, \(mib(base.peakMiB)); exit \(base.status)")
    for model in ["causal", "server"] {
        for n in [2, 4, 8] {
            let run = runTool([
                "fuzz", "--replicas", "\(n)", "--merge", model, "--runs", "\(runs)", "--jobs", "1", "--out", "bench-data/found-replicas",
            ])
            let r = ReplicaFigures(run.out)
            let perSecond = Double(r.sessions) / run.elapsed
            report.row(
                "fuzz --replicas \(n) --merge \(model) --jobs 1 --runs \(runs)", "\(rate(perSecond)) replicated sessions",
                "single-replica \(rate(baseRate)) sessions, \(rate(baseCaseRate)) cases",
                "\(f(perSecond / baseRate, 4))x the sessions, \(f(perSecond / baseCaseRate, 3))x the cases; intent: median \(r.intentMedian) states, max \(r.intentMax), \(r.undecided) undecided; \(r.failing) failing; \(f(run.elapsed, 2)) s, \(mib(run.peakMiB)); exit \(run.status)"
            )
        }
    }
    // Flat memory: the same campaign at two lengths, 10x apart.
    let lengths = quick ? [1_000, 10_000] : [10_000, 100_000]
    for model in ["causal", "server"] {
        let runs = lengths.map {
            runTool(["fuzz", "--replicas", "4", "--merge", model, "--runs", "\($0)", "--jobs", "1", "--out", "bench-data/found-replicas"])
        }
        let figures = runs.map { ReplicaFigures($0.out) }
        report.row(
            "peak memory, fuzz --replicas 4 --merge \(model) --jobs 1, \(lengths[0]) / \(lengths[1]) cases",
            "\(mib(runs[0].peakMiB)) / \(mib(runs[1].peakMiB))", "\(lengths[0]) cases",
            "\(f(runs[1].peakMiB / runs[0].peakMiB, 2))x for 10x the cases (+\(f(runs[1].peakMiB - runs[0].peakMiB, 1)) MiB); \(f(runs[1].elapsed, 1)) s; \(figures[1].cases) cases, exit \(runs[1].status)"
        )
    }
}

/// `fuzz --replicas 3 --app ...` (one app process per replica, and one
/// for the server) beside the in-process model at the same N; the
/// single-replica app beside its in-process campaign.
func benchReplicaApps(_ report: inout Report, quick: Bool) {
    let runs = quick ? 200 : 2_000
    let apps: [(model: String, app: [String])] = [
        ("causal", ["--app", "python3 examples/apps/causal_peer.py"]),
        (
            "server",
            ["--app", "python3 examples/apps/rebase_server.py", "--app-server", "python3 examples/apps/rebase_server.py"]
        ),
    ]
    for (model, app) in apps {
        let common = ["fuzz", "--replicas", "3", "--merge", model, "--jobs", "1", "--runs", "\(runs)", "--out", "bench-data/found-replicas"]
        let local = runTool(common)
        let viaApp = runTool(common + app)
        let l = ReplicaFigures(local.out)
        let a = ReplicaFigures(viaApp.out)
        let localRate = Double(l.sessions) / local.elapsed
        let appRate = Double(a.sessions) / viaApp.elapsed
        let name = app[1].split(separator: "/").last.map(String.init) ?? app[1]
        report.row(
            "fuzz --replicas 3 --merge \(model) --app \(name) --jobs 1 --runs \(runs)", "\(rate(appRate)) replicated sessions",
            "in process \(rate(localRate))",
            "\(f(localRate / appRate, 1))x slower; \(f(viaApp.elapsed / Double(max(a.sessions, 1)) * 1000, 2)) ms per session; intent: median \(a.intentMedian) states, max \(a.intentMax); \(a.failing) failing; exit \(viaApp.status)"
        )
    }
    let singleRuns = quick ? 2_000 : 20_000
    let common = ["fuzz", "--mode", "sessions", "--jobs", "1", "--runs", "\(singleRuns)", "--out", "bench-data/found-app", "--format", "json"]
    let local = runTool(common)
    let viaApp = runTool(common + ["--app", "python3 examples/apps/plain_lists.py"])
    let l = singleReplicaFigures(local)
    let a = singleReplicaFigures(viaApp)
    let localRate = Double(l.sessions) / local.elapsed
    let appRate = Double(a.sessions) / viaApp.elapsed
    report.row(
        "single replica: fuzz --app plain_lists.py --jobs 1 --runs \(singleRuns)", "\(rate(appRate)) sessions",
        "in process \(rate(localRate))",
        "\(f(localRate / appRate, 1))x slower; \(rate(Double(singleRuns) / viaApp.elapsed)) cases; exit \(viaApp.status)")
}

/// `dragreplay replay` of a version 3 recording (3 causal replicas, 300
/// relocates, each delivered to both peers, one quiesce) over 10^4 and
/// 10^6 items, beside `check` of the same file (reading and validating) and
/// the replay of the header alone with its quiesce (loading the items into
/// each replica): what is left is the events' cost, the engines' sync
/// among it.
func benchReplicaReplay(_ report: inout Report, quick: Bool) throws {
    let sizes = quick ? [10_000] : [10_000, 1_000_000]
    let relocates = 300
    for items in sizes {
        let path = "bench-data/replicas-\(items).jsonl"
        let empty = "bench-data/replicas-\(items)-header.jsonl"
        for (file, k) in [(path, relocates), (empty, 0)] where !FileManager.default.fileExists(atPath: file) {
            let (_, status) = runChild(
                ["python3", "bench/replica_recording.py", "\(items)", file, "--relocates", "\(k)", "--replicas", "3"],
                binary: "/usr/bin/env")
            precondition(status == 0, "bench/replica_recording.py failed for \(file)")
        }
        let check = runTool(["check", path])
        let header = runTool(["replay", empty])
        let replay = runTool(["replay", path])
        let events = relocates * 3 + 1
        let perEvent = (replay.elapsed - header.elapsed) / Double(events)
        report.row(
            "replay, version 3, \(items) items, 3 causal replicas, \(relocates) relocates + \(relocates * 2 + 1) channel events",
            "\(f(replay.elapsed, 2)) s, \(mib(replay.peakMiB))",
            "check \(f(check.elapsed, 2)) s; header + quiesce alone \(f(header.elapsed, 2)) s",
            "\(f(replay.elapsed / check.elapsed, 1))x check; \(f(perEvent * 1000, 2)) ms per event beyond the header; exit \(replay.status) / \(check.status) / \(header.status)"
        )
    }
}

extension Bench {
    /// `replicas [--quick]`: the replica rows alone.
    static func replicasCommand(_ args: [String]) throws {
        var report = Report()
        try benchReplicas(&report, quick: args.contains("--quick"))
        report.print()
    }
}
