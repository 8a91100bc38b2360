import DragCorpus
import DragRecording
import DragRender
import DragReplay
import Foundation
import ReorderConformance
import ReorderCore

/// `dragreplay render`'s work on one file, in this process: replay, adapt
/// each step, build the document, write the page atomically. Prints
/// seconds, peak MiB, page bytes and steps.
func renderOnce(_ path: String, to out: String) throws {
    let t = seconds()
    var subject: (any ReorderSubject<String, String?>)? = nil
    let (result, document) = Replayer().render(path: path, subject: &subject, subjectName: "applier canonical")
    guard let document, result.status != .error else { fatalError("\(path): \(String(describing: result.error))") }
    let page = HTMLRenderer.page(document)
    try AtomicFile.write(page, to: out)
    print("\(seconds() - t) \(peakRSSMiB()) \(page.utf8.count) \(document.steps.count) \(document.steps.count { $0.modelChange != nil })")
}

/// The page of generated recordings of 10^3, 10^4 and 10^5 events (the
/// `generate` mix: drags of 2 to 9 moves, deferred applies, sync inserts and
/// deletes), each in a child process, against the target for 10^5:
/// under 2 s, under 20 MB.
func benchRender(_ report: inout Report, quick: Bool) throws {
    for n in quick ? [1_000, 10_000] : [1_000, 10_000, 100_000] {
        let path = try ensureData(n)
        let out = "bench-data/render-\(n).html"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        p.arguments = ["render", path, out]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let v = text.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        let (elapsed, mib, bytes, steps, snapshots) = (v[0], v[1], v[2], Int(v[3]), Int(v[4]))
        let (replay, _) = child(["replay", path])
        report.row(
            "render \(n) events -> one HTML page", "\(f(elapsed, 2)) s, \(f(bytes / 1e6, 2)) MB",
            "replay alone \(f(replay, 2)) s",
            "\(f(elapsed / replay, 1))x; \(steps) steps, \(snapshots) snapshots, \(f(bytes / Double(n), 0)) B/event, peak \(f(mib, 1)) MiB")
        if n == 100_000 {
            report.target(
                "render 10^5 events in under 2 s into under 20 MB", elapsed < 2 && bytes < 20e6,
                "\(f(elapsed, 2)) s, \(f(bytes / 1e6, 1)) MB")
        }
    }
}
