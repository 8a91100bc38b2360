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
    /// User + system CPU seconds of the tool and the children it reaped
    /// (the apps), from `/usr/bin/time`; the wall time without it. On a
    /// machine shared with other work the rates per CPU second are the
    /// figures per core; the wall rates follow the load.
    var cpu: Double
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
    _ = FileManager.default.createFile(atPath: errFile, contents: nil)
    let p = Process()
    if useTime {
        p.executableURL = URL(fileURLWithPath: timeBinary)
        p.arguments = ["-f", "%M %U %S", "-o", timeFile, binary] + args
    } else {
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = args
    }
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = FileHandle(forWritingAtPath: errFile)
    let t = seconds()
    try! p.run()
    let polled = PeakPoll()
    if !useTime {
        let path = "/proc/\(p.processIdentifier)/status"
        Thread {
            while !polled.finished {
                if let s = try? String(contentsOfFile: path, encoding: .utf8),
                    let line = s.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                    let kb = Double(line.split(separator: " ").dropFirst().first ?? "")
                {
                    polled.record(kb / 1024)
                }
                usleep(5_000)
            }
        }.start()
    }
    let out = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    polled.finish()
    let elapsed = seconds() - t
    var peak = polled.peak
    var cpu = elapsed
    // The last line is "KB USER SYSTEM" (a line before it may say the status).
    if useTime, let s = try? String(contentsOfFile: timeFile, encoding: .utf8),
        let last = s.split(separator: "\n").last
    {
        let v = last.split(separator: " ").compactMap { Double($0) }
        if v.count == 3 {
            peak = v[0] / 1024
            cpu = v[1] + v[2]
        }
    }
    let err = (try? String(contentsOfFile: errFile, encoding: .utf8)) ?? ""
    return ToolRun(
        elapsed: elapsed, out: String(decoding: out, as: UTF8.self), err: err, status: p.terminationStatus, peakMiB: peak, cpu: cpu)
}

/// The /proc poller's reading and its stop flag, shared with its thread.
final class PeakPoll: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0.0
    private var done = false
    var peak: Double { lock.withLock { value } }
    var finished: Bool { lock.withLock { done } }
    func record(_ v: Double) { lock.withLock { value = max(value, v) } }
    func finish() { lock.withLock { done = true } }
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
func benchReplicas(_ report: inout Report, quick: Bool, large: Bool = false) throws {
    let tool = releaseTool()
    guard FileManager.default.isExecutableFile(atPath: tool) else {
        report.row("dragreplay fuzz --replicas", "not built", "-", "-")
        return
    }
    benchReplicaCampaigns(&report, quick: quick)
    benchReplicaApps(&report, quick: quick)
    try benchReplicaReplay(&report, quick: quick, large: large)
}

/// `fuzz --replicas N --merge causal|server --jobs 1` at N = 2, 4, 8, beside
/// `fuzz --mode sessions --jobs 1` run in the same round; then peak memory
/// at two campaign lengths.
func benchReplicaCampaigns(_ report: inout Report, quick: Bool) {
    // A replicated case costs milliseconds (about 100-200 cases/s on one
    // core here), a single-replica case tens of microseconds.
    let runs = quick ? 100 : 1_000
    let baseRuns = quick ? 20_000 : 100_000
    let base = runTool(
        ["fuzz", "--mode", "sessions", "--jobs", "1", "--runs", "\(baseRuns)", "--out", "bench-data/found-cli", "--format", "json"])
    let single = singleReplicaFigures(base)
    let baseRate = Double(single.sessions) / base.cpu
    let baseCaseRate = Double(baseRuns) / base.cpu
    report.row(
        "baseline: dragreplay fuzz --mode sessions --jobs 1 --runs \(baseRuns)", "\(rate(baseRate)) sessions",
        "\(rate(baseCaseRate)) cases",
        "per CPU second; \(single.sessions) sessions, \(f(base.cpu, 2)) s CPU, \(f(base.elapsed, 2)) s wall, \(mib(base.peakMiB)); exit \(base.status)"
    )
    for model in ["causal", "server"] {
        for n in [2, 4, 8] {
            let run = runTool([
                "fuzz", "--replicas", "\(n)", "--merge", model, "--runs", "\(runs)", "--jobs", "1", "--out", "bench-data/found-replicas",
            ])
            let r = ReplicaFigures(run.out)
            let perSecond = Double(r.sessions) / run.cpu
            report.row(
                "fuzz --replicas \(n) --merge \(model) --jobs 1 --runs \(runs)", "\(rate(perSecond)) replicated sessions per CPU s",
                "single-replica \(rate(baseRate)) sessions, \(rate(baseCaseRate)) cases",
                "\(f(baseRate / perSecond, 0))x fewer than its sessions, \(f(baseCaseRate / perSecond, 1))x fewer than its cases; intent: median \(r.intentMedian) states, max \(r.intentMax), \(r.undecided) undecided; \(r.failing) failing; \(f(run.cpu, 2)) s CPU, \(f(run.elapsed, 2)) s wall, \(mib(run.peakMiB)); exit \(run.status)"
            )
        }
    }
    // Flat memory: the same campaign at two lengths, 10x apart (the
    // cheapest one, 2 replicas: 10^4 cases take about a minute).
    let lengths = quick ? [100, 1_000] : [1_000, 10_000]
    let memoryRuns = lengths.map {
        runTool(["fuzz", "--replicas", "2", "--merge", "causal", "--runs", "\($0)", "--jobs", "1", "--out", "bench-data/found-replicas"])
    }
    let figures = memoryRuns.map { ReplicaFigures($0.out) }
    report.row(
        "peak memory, fuzz --replicas 2 --merge causal --jobs 1, \(lengths[0]) / \(lengths[1]) cases",
        "\(mib(memoryRuns[0].peakMiB)) / \(mib(memoryRuns[1].peakMiB))", "\(lengths[0]) cases",
        "\(f(memoryRuns[1].peakMiB / memoryRuns[0].peakMiB, 2))x for 10x the cases (+\(f(memoryRuns[1].peakMiB - memoryRuns[0].peakMiB, 1)) MiB); \(f(memoryRuns[1].cpu, 1)) s CPU, \(rate(Double(figures[1].sessions) / memoryRuns[1].cpu)) replicated sessions per CPU second; exit \(memoryRuns[1].status)"
    )
}

/// `fuzz --replicas 3 --app ...` (one app process per replica, and one
/// for the server) beside the in-process model at the same N; the
/// single-replica app beside its in-process campaign.
func benchReplicaApps(_ report: inout Report, quick: Bool) {
    let runs = quick ? 30 : 300
    // One app process per replica (3), and the server's (4 for server).
    let apps: [(model: String, app: [String])] = [
        ("causal", ["--app", "python3 examples/apps/causal_peer.py"]),
        (
            "server",
            ["--app", "python3 examples/apps/rebase_server.py", "--app-server", "python3 examples/apps/rebase_server.py"]
        ),
    ]
    for (model, app) in apps {
        func campaign(_ runs: Int) -> [String] {
            ["fuzz", "--replicas", "3", "--merge", model, "--jobs", "1", "--runs", "\(runs)", "--out", "bench-data/found-replicas"]
        }
        // In process, 10x the cases: a few CPU seconds, not a few tenths.
        let local = runTool(campaign(runs * 10))
        let viaApp = runTool(campaign(runs) + app)
        let l = ReplicaFigures(local.out)
        let a = ReplicaFigures(viaApp.out)
        // CPU: the tool's and its reaped children's, the apps'.
        let localRate = Double(l.sessions) / local.cpu
        let appRate = Double(a.sessions) / viaApp.cpu
        let appWall = Double(a.sessions) / viaApp.elapsed
        let name = app[1].split(separator: "/").last.map(String.init) ?? app[1]
        report.row(
            "fuzz --replicas 3 --merge \(model) --app \(name) --jobs 1 --runs \(runs)",
            "\(rate(appRate)) replicated sessions per CPU s (wall \(rate(appWall)))",
            "in process \(rate(localRate)) per CPU s (\(runs * 10) cases)",
            "\(f(localRate / appRate, 1))x slower; \(f(viaApp.cpu / Double(max(a.sessions, 1)) * 1000, 2)) ms CPU per session (the tool + \(model == "server" ? 4 : 3) app processes); intent: median \(a.intentMedian) states, max \(a.intentMax); \(a.failing) failing; exit \(viaApp.status)"
        )
    }
    let singleRuns = quick ? 2_000 : 20_000
    let common = [
        "fuzz", "--mode", "sessions", "--jobs", "1", "--runs", "\(singleRuns)", "--out", "bench-data/found-app", "--format", "json",
    ]
    let local = runTool(common)
    let viaApp = runTool(common + ["--app", "python3 examples/apps/plain_lists.py"])
    let l = singleReplicaFigures(local)
    let a = singleReplicaFigures(viaApp)
    let localRate = Double(l.sessions) / local.cpu
    let appRate = Double(a.sessions) / viaApp.cpu
    let appWall = Double(a.sessions) / viaApp.elapsed
    report.row(
        "single replica: fuzz --app plain_lists.py --jobs 1 --runs \(singleRuns)",
        "\(rate(appRate)) sessions per CPU s (wall \(rate(appWall)))",
        "in process \(rate(localRate)) per CPU s",
        "\(f(localRate / appRate, 1))x slower; \(rate(Double(singleRuns) / viaApp.cpu)) cases per CPU s; exit \(viaApp.status)")
}

/// `dragreplay replay` of a version 3 recording (3 causal replicas; K
/// relocates, each delivered to both peers; one quiesce) over 10^4 items
/// (K = 300) and 10^6 items (K = 1: at 10^6 items an event costs seconds),
/// beside `check` of the same file (reading and validating) and the replay
/// of the same file without its relocates (loading the items into each
/// replica, and the quiesce): what is left is the relocates' events, each
/// replica engine's sync to the system among them. A line is at most 1 MiB,
/// so a header holds at most about 10^5 items: at 10^6, the header holds
/// 10^5 and replica A inserts the rest, 50,000 a line, each delivered to
/// both peers (bench/replica_recording.py).
func benchReplicaReplay(_ report: inout Report, quick: Bool, large: Bool = false) throws {
    // 10^6 items take about 100 CPU seconds per replay, twice: only with --large.
    var sizes: [(items: Int, relocates: Int)] = quick ? [(10_000, 30)] : [(10_000, 300)]
    if large { sizes.append((1_000_000, 1)) }
    for (items, relocates) in sizes {
        let path = "bench-data/replicas-\(items)-\(relocates).jsonl"
        let empty = "bench-data/replicas-\(items)-0.jsonl"
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
        let perEvent = (replay.cpu - header.cpu) / Double(events - 1)
        report.row(
            "replay, version 3, \(items) items\(items > 100_000 ? " (10^5 in the header, the rest inserted)" : ""), 3 causal replicas, \(relocates) relocate\(relocates == 1 ? "" : "s") each delivered to both peers, quiesce",
            "\(f(replay.cpu, 2)) s CPU (\(f(replay.elapsed, 2)) s wall), \(mib(replay.peakMiB))",
            "check \(f(check.cpu, 2)) s; without the relocates \(f(header.cpu, 2)) s, \(mib(header.peakMiB))",
            "\(check.cpu >= 0.01 ? f(replay.cpu / check.cpu, 0) + "x check" : "check under 0.01 s CPU"); \(f(perEvent * 1000, 1)) ms CPU per relocate event beyond that; exit \(replay.status) / \(check.status) / \(header.status)"
        )
    }
}

extension Bench {
    /// `replicas [--quick] [--large]`: the replica rows alone; `--large`
    /// adds the replay over 10^6 items (about 4 minutes of CPU).
    static func replicasCommand(_ args: [String]) throws {
        var report = Report()
        try benchReplicas(&report, quick: args.contains("--quick"), large: args.contains("--large"))
        report.print()
    }
}
