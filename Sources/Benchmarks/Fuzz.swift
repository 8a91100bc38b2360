import DragCorpus
import DragFuzz
import DragReader
import DragRecording
import DragReplay
import Foundation
import ReorderCore

func benchFuzz(_ report: inout Report, quick: Bool) {
    let cases = quick ? 20_000 : 100_000
    let one = oneCore(cases: cases, swipeCases: 40).rate
    let summary = runCampaign(
        CampaignOptions(
            applierName: "canonical", applier: .canonical, mode: .sessions, runs: cases * 2, seconds: nil, seed: 1,
            jobs: 2, shard: (0, 1), outDirectory: "bench-data/found"))
    let two = Double(summary.sessions) / summary.elapsed
    report.row("fuzz sessions/s, 1 core (<=16 items, <=24 events)", rate(one), "issue 24: 213k/s", "\(f(one / 213_000, 2))x the issue's")
    report.row("fuzz sessions/s, --jobs 2", rate(two), "1 core \(rate(one))", "\(f(two / one, 2))x one core")
    report.target("at least 400,000 sessions/s per core in this profile", one >= 400_000, rate(one))
    benchCLICampaign(&report, quick: quick, inProcess: one)
    // Swipe-heavy against drag-only, the same generator in the same run:
    // every session case with swipe actions, or none.
    var rates: [Int: Double] = [:]
    for swipeCases in [0, 100] { rates[swipeCases] = oneCore(cases: cases, swipeCases: swipeCases).rate }
    report.row(
        "fuzz sessions/s, 1 core: swipe-heavy (every case has swipe actions, 10-60% gestures)", rate(rates[100]!),
        "drag-only \(rate(rates[0]!))", "\(f(rates[100]! / rates[0]!, 2))x drag-only")
    for name in ["array-order", "self-anchor-to-end", "insert-before-remove", "offsets"] {
        let applier = Applier<Int, Int>.named(name)!
        let start = seconds()
        var index: UInt64 = 0
        var found: (CaseRunner, [UInt64], Violation)?
        while found == nil {
            let runner = CaseRunner(applier: applier, mode: index % 2 == 0 ? .sessions : .differences)
            var c = ChoiceSequence(seed: Xoshiro256.caseSeed(1, index))
            if let v = runner.run(&c).violation { found = (runner, c.choices, v) }
            index += 1
        }
        let findTime = seconds() - start
        let shrinkStart = seconds()
        let shrunk = Shrinker(runner: found!.0, invariant: found!.2.invariant).shrink(found!.1)
        let shrinkTime = seconds() - shrinkStart
        report.row(
            "find + shrink \(name)", "found in \(f(findTime * 1000, 1))ms (\(index) cases)",
            "shrink \(f(shrinkTime * 1000, 1))ms, \(shrunk.attempts) attempts",
            "\(found!.2.invariant.rawValue), \(shrunk.result.fuzzCase.steps.count) events")
        report.target("shrink \(name) under 2 s", shrinkTime < 2, "\(f(shrinkTime, 3))s")
    }
}

/// The one-core loop: `cases` sessions-mode cases of the canonical
/// applier, `swipeCases` percent of them with swipe actions, run as a
/// campaign's first run of a case runs them (counts and verdict, no
/// recording of the steps: `Campaign` records a failing case when it runs
/// it again to shrink it).
func oneCore(cases: Int, swipeCases: Int) -> (sessions: Int, elapsed: Double, rate: Double) {
    var runner = CaseRunner(applier: .canonical, mode: .sessions)
    runner.swipeCases = swipeCases
    runner.recordsSteps = false
    var sessions = 0
    let t = seconds()
    for i in 0..<cases {
        var c = ChoiceSequence(seed: Xoshiro256.caseSeed(1, UInt64(i)))
        sessions += runner.run(&c).sessions
    }
    let elapsed = seconds() - t
    return (sessions, elapsed, Double(sessions) / elapsed)
}

/// The one-core loop on its own (`fuzz-loop`), for `perf record`.
func fuzzLoop(cases: Int, swipeCases: Int) {
    let run = oneCore(cases: cases, swipeCases: swipeCases)
    print("\(run.sessions) sessions in \(f(run.elapsed, 2)) s: \(rate(run.rate))")
}

/// The campaign a user runs, as the user runs it: the release `dragreplay`
/// built beside this binary, `fuzz --mode sessions --jobs 1`, default case
/// sizes, its wall time from start to exit (start-up, writing the summary).
/// Beside the library's one-core rate of the same run and issue 24's 58k/s.
func benchCLICampaign(_ report: inout Report, quick: Bool, inProcess: Double) {
    let tool = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("dragreplay").path
    let runs = quick ? 20_000 : 200_000
    guard FileManager.default.isExecutableFile(atPath: tool) else {
        report.row("dragreplay fuzz --mode sessions --jobs 1 --runs \(runs)", "not built", "-", "-")
        report.target("the CLI campaign at least 120,000 sessions/s", false, "\(tool) not built")
        return
    }
    let t = seconds()
    let (out, status) = runChild(
        ["fuzz", "--mode", "sessions", "--jobs", "1", "--runs", "\(runs)", "--out", "bench-data/found-cli", "--format", "json"],
        binary: tool)
    let elapsed = seconds() - t
    let summary = (try? JSONSerialization.jsonObject(with: out)) as? [String: Any]
    let sessions = (summary?["sessions"] as? Int) ?? 0
    let cli = Double(sessions) / elapsed
    report.row(
        "dragreplay fuzz --mode sessions --jobs 1 --runs \(runs)", rate(cli),
        "issue 24: 58k/s; library 1 core \(rate(inProcess))", "\(f(cli / 58_000, 2))x the issue's; exit \(status)")
    report.target(
        "the CLI campaign at least 120,000 sessions/s", status == 0 && cli >= 120_000, "\(rate(cli)), \(sessions) sessions")
}
