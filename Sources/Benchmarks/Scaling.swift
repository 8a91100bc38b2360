import DragCorpus
import DragFuzz
import DragReader
import DragRecording
import DragReplay
import Foundation
import ReorderCore

func benchScaling(_ report: inout Report, quick: Bool) throws {
    // Replay: events/s as the container grows (10^5 events each).
    for items in quick ? [10, 100, 1000] : [10, 100, 1000, 10_000] {
        let path = "bench-data/scaling-items-\(items).jsonl"
        if !FileManager.default.fileExists(atPath: path) {
            try FileManager.default.createDirectory(atPath: "bench-data", withIntermediateDirectories: true)
            try generate(events: 100_000, items: items, to: path)
        }
        let (elapsed, mib) = child(["replay", path])
        report.row("replay 10^5 events, \(items) items", rate(100_000 / elapsed) + " events", "", "peak \(f(mib, 1)) MiB")
    }
    // Fuzz: sessions/s as cases grow (items, events, sessions x10).
    for (items, events, sessions) in [(16, 24, 3), (160, 240, 3), (16, 240, 30)] {
        var runner = CaseRunner(applier: .canonical, mode: .sessions)
        runner.maxItems = items
        runner.maxEvents = events
        runner.maxSessions = sessions
        var count = 0
        var lifts = 0
        let t = seconds()
        while seconds() - t < (quick ? 0.5 : 2) {
            var c = ChoiceSequence(seed: Xoshiro256.caseSeed(5, UInt64(count)))
            lifts += runner.run(&c).sessions
            count += 1
        }
        let dt = seconds() - t
        report.row(
            "fuzz <=\(items) items, <=\(events) events, <=\(sessions) sessions", rate(Double(lifts) / dt) + " sessions",
            rate(Double(count) / dt) + " cases", "1 core")
    }
}
