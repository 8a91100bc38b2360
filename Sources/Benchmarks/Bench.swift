import DragCorpus
import DragFuzz
import DragReader
import DragRecording
import DragReplay
import DragSystem
import Foundation
import ReorderCore

@main
struct Bench {
    static func main() throws {
        let args = Array(CommandLine.arguments.dropFirst())
        guard let command = args.first else {
            print(
                "usage: dragreplay-bench all [--check] [--rounds N] [--quick] --c-baseline PATH | reading [--quick] --c-baseline PATH | read|replay|foundation|decoder FILE | generate N FILE [ITEMS] | generate-grid N FILE | render [FILE OUT] | replicas [--quick] [--large]"
            )
            SystemCall.exit(2)
        }
        switch command {
        case "read", "replay", "foundation", "decoder", "check":
            let t = seconds()
            let n: Int
            switch command {
            case "read": n = readOnly(args[1])
            case "replay": n = readAndReplay(args[1])
            case "check": n = checkOnly(args[1])
            case "foundation": n = foundationParse(args[1])
            default: n = decoderParse(args[1])
            }
            precondition(n > 0 || command == "replay")
            print("\(seconds() - t) \(peakRSSMiB())")
        case "reading":
            // The reading rows alone: `reading --c-baseline PATH [--quick]`.
            guard let i = args.firstIndex(of: "--c-baseline"), i + 1 < args.count else {
                print("--c-baseline PATH is required")
                SystemCall.exit(2)
            }
            var report = Report()
            try benchReading(&report, cBinary: args[i + 1], quick: args.contains("--quick"))
            report.print()
        case "apply":
            var report = Report()
            benchApply(&report, quick: args.contains("--quick"))
            report.print()
        case "generate", "generate-grid", "generate-list", "generate-grid-far", "generate-list-far":
            try generateCommand(args)
        case "render":
            guard args.count == 3 else {
                var report = Report()
                try benchRender(&report, quick: args.contains("--quick"))
                report.print()
                break
            }
            try renderOnce(args[1], to: args[2])
        case "fuzz":
            var report = Report()
            benchFuzz(&report, quick: args.contains("--quick"))
            report.print()
        case "fuzz-loop":
            // One core's sessions-mode loop alone, for a profiler:
            // `fuzz-loop CASES [SWIPE_PERCENT]` (default 40, the fuzzer's).
            fuzzLoop(cases: Int(args[1])!, swipeCases: args.count > 2 ? Int(args[2])! : 40)
        case "library-photo", "library": libraryCommand(args)
        case "app":
            var report = Report()
            try benchApp(&report, quick: args.contains("--quick"))
            report.print()
        case "replicas":
            try replicasCommand(args)
        case "container":
            var report = Report()
            try benchContainer(&report, quick: args.contains("--quick"))
            report.print()
        case "all":
            try all(args)
        default:
            print("unknown benchmark command '\(command)'")
            SystemCall.exit(2)
        }
    }

    /// Every benchmark; with `--check`, the median verdict of several rounds.
    static func all(_ args: [String]) throws {
        let check = args.contains("--check")
        let quick = args.contains("--quick")
        guard let i = args.firstIndex(of: "--c-baseline"), i + 1 < args.count else {
            print("--c-baseline PATH is required")
            SystemCall.exit(2)
        }
        // `--check` takes the median of several rounds (`--rounds N`, default 3).
        let roundsArgument = args.firstIndex(of: "--rounds").flatMap { $0 + 1 < args.count ? Int(args[$0 + 1]) : nil }
        let rounds = max(1, roundsArgument ?? (check ? 3 : 1))
        var reports: [Report] = []
        for round in 0..<rounds {
            if rounds > 1 { print("\nround \(round + 1) of \(rounds)") }
            var report = Report()
            try benchReading(&report, cBinary: args[i + 1], quick: quick)
            benchApply(&report, quick: quick)
            benchHitTest(&report)
            benchFuzz(&report, quick: quick)
            benchLibrary(&report, quick: quick)
            try benchApp(&report, quick: quick)
            try benchScaling(&report, quick: quick)
            try benchContainer(&report, quick: quick)
            try benchRender(&report, quick: quick)
            // The replica rows run the release CLI for minutes and have no
            // targets: not in --quick, nor in --check's rounds.
            if !quick && !check { try benchReplicas(&report, quick: false) }
            report.print()
            reports.append(report)
        }
        let verdict = medianVerdict(reports)
        if !verdict.noise.isEmpty {
            print("\nmissed in a minority of rounds (noise, not a miss):\n" + verdict.noise.map { "  - \($0)" }.joined(separator: "\n"))
        }
        if verdict.missed.isEmpty {
            print("\nall targets met" + (rounds > 1 ? " (median of \(rounds) rounds)" : ""))
        } else {
            print("\ntargets missed:\n" + verdict.missed.map { "  - \($0)" }.joined(separator: "\n"))
            if check { SystemCall.exit(1) }
        }
    }
}
