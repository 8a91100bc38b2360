import DragFuzz
import DragReader
import DragRecording
import DragSystem
import KnownBugs
import ReorderCore

/// One shard's `fuzz --summary` file, as `corpus merge --summary` reads it:
/// every field validated and bounded as the `fuzz` option it records
/// (`--shard`, `--seed`, `--runs`, `--applier`), so a merge adds up only
/// what a campaign could have written.
public struct ShardSummary: Sendable {
    public var path: String
    public var shard: Shard
    public var seed: Int
    /// The whole campaign's `--runs`; `nil` for a `--time` campaign.
    public var campaignRuns: Int?
    /// The version of the tool that ran the shard.
    public var version: String
    /// `app COMMAND` or `applier NAME`.
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

    /// The largest summary read: past it a file is not one.
    public static let maxBytes = 16 << 20
    /// The bound of `fuzz --runs`.
    public static let maxRuns = 1_000_000_000_000

    /// Reads and validates the summary at `path`: a regular file (a FIFO or
    /// a device is refused before it is opened), one JSON object, every
    /// field as `fuzz --summary` writes it.
    /// - Throws: `CorpusError.invalidSummary` naming the field at its line
    ///   and column; `.recording(.system)` when the file cannot be read.
    public static func read(_ path: String) throws(CorpusError) -> ShardSummary {
        var bytes = try readBytes(path)
        // The file ends in a newline; the strict parser takes one value and nothing after it.
        while let last = bytes.last, last == 0x0A || last == 0x0D || last == 0x20 { bytes.removeLast() }
        let fields = SummaryFields(path: path, bytes: bytes)
        let value: JSONValue
        do throws(FieldError) { value = try parseJSON(bytes) } catch { throw fields.invalid(nil, "not a fuzz summary: \(error.message)") }
        guard case .object(let o) = value else { throw fields.invalid(nil, "not a fuzz --summary file (expected a JSON object)") }
        guard o["shard"] != nil else {
            throw fields.invalid(nil, "not a fuzz --summary file: no \"shard\" (write one with 'fuzz --shard I/N --summary FILE')")
        }
        return try fields.summary(o)
    }

    static func readBytes(_ path: String) throws(CorpusError) -> [UInt8] {
        do throws(SystemError) {
            let fd = try FileDescriptor.openRegularFile(path)
            defer { try? fd.close() }
            var bytes: [UInt8] = []
            let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 1)
            defer { chunk.deallocate() }
            while bytes.count <= maxBytes {
                let n = try fd.read(into: chunk.baseAddress!, count: chunk.count)
                if n == 0 { return bytes }
                bytes += chunk[..<n]
            }
        } catch {
            throw .recording(.system(error))
        }
        throw .invalidSummary(Diagnostic(path: path, line: 0, message: "larger than \(maxBytes >> 20) MiB: not a fuzz --summary file"))
    }
}

/// The fields of one summary file while it is validated: each error is
/// placed at its key's line and column.
struct SummaryFields {
    let path: String
    let bytes: [UInt8]

    func summary(_ o: [String: JSONValue]) throws(CorpusError) -> ShardSummary {
        guard case .string(let text)? = o["shard"], let shard = Shard(parsing: text) else {
            var got = ""
            if case .string(let text)? = o["shard"] { got = "\(Format.quoted(text)) is out of range or not I/N; " }
            throw invalid("shard", "\(got)expected \(Shard.expected), as 'fuzz --shard' takes it")
        }
        let runs = try count(o, "runs", max: ShardSummary.maxRuns)
        var campaignRuns: Int?
        // Summaries written before issue 44 lack what names their campaign.
        for key in ["campaignRuns", "version"] where o[key] == nil {
            throw invalid(nil, "\(key): missing: a summary written before it was recorded; run the shard again with this dragreplay")
        }
        if o["campaignRuns"] != .null { campaignRuns = try count(o, "campaignRuns", min: 1, max: ShardSummary.maxRuns) }
        guard case .string(let version)? = o["version"], !version.isEmpty, version.utf8.count <= 64, SafeText.isPlain(version) else {
            throw invalid("version", "expected the version of the dragreplay that wrote it (a short plain string)")
        }
        var database: (Int, Int, Int)?
        if let db = o["db"] {
            guard case .object(let d) = db else { throw invalid("db", "expected an object") }
            database = (try strings(d, "stillFailing", in: "db"), try strings(d, "nowPassing", in: "db"), try strings(d, "added", in: "db"))
        }
        if let u = o["unreproduced"] { _ = try count(["unreproduced": u], "unreproduced") }
        if o["unmetCoverage"] != nil { _ = try strings(o, "unmetCoverage") }
        if o["shrinkSeconds"] != nil { _ = try seconds(o, "shrinkSeconds") }
        guard case .bool(let interrupted)? = o["interrupted"] else { throw invalid("interrupted", "expected true or false") }
        let coverage: Coverage
        do throws(FieldError) { coverage = try Coverage(json: o["coverage"] ?? .null) } catch {
            throw invalid(error.field, error.message)
        }
        let failing = try count(o, "failingCases", max: runs)
        return ShardSummary(
            path: path, shard: shard, seed: try count(o, "seed"), campaignRuns: campaignRuns, version: version,
            subject: try subject(o), runs: runs, sessions: try count(o, "sessions"), failingCases: failing,
            findings: try array(o, "findings").count, seconds: try seconds(o, "seconds"), interrupted: interrupted,
            writeFailures: try strings(o, "writeFailures"), coverage: coverage, database: database)
    }

    /// `app COMMAND` or `applier NAME` (a built-in applier), never both.
    func subject(_ o: [String: JSONValue]) throws(CorpusError) -> String {
        switch (o["app"], o["applier"]) {
        case (.string(let app)?, nil) where !app.isEmpty: return "app \(app)"
        case (nil, .string(let name)?) where Applier<StringID, StringID?>.builtInNames.contains(name): return "applier \(name)"
        case (nil, .some): throw invalid("applier", "expected one of \(Applier<StringID, StringID?>.builtInNames.joined(separator: ", "))")
        case (.some, nil): throw invalid("app", "expected the app's command (a non-empty string)")
        case (.some, .some): throw invalid("applier", "a summary names an app or an applier, not both")
        case (nil, nil): throw invalid(nil, "no \"app\" or \"applier\": not a fuzz --summary file")
        }
    }

    /// An integer from `min` to `max`.
    func count(_ o: [String: JSONValue], _ key: String, min: Int = 0, max: Int = Int.max) throws(CorpusError) -> Int {
        guard let v = o[key] else { throw invalid(key, "missing (expected an integer from \(min) to \(max))") }
        guard let n = v.exactInteger, n >= min, n <= max else { throw invalid(key, "expected an integer from \(min) to \(max)") }
        return Int(n)
    }

    func seconds(_ o: [String: JSONValue], _ key: String) throws(CorpusError) -> Double {
        guard let s = o[key]?.double, s >= 0, s.isFinite else { throw invalid(key, "expected a number of seconds >= 0") }
        return s
    }

    func array(_ o: [String: JSONValue], _ key: String, in parent: String? = nil) throws(CorpusError) -> [JSONValue] {
        guard case .array(let a)? = o[key] else { throw invalid(parent.map { "\($0).\(key)" } ?? key, "expected an array") }
        return a
    }

    /// The length of an array of strings.
    func strings(_ o: [String: JSONValue], _ key: String, in parent: String? = nil) throws(CorpusError) -> Int {
        let a = try array(o, key, in: parent)
        for v in a { guard case .string = v else { throw invalid(parent.map { "\($0).\(key)" } ?? key, "expected an array of strings") } }
        return a.count
    }

    /// `path:line:column: error: FIELD: message`, at the field's key (the
    /// last component of a dotted path), or at the file's start.
    func invalid(_ field: String?, _ message: String) -> CorpusError {
        guard let field else { return .invalidSummary(Diagnostic(path: path, line: 1, message: message)) }
        var key = field[...]
        if let bracket = key.firstRange(of: "[\"") {
            // `coverage.drops["c0"]`: the map's key, as written in the file.
            key = key[bracket.upperBound...].dropLast(2)
        } else if let dot = key.lastIndex(of: ".") {
            key = key[key.index(after: dot)...]
        }
        let (line, column) = place(of: Array("\"\(key)\"".utf8))
        return .invalidSummary(Diagnostic(path: path, line: line, column: column, message: "\(field): \(message)"))
    }

    /// The line and byte column of the first `needle` followed by `:`, or 1:1.
    func place(of needle: [UInt8]) -> (Int, Int) {
        var line = 1
        var lineStart = 0
        var i = 0
        while i + needle.count <= bytes.count {
            if bytes[i] == 0x0A {
                line += 1
                lineStart = i + 1
            } else if bytes[i] == needle[0] && bytes[i..<(i + needle.count)].elementsEqual(needle) {
                var k = i + needle.count
                while k < bytes.count, bytes[k] == 0x20 || bytes[k] == 0x09 || bytes[k] == 0x0A || bytes[k] == 0x0D { k += 1 }
                if k < bytes.count && bytes[k] == UInt8(ascii: ":") { return (line, i - lineStart + 1) }
            }
            i += 1
        }
        return (1, 1)
    }
}
