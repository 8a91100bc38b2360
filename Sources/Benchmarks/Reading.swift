import DragCorpus
import DragFuzz
import DragReader
import DragRecording
import DragReplay
import Foundation
import ReorderCore

// Single measurements, each run in a child process (see `child`).

func readOnly(_ path: String) -> Int {
    let reader = try! RecordingReader(path: path)
    var n = 0
    while (try? reader.next()) != nil { n += 1 }
    return n
}

/// `dragreplay check`'s streaming validation of one file.
func checkOnly(_ path: String) -> Int {
    guard let result = try? checkRecording(path: path) else { return 0 }
    return result.events
}

func readAndReplay(_ path: String) -> Int {
    let r = Replayer().run(path: path)
    precondition(r.status != .error, "\(String(describing: r.error))")
    return r.eventCount
}

func lines(_ path: String) -> [Data] {
    let data = FileManager.default.contents(atPath: path)!
    return data.split(separator: UInt8(ascii: "\n")).map { Data($0) }
}

func foundationParse(_ path: String) -> Int {
    var n = 0
    for line in lines(path) where (try? JSONSerialization.jsonObject(with: line)) != nil { n += 1 }
    return n
}

struct DecodedLine: Decodable {
    var type: String?, t: Double?, session: Int?, items: [String]?, x: Double?, y: Double?, apply: String?, ops: [String]?
    var external: Bool?, collection: String?, index: Int?, before: String?, item: String?, order: [String]?, outcome: String?
    var format: String?, version: Int?
}

func decoderParse(_ path: String) -> Int {
    let decoder = JSONDecoder()
    var n = 0
    for line in lines(path) where (try? decoder.decode(DecodedLine.self, from: line)) != nil { n += 1 }
    return n
}

func benchReading(_ report: inout Report, cBinary: String, quick: Bool) throws {
    let n = quick ? 100_000 : 1_000_000
    let path = try ensureData(n)
    // Rounds interleave the contenders (C, ours, Foundation, JSONDecoder,
    // replay), so drift on a shared VM lands on all of them alike.
    let rounds = 5
    var times: [String: [Double]] = [:]
    for _ in 0..<rounds {
        times["c", default: []].append(cBaseline(cBinary, path))
        times["cLocale", default: []].append(cBaseline(cBinary, path, cLocale: true))
        times["ours", default: []].append(child(["read", path]).0)
        times["foundation", default: []].append(child(["foundation", path]).0)
        times["decoder", default: []].append(child(["decoder", path]).0)
        times["replay", default: []].append(child(["replay", path]).0)
    }
    let c = median(times["c"]!)
    let cLocale = median(times["cLocale"]!)
    let ours = median(times["ours"]!)
    let foundation = median(times["foundation"]!)
    let decoder = median(times["decoder"]!)
    let replay = median(times["replay"]!)
    report.row(
        "read \(n) events: DragReader (validating, typed events)", "\(f(ours))s", "C json-c tokener loop \(f(c))s",
        "\(f(ours / c, 2))x the C loop (medians of \(rounds) interleaved rounds)")
    // The reader runs json-c in the "C" locale, which spares json-c a
    // locale copy per call; the C loop doing the same, for comparison.
    report.row(
        "read \(n) events: DragReader", "\(f(ours))s", "C loop in the C locale (uselocale) \(f(cLocale))s",
        "\(f(ours / cLocale, 2))x that loop (no target: issue 24's is the plain loop)")
    report.row(
        "read \(n) events: Foundation JSONSerialization", "\(f(foundation))s", "DragReader \(f(ours))s",
        "DragReader \(f(foundation / ours, 2))x faster")
    report.row("read \(n) events: JSONDecoder", "\(f(decoder))s", "DragReader \(f(ours))s", "DragReader \(f(decoder / ours, 2))x faster")
    // Issue 24's target: wall clock, the medians of the interleaved rounds.
    report.target("reader within 1.3x of the C tokener loop", ours / c <= 1.3, "\(f(ours / c, 2))x")
    report.target("reader at least 2.5x faster than JSONSerialization", foundation / ours >= 2.5, "\(f(foundation / ours, 2))x")
    report.target("reader at least 3x faster than JSONDecoder", decoder / ours >= 3, "\(f(decoder / ours, 2))x")

    report.row(
        "read + replay \(n) events (canonical)", "\(f(replay))s", "read alone \(f(ours))s",
        "\(f(replay / ours, 2))x reading; \(rate(Double(n) / replay)) events")
    report.target("replay at most 2x reading alone", replay / ours <= 2, "\(f(replay / ours, 2))x")

    var memory: [(Int, Double, Double)] = []
    for size in quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000] {
        let p = try ensureData(size)
        memory.append((size, child(["read", p]).1, child(["replay", p]).1))
    }
    for (size, r, p) in memory { report.row("peak memory at \(size) events", "read \(f(r, 1)) MiB, replay \(f(p, 1)) MiB", "", "") }
    let growth = max(memory.last!.1 - memory.first!.1, memory.last!.2 - memory.first!.2)
    report.target("peak memory flat from 10^4 to \(memory.last!.0) events", growth < 8, "grows \(f(growth, 1)) MiB")
}
