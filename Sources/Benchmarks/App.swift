import DragApp
import DragFuzz
import DragSystem
import Foundation
import ReorderConformance
import ReorderCore

/// CPU seconds (user + system) of this process and of its reaped children.
func cpuSeconds() -> (own: Double, children: Double) {
    (SystemCall.cpuSeconds(), SystemCall.cpuSeconds(children: true))
}

/// `--app` on the plain-lists Python example against the same campaign with
/// the same code under test in process (the canonical rule as an
/// `InProcessSubject`): the one difference is the process boundary. Where the
/// app run's time goes: the tool's CPU, the app's CPU (its process is
/// reaped, so its time is the tool's children's), and the rest of the wall
/// time, when neither computes: the pipe's round trips and the wake-ups.
func benchApp(_ report: inout Report, quick: Bool) throws {
    let runs = quick ? 2_000 : 20_000
    func options(jobs: Int) -> CampaignOptions {
        CampaignOptions(
            applierName: "canonical", applier: .canonical, mode: .sessions, runs: runs, seconds: nil, seed: 1,
            jobs: jobs, shard: (0, 1), outDirectory: "bench-data/found-app")
    }
    var inProcess = options(jobs: 1)
    inProcess.code = { _ in .subject(InProcessSubject<Int, Int>(applier: .canonical, name: "in-process")) }
    let local = runCampaign(inProcess)
    let localRate = Double(local.sessions) / local.elapsed

    let command = "python3 examples/apps/plain_lists.py"
    for jobs in [1, 2] {
        let pool = AppPool(try (0..<jobs).map { _ in try AppSubject(command: command) })
        var viaApp = options(jobs: jobs)
        viaApp.code = { worker in .app(pool.apps[worker]) }
        viaApp.appCommand = command
        let before = cpuSeconds()
        let run = runCampaign(viaApp)
        pool.close()
        let after = cpuSeconds()
        let perJob = Double(run.sessions) / run.elapsed / Double(jobs)
        if jobs == 1 {
            let tool = after.own - before.own
            let app = after.children - before.children
            let rest = max(0, run.elapsed - tool - app)
            func share(_ v: Double) -> String { "\(f(v / run.elapsed * 100, 0))%" }
            report.row(
                "fuzz --app plain_lists.py, sessions/s per job", rate(perJob), "in process \(rate(localRate))",
                "\(f(localRate / perJob, 1))x slower; \(run.failingCases) failing")
            report.row(
                "  where the time goes (1 job, \(f(run.elapsed, 1)) s)", "app \(share(app)), tool \(share(tool))",
                "pipe and wake-ups \(share(rest))", "\(f(run.elapsed / Double(run.sessions) * 1e6, 1)) µs per session")
            report.target("at least 40,000 sessions/s per job with the Python example", perJob >= 40_000, rate(perJob))
        } else {
            report.row("fuzz --app plain_lists.py, --jobs 2", rate(perJob * 2), "\(rate(perJob)) per job", "\(run.failingCases) failing")
        }
    }
    try benchCrashingApp(&report, quick: quick)
}

/// `--app` against an app that crashes (Tests/DragAppTests/Apps/crash-on-pair.py
/// exits on every drop of two items or more), shrinking included: sessions/s
/// with spare processes ready at each restart, crashes run again from their
/// transcript and the shrinks' shared candidates (issue 41 item 6), against
/// the same campaign without all three (what the tool did before).
/// The findings must be the same; the figures are the app's processes.
func benchCrashingApp(_ report: inout Report, quick: Bool) throws {
    let command = "python3 Tests/DragAppTests/Apps/crash-on-pair.py"
    let runs = quick ? 12 : 40
    func campaign(spares: Bool) throws -> (summary: CampaignSummary, launches: Int) {
        let app = try AppSubject(command: command)
        app.spareCount = spares ? 2 : 0
        app.usesTranscripts = spares
        let pool = AppPool([app])
        var options = CampaignOptions(
            applierName: "app", applier: .canonical, mode: nil, runs: runs, seconds: nil, seed: 1, jobs: 1, shard: (0, 1),
            outDirectory: "bench-data/found-crashing-app")
        options.code = { worker in .app(pool.apps[worker]) }
        options.appCommand = command
        options.cachesAppShrinks = spares
        let run = runCampaign(options)
        pool.close()
        return (run, app.launches)
    }
    let before = try campaign(spares: false)
    let after = try campaign(spares: true)
    func sessionsPerSecond(_ s: CampaignSummary) -> Double { Double(s.sessions) / s.elapsed }
    let same = before.summary.findings.map(\.finding.fileName) == after.summary.findings.map(\.finding.fileName)
    report.row(
        "fuzz --app crash-on-pair.py, \(runs) cases, shrinking included, 1 job",
        "\(f(sessionsPerSecond(after.summary), 1))/s (\(f(after.summary.elapsed, 1)) s, shrinking \(f(after.summary.shrinkSeconds, 1)) s, \(after.launches) processes)",
        "without spares, transcripts, shared shrinks: \(f(sessionsPerSecond(before.summary), 1))/s (\(f(before.summary.elapsed, 1)) s, \(before.launches) processes)",
        "\(f(sessionsPerSecond(after.summary) / sessionsPerSecond(before.summary), 1))x; \(after.summary.shrinkCandidates.known) candidates known; findings \(same ? "the same" : "DIFFER")"
    )
    report.target("the same findings with and without them", same, "\(after.summary.findings.count) findings")
}
