import DragFuzz
import DragReader
import DragRecording

/// One shard's `fuzz --summary` file, as `corpus merge --summary` reads it.
public struct ShardSummary: Sendable {
    public var path: String
    /// `"I/N"`.
    public var shard: String
    public var index: Int
    public var count: Int
    public var seed: Int
    public var subject: String
    public var runs: Int
    public var sessions: Int
    public var failingCases: Int
    public var findings: Int
    public var seconds: Double
    public var interrupted: Bool
    public var writeFailures: Int
    /// What the shard's code under test was exercised with.
    public var coverage: Coverage
    /// `fuzz --db`: recordings that still failed and that now passed, and findings added.
    public var database: (stillFailing: Int, nowPassing: Int, added: Int)?

    /// A shard that was cut short or could not write a finding is named as
    /// failed: its counts are added in, but the campaign is not complete.
    public var failed: Bool { interrupted || writeFailures > 0 }
}

/// The shards' summaries added up into the campaign's. Each shard's
/// summary is found as `summary.json` in its `--out` folder (the name the
/// README's matrix passes to `fuzz --summary`), or given as a `.json` file.
public struct CampaignSummaries: Sendable {
    public var shards: [ShardSummary] = []
    /// Inputs with no readable summary, and why.
    public var unreadable: [String] = []

    public static let fileName = "summary.json"

    public init(inputs: [String]) {
        for input in inputs {
            let path = input.hasSuffix(".json") ? input : FileSystem.join(input, Self.fileName)
            do throws(CorpusError) { shards.append(try Self.read(path)) } catch { unreadable.append(error.description) }
        }
        shards.sort { ($0.index, $0.path) < ($1.index, $1.path) }
    }

    /// The shard count the summaries name (the largest, if they disagree).
    public var count: Int { shards.map(\.count).max() ?? 0 }

    /// `"I/N"` of every shard of `0..<count` with no summary.
    public var missing: [String] {
        let present = Set(shards.map(\.index))
        return (0..<count).filter { !present.contains($0) }.map { "\($0)/\(count)" }
    }

    /// The shards' coverage added up: the unsharded campaign's, for the same
    /// seed and runs (each case is counted in the one shard that ran it).
    public var coverage: Coverage { shards.reduce(Coverage()) { $0.adding($1.coverage) } }

    public var complete: Bool { missing.isEmpty && unreadable.isEmpty && !shards.contains { $0.failed } }

    static func read(_ path: String) throws(CorpusError) -> ShardSummary {
        guard FileSystem.exists(path) else { throw .noSuchPath(path) }
        let value: JSONValue
        var bytes = try readBytes(path)
        // The file ends in a newline; the strict parser takes one value and nothing after it.
        while let last = bytes.last, last == 0x0A || last == 0x0D || last == 0x20 { bytes.removeLast() }
        do throws(FieldError) { value = try parseJSON(bytes) } catch {
            throw .recording(.input(Diagnostic(path: path, line: 1, severity: .error, message: "not a fuzz summary: \(error.message)")))
        }
        guard case .object(let o) = value, let shard = value["shard"] else {
            throw .recording(.input(Diagnostic(path: path, line: 1, severity: .error, message: "not a fuzz --summary file (no shard)")))
        }
        let parts = shard.split(separator: "/").compactMap { Int($0) }
        func int(_ key: String) -> Int { o[key]?.exactInteger.map { Int($0) } ?? 0 }
        func count(_ key: String) -> Int { if case .array(let a)? = o[key] { a.count } else { 0 } }
        var seconds = 0.0
        if let n = o["seconds"]?.double { seconds = n }
        var database: (Int, Int, Int)?
        if case .object(let db)? = o["db"] {
            func paths(_ key: String) -> Int { if case .array(let a)? = db[key] { a.count } else { 0 } }
            database = (paths("stillFailing"), paths("nowPassing"), paths("added"))
        }
        return ShardSummary(
            path: path, shard: shard, index: parts.first ?? 0, count: parts.count == 2 ? parts[1] : 1, seed: int("seed"),
            subject: value["app"].map { "app \($0)" } ?? "applier \(value["applier"] ?? "?")", runs: int("runs"),
            sessions: int("sessions"), failingCases: int("failingCases"), findings: count("findings"), seconds: seconds,
            interrupted: o["interrupted"] == .bool(true), writeFailures: count("writeFailures"),
            coverage: o["coverage"].map(Coverage.init(json:)) ?? Coverage(), database: database)
    }

    static func readBytes(_ path: String) throws(CorpusError) -> [UInt8] {
        do throws(SystemError) {
            let fd = try FileDescriptor.open(path, .readOnly)
            defer { try? fd.close() }
            var bytes: [UInt8] = []
            let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 1)
            defer { chunk.deallocate() }
            // A summary is small: past 16 MiB it is not one (and the parse says so).
            while bytes.count < 16 << 20 {
                let n = try fd.read(into: chunk.baseAddress!, count: chunk.count)
                if n == 0 { break }
                bytes += chunk[..<n]
            }
            return bytes
        } catch {
            throw .recording(.system(error))
        }
    }

    /// The campaign's summary: totals, then a line per shard, then what is
    /// missing or failed. `findings` is the merged corpus's count (the
    /// shards' findings by content, duplicates dropped).
    public func json(findings: Int) -> String {
        var w = _JSONBuffer()
        w.open()
        w.key("shards")
        w.integer(count)
        w.key("seed")
        w.integer(shards.first?.seed ?? 0)
        w.key("subject")
        w.string(shards.first?.subject ?? "")
        w.integers([
            ("runs", shards.map(\.runs).reduce(0, +)), ("sessions", shards.map(\.sessions).reduce(0, +)),
            ("failingCases", shards.map(\.failingCases).reduce(0, +)), ("findings", findings),
        ])
        w.key("coverage")
        coverage.write(&w)
        let withDatabase = shards.compactMap(\.database)
        if !withDatabase.isEmpty {
            w.integers(
                "db",
                [
                    ("stillFailing", withDatabase.map(\.stillFailing).reduce(0, +)),
                    ("nowPassing", withDatabase.map(\.nowPassing).reduce(0, +)), ("added", withDatabase.map(\.added).reduce(0, +)),
                ])
        }
        w.key("seconds")
        w.number(shards.map(\.seconds).max() ?? 0)
        w.key("complete")
        w.bool(complete)
        w.key("missing")
        w.openArray()
        for m in missing { w.string(m) }
        w.closeArray()
        w.key("failed")
        w.openArray()
        for s in shards where s.failed { w.string(s.shard) }
        w.closeArray()
        w.key("unreadable")
        w.openArray()
        for u in unreadable { w.string(u) }
        w.closeArray()
        w.key("perShard")
        w.openArray()
        for s in shards {
            w.element()
            w.open()
            w.key("shard")
            w.string(s.shard)
            w.key("path")
            w.string(s.path)
            w.integers([("runs", s.runs), ("sessions", s.sessions), ("failingCases", s.failingCases), ("findings", s.findings)])
            w.key("seconds")
            w.number(s.seconds)
            w.key("status")
            w.string(s.interrupted ? "interrupted" : s.writeFailures > 0 ? "failed" : "ok")
            w.close()
        }
        w.closeArray()
        w.close()
        return w.string + "\n"
    }

    /// One line per shard, then the totals: what `corpus merge --summary` prints.
    public func text(findings: Int) -> String {
        var out = ""
        for s in shards {
            out += "shard \(s.shard): \(s.runs) cases, \(s.sessions) sessions, \(s.failingCases) failing, \(s.findings) findings"
            out += s.failed ? " (\(s.interrupted ? "interrupted" : "failed"))\n" : "\n"
        }
        for m in missing { out += "shard \(m): missing\n" }
        // Unreadable summaries are diagnostics (stderr), counted in `incomplete`.
        out += "campaign: \(shards.map(\.runs).reduce(0, +)) cases, \(shards.map(\.sessions).reduce(0, +)) sessions, "
        out += "\(shards.map(\.failingCases).reduce(0, +)) failing, \(findings) findings merged\(complete ? "" : ", incomplete")\n"
        out += coverage.text
        return out
    }
}
