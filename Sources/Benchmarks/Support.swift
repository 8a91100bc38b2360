import DragCorpus
import DragFuzz
import DragReader
import DragRecording
import DragReplay
import DragSystem
import Foundation
import ReorderCore

// The performance report: every figure beside its baseline, measured in the
// same run. `scripts/bench` builds this (release) and the C baseline, then
// runs `dragreplay-bench all`. Subcommands run single measurements in child
// processes, so peak memory (ru_maxrss) belongs to one measurement alone.

/// Seconds on the project's one monotonic clock.
func seconds() -> Double { MonotonicClock.now().seconds }

/// Peak resident memory of this process image. Not `ru_maxrss`: Linux keeps
/// that across `execve`, so a child would report its parent's peak.
func peakRSSMiB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kb = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return 0 }
    return kb / 1024
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// Runs `body` `repeats` times and returns the median seconds.
func timed(_ repeats: Int, _ body: () -> Void) -> Double {
    median(
        (0..<repeats).map { _ in
            let t = seconds()
            body()
            return seconds() - t
        })
}

/// Runs `binary` (default: this one) with `args` to its end: its standard
/// output and exit status.
func runChild(_ args: [String], binary: String = CommandLine.arguments[0]) -> (out: Data, status: Int32) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: binary)
    p.arguments = args
    let pipe = Pipe()
    p.standardOutput = pipe
    try! p.run()
    let out = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (out, p.terminationStatus)
}

/// A child's output read as the numbers it prints, separated by spaces.
func numbers(_ out: Data) -> [Double] {
    String(decoding: out, as: UTF8.self).split(separator: " ").compactMap {
        Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// Runs this binary on one measurement; returns (seconds, peak MiB).
func child(_ args: [String]) -> (Double, Double) {
    let f = numbers(runChild(args).out)
    return (f[0], f[1])
}

/// The C loop's seconds; `cLocale`: with the thread in the "C" locale (`--c-locale`).
func cBaseline(_ binary: String, _ path: String, cLocale: Bool = false) -> Double {
    numbers(runChild(cLocale ? [path, "--c-locale"] : [path], binary: binary).out)[0]
}

struct Report {
    var rows: [(String, String, String, String)] = []  // what, measured, baseline, ratio
    var misses: [String] = []
    /// Every target in the order reported: its name, met or not, the figure.
    var outcomes: [(name: String, met: Bool, detail: String)] = []

    mutating func row(_ what: String, _ measured: String, _ baseline: String, _ ratio: String) {
        rows.append((what, measured, baseline, ratio))
    }

    mutating func target(_ name: String, _ ok: Bool, _ detail: String) {
        rows.append(("  target: \(name)", ok ? "met" : "MISSED", "", detail))
        if !ok { misses.append("\(name): \(detail)") }
        outcomes.append((name, ok, detail))
    }

    func print() {
        let w0 = max(8, rows.map { $0.0.count }.max() ?? 0)
        let w1 = max(8, rows.map { $0.1.count }.max() ?? 0)
        let w2 = max(8, rows.map { $0.2.count }.max() ?? 0)
        func pad(_ s: String, _ w: Int) -> String { s + String(repeating: " ", count: max(0, w - s.count)) }
        Swift.print("| " + pad("benchmark", w0) + " | " + pad("measured", w1) + " | " + pad("baseline", w2) + " | ratio / note |")
        Swift.print(
            "|" + String(repeating: "-", count: w0 + 2) + "|" + String(repeating: "-", count: w1 + 2) + "|"
                + String(repeating: "-", count: w2 + 2) + "|---|")
        for r in rows { Swift.print("| " + pad(r.0, w0) + " | " + pad(r.1, w1) + " | " + pad(r.2, w2) + " | " + r.3 + " |") }
    }
}

func f(_ v: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)f", v) }
func rate(_ v: Double) -> String { v >= 1e6 ? "\(f(v / 1e6, 2))M/s" : v >= 1e3 ? "\(f(v / 1e3, 1))k/s" : "\(f(v, 0))/s" }

/// The targets of several rounds of the same report: a target is missed
/// when it is missed in more than half the rounds, that is when the median
/// round misses it (each target is one ratio or one time against one limit,
/// so the median figure misses exactly then). Fewer misses are noise and are
/// said so.
/// - Returns: the lines for the targets missed, and those for the noise.
func medianVerdict(_ rounds: [Report]) -> (missed: [String], noise: [String]) {
    var order: [String] = []
    var details: [String: [(Bool, String)]] = [:]
    for report in rounds {
        for o in report.outcomes {
            if details[o.name] == nil { order.append(o.name) }
            details[o.name, default: []].append((o.met, o.detail))
        }
    }
    var missed: [String] = []
    var noise: [String] = []
    for name in order {
        let list = details[name]!
        let misses = list.filter { !$0.0 }.count
        guard misses > 0 else { continue }
        let line = "\(name): missed in \(misses) of \(list.count) rounds (\(list.map(\.1).joined(separator: ", ")))"
        if misses * 2 > list.count { missed.append(line) } else { noise.append(line) }
    }
    return (missed, noise)
}
