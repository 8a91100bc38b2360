import DragFuzz
import DragReader
import DragRecording
import DragReplay
import Foundation
import ReorderCore

// The performance report: every figure beside its baseline, measured in the
// same run. `scripts/bench` builds this (release) and the C baseline, then
// runs `dragreplay-bench all`. Subcommands run single measurements in child
// processes, so peak memory (ru_maxrss) belongs to one measurement alone.

func seconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

/// Peak resident memory of this process image. Not `ru_maxrss`: Linux keeps
/// that across `execve`, so a child would report its parent's peak.
func peakRSSMiB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kb = Double(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
    return kb / 1024
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// Runs `body` `repeats` times and returns the median seconds.
func timed(_ repeats: Int, _ body: () -> Void) -> Double {
    median((0..<repeats).map { _ in let t = seconds(); body(); return seconds() - t })
}

// MARK: - Data

/// A seeded recording of `count` events: drags of one to three items (mostly
/// moves, as real drags are), deferred applies, inserts and deletes by sync,
/// and an expect line now and then. Grammar-valid; replays with warnings only
/// where a sync deleted what a later lift names.
func generate(events count: Int, items: Int = 20, to path: String) throws {
    var rng = Xoshiro256(seed: 7)
    func r(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    var live = (0..<items).map { "item-\($0)" }
    var next = items
    let header = RecordingHeader(layout: Layout(kind: .list(rowHeight: 44, spacing: 1, headerHeight: 0, heights: [:]), width: 390, height: 844),
                                 collections: [CollectionSpec(items: live)], meta: .object(["title": .string("benchmark, \(count) events")]))
    var out = CanonicalWriter.line(for: header) + "\n"
    out.reserveCapacity(count * 80)
    var t = 0.0, written = 0
    let handle = FileHandle(forWritingAtPath: path) ?? { _ = FileManager.default.createFile(atPath: path, contents: nil); return FileHandle(forWritingAtPath: path)! }()
    handle.truncateFile(atOffset: 0)
    func emit(_ e: RecordedEvent) {
        out += CanonicalWriter.line(for: e) + "\n"
        written += 1
        if out.utf8.count > 1 << 20 { handle.write(Data(out.utf8)); out = "" }
    }
    while written < count {
        t += Double(1 + r(16))
        switch r(20) {
        case 0 where live.count > 5:
            let i = r(live.count)
            emit(RecordedEvent(t: t, .delete(items: [live[i]])))
            live.remove(at: i)
        case 1:
            emit(RecordedEvent(t: t, .insert(items: ["item-\(next)"], collection: nil, index: r(live.count + 1))))
            live.insert("item-\(next)", at: min(r(live.count + 1), live.count))
            next += 1
        case 2:
            emit(RecordedEvent(t: t, .expect(Expectation(outcome: .moved))))
        default:
            var selection = [live[r(live.count)]]
            if r(4) == 0 { let extra = live[r(live.count)]; if extra != selection[0] { selection.append(extra) } }
            emit(RecordedEvent(t: t, .lift(items: selection, x: 195, y: Double(r(live.count)) * 45 + 22, ops: .move, external: false)))
            for _ in 0..<(2 + r(8)) where written < count - 2 {
                t += 16
                emit(RecordedEvent(t: t, .move(x: Double(r(390)), y: Double(r(Int(45 * Double(live.count)))) + 0.5)))
            }
            t += 16
            let deferred = r(5) == 0
            if r(10) == 0 { emit(RecordedEvent(t: t, .cancel)) } else {
                emit(RecordedEvent(t: t, .drop(x: 195, y: Double(r(Int(45 * Double(live.count)))), deferred: deferred)))
                if deferred { t += 5; emit(RecordedEvent(t: t, .apply)) }
            }
            // A lift of a deleted item is rejected at runtime; keep `live` honest for the next lift.
        }
    }
    handle.write(Data(out.utf8))
    handle.closeFile()
}

func dataPath(_ events: Int) -> String { "bench-data/recording-\(events).jsonl" }

func ensureData(_ events: Int) throws -> String {
    let path = dataPath(events)
    if !FileManager.default.fileExists(atPath: path) {
        try FileManager.default.createDirectory(atPath: "bench-data", withIntermediateDirectories: true)
        try generate(events: events, to: path)
    }
    return path
}

// MARK: - Single measurements (child processes)

func readOnly(_ path: String) -> Int {
    let reader = try! RecordingReader(path: path)
    var n = 0
    while (try? reader.next()) != nil { n += 1 }
    return n
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

// MARK: - Report

struct Report {
    var rows: [(String, String, String, String)] = []   // what, measured, baseline, ratio
    var misses: [String] = []

    mutating func row(_ what: String, _ measured: String, _ baseline: String, _ ratio: String) { rows.append((what, measured, baseline, ratio)) }

    mutating func target(_ name: String, _ ok: Bool, _ detail: String) {
        rows.append(("  target: \(name)", ok ? "met" : "MISSED", "", detail))
        if !ok { misses.append("\(name): \(detail)") }
    }

    func print() {
        let w0 = max(8, rows.map { $0.0.count }.max() ?? 0), w1 = max(8, rows.map { $0.1.count }.max() ?? 0), w2 = max(8, rows.map { $0.2.count }.max() ?? 0)
        func pad(_ s: String, _ w: Int) -> String { s + String(repeating: " ", count: max(0, w - s.count)) }
        Swift.print("| " + pad("benchmark", w0) + " | " + pad("measured", w1) + " | " + pad("baseline", w2) + " | ratio / note |")
        Swift.print("|" + String(repeating: "-", count: w0 + 2) + "|" + String(repeating: "-", count: w1 + 2) + "|" + String(repeating: "-", count: w2 + 2) + "|---|")
        for r in rows { Swift.print("| " + pad(r.0, w0) + " | " + pad(r.1, w1) + " | " + pad(r.2, w2) + " | " + r.3 + " |") }
    }
}

func f(_ v: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)f", v) }
func rate(_ v: Double) -> String { v >= 1e6 ? "\(f(v / 1e6, 2))M/s" : v >= 1e3 ? "\(f(v / 1e3, 1))k/s" : "\(f(v, 0))/s" }

// MARK: - Sections

func benchReading(_ report: inout Report, cBinary: String, quick: Bool) throws {
    let n = quick ? 100_000 : 1_000_000
    let path = try ensureData(n)
    // Rounds interleave the contenders (C, ours, Foundation, JSONDecoder,
    // replay), so drift on a shared VM lands on all of them alike.
    let rounds = 5
    var times: [String: [Double]] = [:]
    for _ in 0..<rounds {
        times["c", default: []].append(cBaseline(cBinary, path))
        times["ours", default: []].append(child(["read", path]).0)
        times["foundation", default: []].append(child(["foundation", path]).0)
        times["decoder", default: []].append(child(["decoder", path]).0)
        times["replay", default: []].append(child(["replay", path]).0)
    }
    let c = median(times["c"]!), ours = median(times["ours"]!), foundation = median(times["foundation"]!)
    let decoder = median(times["decoder"]!), replay = median(times["replay"]!)
    report.row("read \(n) events: DragReader (validating, typed events)", "\(f(ours))s", "C json-c tokener loop \(f(c))s", "\(f(ours / c, 2))x the C loop")
    report.row("read \(n) events: Foundation JSONSerialization", "\(f(foundation))s", "DragReader \(f(ours))s", "DragReader \(f(foundation / ours, 2))x faster")
    report.row("read \(n) events: JSONDecoder", "\(f(decoder))s", "DragReader \(f(ours))s", "DragReader \(f(decoder / ours, 2))x faster")
    report.target("reader within 1.5x of the C tokener loop", ours / c <= 1.5, "\(f(ours / c, 2))x")
    report.target("reader at least 2.5x faster than JSONSerialization", foundation / ours >= 2.5, "\(f(foundation / ours, 2))x")
    report.target("reader at least 3x faster than JSONDecoder", decoder / ours >= 3, "\(f(decoder / ours, 2))x")

    report.row("read + replay \(n) events (canonical)", "\(f(replay))s", "read alone \(f(ours))s", "\(f(replay / ours, 2))x reading; \(rate(Double(n) / replay)) events")
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

func benchApply(_ report: inout Report, quick: Bool) {
    for n in quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000] {
        for k in [1, 100, 1000] { applyRow(&report, n: n, k: k, id: { $0 }, type: "Int") }
    }
    // The CLI's own ID type.
    applyRow(&report, n: quick ? 100_000 : 1_000_000, k: 1000, id: { "item-\($0)" }, type: "String")
}

func applyRow<ID: Hashable & Sendable>(_ report: inout Report, n: Int, k: Int, id: (Int) -> ID, type: String) {
    let items = (0..<n).map(id)
    let base = ReorderContainer<ID, Int>(collections: [ReorderCollection(id: 0, items: items)])
    var rng = Xoshiro256(seed: UInt64(n + k))
    var picked = Set<Int>()
    while picked.count < k { picked.insert(Int(rng.next() % UInt64(n))) }
    let sources = picked.map(id)
    let sourceSet = Set(sources)
    var anchorIndex = Int(rng.next() % UInt64(n))
    while picked.contains(anchorIndex) { anchorIndex = Int(rng.next() % UInt64(n)) }
    let anchor = id(anchorIndex)
    let d = ReorderDifference<ID, Int>(sources: sources, destination: .init(collectionID: 0, position: .before(anchor)))
    let repeats = n >= 1_000_000 ? 5 : 9
    var sink = 0
    let copy = timed(repeats) { let c = items.map { $0 }; sink &+= c.count }
    let canonical = timed(repeats) {
        var c = base
        var w: [ReorderWarning<ID, Int>] = []
        c.applyCanonical(d, warnings: &w)
        sink &+= c.collections[0].items.count
    }
    // The floor of any design that hashes every item: one Set probe per item.
    let probe = timed(repeats) { var hits = 0; for x in items where sourceSet.contains(x) { hits += 1 }; sink &+= hits }
    // The grid article's helper: filter and removeAll with Array.contains, O(n * k).
    let naive = timed(n * k >= 100_000_000 ? 1 : 3) {
        var a = items
        let moving = a.filter { d.sources.contains($0) }
        a.removeAll { d.sources.contains($0) }
        let index = a.firstIndex { $0 == anchor } ?? a.endIndex
        a.insert(contentsOf: moving, at: index)
        sink &+= a.count
    }
    // ReorderList: the same rule on chunked storage. Built once (the app's
    // data structure), then consecutive applies of different differences.
    let buildStart = seconds()
    var list = ReorderList(items)
    let build = seconds() - buildStart
    var listTimes: [Double] = []
    for r in 0..<repeats {
        var g = Xoshiro256(seed: UInt64(n * 31 + k * 7 + r))
        var chosen = Set<Int>()
        while chosen.count < k { chosen.insert(Int(g.next() % UInt64(n))) }
        var a = Int(g.next() % UInt64(n))
        while chosen.contains(a) { a = Int(g.next() % UInt64(n)) }
        let step = ReorderDifference<ID, ReorderableSingleCollectionIdentifier>(sources: chosen.map(id), destination: .init(collectionID: .init(), position: .before(id(a))))
        let t = seconds()
        list.apply(step)
        listTimes.append(seconds() - t)
    }
    let listed = median(listTimes)
    sink &+= list.count
    report.row("apply \(type) n=\(n) k=\(k): ReorderList (chunked)", "\(f(listed * 1000, 3))ms", "copy \(f(copy * 1000, 2))ms; naive \(f(naive * 1000, 1))ms",
               "\(f(listed / copy, 2))x copy; naive \(f(naive / listed, 0))x slower; built once in \(f(build * 1000, 1))ms")
    if n == 1_000_000 && k == 1000 {
        report.target("\(type): ReorderList canonical (n=10^6, k=1000) within 3x a copy", listed / copy <= 3, "\(f(listed / copy, 2))x")
        report.target("\(type): ReorderList canonical at least 100x faster than the naive helper", naive / listed >= 100, "\(f(naive / listed, 0))x")
    }
    report.row("apply \(type) n=\(n) k=\(k): canonical", "\(f(canonical * 1000, 2))ms",
               "copy \(f(copy * 1000, 2))ms; Set probe per item \(f(probe * 1000, 2))ms; naive \(f(naive * 1000, 1))ms",
               "\(f(canonical / copy, 2))x copy, \(f(canonical / probe, 2))x the probe floor; naive \(f(naive / canonical, 0))x slower")
    if n == 1_000_000 && k == 1000 {
        report.target("\(type): ReorderContainer canonical, O(n + k), within 3x a copy", canonical / copy <= 3, "\(f(canonical / copy, 2))x")
        report.target("\(type): ReorderContainer canonical at least 100x faster than the naive helper", naive / canonical >= 100, "\(f(naive / canonical, 0))x")
    }
}

func benchHitTest(_ report: inout Report) {
    for n in [1_000, 100_000] {
        let items = (0..<n).map { "i\($0)" }
        let single = ReorderContainer<String, String?>(collections: [ReorderCollection(id: nil, items: items)])
        let columns = ReorderContainer<String, String?>(collections: (0..<10).map { c in ReorderCollection(id: "c\(c)", items: Array(items[(c * n / 10)..<((c + 1) * n / 10)])) })
        let cases: [(String, Layout<String>, ReorderContainer<String, String?>)] = [
            ("list", Layout(kind: .list(rowHeight: 44, spacing: 1, headerHeight: 0, heights: [:]), width: 390, height: Double(n) * 45), single),
            ("hstack", Layout(kind: .hstack(itemWidth: 80, spacing: 4, widths: [:]), width: Double(n) * 84, height: 100), single),
            ("grid", Layout(kind: .grid(columns: .adaptive(minimum: 90), rowHeight: 90, spacing: 4, headerHeight: 0), width: 390, height: Double(n) * 25), single),
            ("board", Layout(kind: .board(columnWidth: 220, spacing: 16, rowHeight: 40, rowSpacing: 8, headerHeight: 44), width: 2400, height: Double(n) * 5 + 100), columns),
        ]
        for (name, layout, container) in cases {
            var rng = Xoshiro256(seed: 3)
            let points = (0..<1000).map { _ in Point(x: Double(rng.next() % 1_000_000) / 1e6 * layout.width, y: Double(rng.next() % 1_000_000) / 1e6 * layout.height) }
            var hits = 0
            let rounds = n >= 100_000 ? 2 : 200
            let elapsed = timed(3) { for _ in 0..<rounds { for p in points where layout.hitTest(p, in: container) != nil { hits += 1 } } }
            report.row("hit test \(name), \(n) items", rate(Double(points.count * rounds) / elapsed) + " locations", "", name == "board" ? "O(1) per point" : "O(sections) per point without per-item sizes")
        }
    }
}

func benchFuzz(_ report: inout Report, quick: Bool) {
    let cases = quick ? 20_000 : 100_000
    var sessions = 0
    let t = seconds()
    for i in 0..<cases {
        var c = ChoiceSequence(seed: Xoshiro256.caseSeed(1, UInt64(i)))
        sessions += CaseRunner(applier: .canonical, mode: .sessions).run(&c).sessions
    }
    let one = Double(sessions) / (seconds() - t)
    let summary = runCampaign(CampaignOptions(applierName: "canonical", applier: .canonical, mode: .sessions, runs: cases * 2, seconds: nil, seed: 1,
                                              jobs: 2, shard: (0, 1), outDirectory: "bench-data/found"))
    let two = Double(summary.sessions) / summary.elapsed
    report.row("fuzz sessions/s, 1 core (<=16 items, <=24 events)", rate(one), "target 50k/s", "\(f(one / 50_000, 2))x target")
    report.row("fuzz sessions/s, --jobs 2", rate(two), "1 core \(rate(one))", "\(f(two / one, 2))x one core")
    report.target("at least 50,000 sessions/s per core", one >= 50_000, rate(one))
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
        report.row("find + shrink \(name)", "found in \(f(findTime * 1000, 1))ms (\(index) cases)", "shrink \(f(shrinkTime * 1000, 1))ms, \(shrunk.attempts) attempts",
                   "\(found!.2.invariant.rawValue), \(shrunk.result.fuzzCase.steps.count) events")
        report.target("shrink \(name) under 2 s", shrinkTime < 2, "\(f(shrinkTime, 3))s")
    }
}

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
        var count = 0, lifts = 0
        let t = seconds()
        while seconds() - t < (quick ? 0.5 : 2) {
            var c = ChoiceSequence(seed: Xoshiro256.caseSeed(5, UInt64(count)))
            lifts += runner.run(&c).sessions
            count += 1
        }
        let dt = seconds() - t
        report.row("fuzz <=\(items) items, <=\(events) events, <=\(sessions) sessions", rate(Double(lifts) / dt) + " sessions", rate(Double(count) / dt) + " cases", "1 core")
    }
}

// MARK: - Entry

@main
struct Bench {
    static func main() throws {
        let args = Array(CommandLine.arguments.dropFirst())
        guard let command = args.first else {
            print("usage: dragreplay-bench all [--check] [--quick] --c-baseline PATH | read|replay|foundation|decoder FILE | generate N FILE")
            exit(2)
        }
        switch command {
        case "read", "replay", "foundation", "decoder":
            let t = seconds()
            let n: Int
            switch command {
            case "read": n = readOnly(args[1])
            case "replay": n = readAndReplay(args[1])
            case "foundation": n = foundationParse(args[1])
            default: n = decoderParse(args[1])
            }
            precondition(n > 0)
            print("\(seconds() - t) \(peakRSSMiB())")
        case "apply":
            var report = Report()
            benchApply(&report, quick: args.contains("--quick"))
            report.print()
        case "generate":
            try generate(events: Int(args[1])!, to: args[2])
        case "all":
            let check = args.contains("--check"), quick = args.contains("--quick")
            guard let i = args.firstIndex(of: "--c-baseline"), i + 1 < args.count else { print("--c-baseline PATH is required"); exit(2) }
            var report = Report()
            try benchReading(&report, cBinary: args[i + 1], quick: quick)
            benchApply(&report, quick: quick)
            benchHitTest(&report)
            benchFuzz(&report, quick: quick)
            try benchScaling(&report, quick: quick)
            report.print()
            if report.misses.isEmpty {
                print("\nall targets met")
            } else {
                print("\ntargets missed:\n" + report.misses.map { "  - \($0)" }.joined(separator: "\n"))
                if check { exit(1) }
            }
        default:
            print("unknown benchmark command '\(command)'")
            exit(2)
        }
    }
}
