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

/// Runs this binary on one measurement; returns (seconds, peak MiB).
func child(_ args: [String]) -> (Double, Double) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    p.arguments = args
    let pipe = Pipe()
    p.standardOutput = pipe
    try! p.run()
    let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    let f = out.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    return (f[0], f[1])
}

func cBaseline(_ binary: String, _ path: String) -> Double {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: binary)
    p.arguments = [path]
    let pipe = Pipe()
    p.standardOutput = pipe
    try! p.run()
    let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    return Double(out.split(separator: " ")[0])!
}

struct Report {
    var rows: [(String, String, String, String)] = []  // what, measured, baseline, ratio
    var misses: [String] = []

    mutating func row(_ what: String, _ measured: String, _ baseline: String, _ ratio: String) {
        rows.append((what, measured, baseline, ratio))
    }

    mutating func target(_ name: String, _ ok: Bool, _ detail: String) {
        rows.append(("  target: \(name)", ok ? "met" : "MISSED", "", detail))
        if !ok { misses.append("\(name): \(detail)") }
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
