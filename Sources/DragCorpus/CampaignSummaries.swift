import DragFuzz
import DragReader
import DragRecording
import DragSystem

/// The shards' summaries added up into the campaign's. Each shard's
/// summary is found as `summary.json` in its `--out` folder (the name the
/// README's matrix passes to `fuzz --summary`), or given as a `.json` file.
///
/// The summaries must be of one campaign: the same seed, `--runs`, subject,
/// tool version and shard count, each shard once, and each shard's run
/// count its share of the campaign's. Anything else, like a summary that is
/// not one or a total past `Int.max`, is in `errors` (the merge refuses,
/// exit 2), never added up.
public struct CampaignSummaries: Sendable {
    public var shards: [ShardSummary] = []
    /// Inputs with no summary file (the shard never ran): named, and the
    /// campaign is not complete.
    public var unreadable: [String] = []
    /// Summaries that are invalid or not of this campaign, and totals that
    /// overflow: the merge refuses.
    public var errors: [CorpusError] = []
    /// The shards' counts added up (checked).
    public var runs = 0
    public var sessions = 0
    public var failingCases = 0
    public var coverage = Coverage()
    public var database: (stillFailing: Int, nowPassing: Int, added: Int)?

    public static let fileName = "summary.json"
    /// How many missing shards are listed by name (the rest are counted).
    public static let missingListed = 20

    public init(inputs: [String]) {
        for input in inputs {
            let path = input.hasSuffix(".json") ? input : FileSystem.join(input, Self.fileName)
            guard FileSystem.exists(path) else {
                unreadable.append(CorpusError.noSuchPath(path).description)
                continue
            }
            do throws(CorpusError) { shards.append(try ShardSummary.read(path)) } catch { errors.append(error) }
        }
        shards.sort { ($0.shard.index, $0.path) < ($1.shard.index, $1.path) }
        checkOneCampaign()
        guard errors.isEmpty else { return }
        addUp()
    }

    /// The shard count the summaries agree on (0 without any).
    public var count: Int { shards.first?.shard.count ?? 0 }

    /// How many shards of `0..<count` have no summary.
    public var missingCount: Int { count - Set(shards.map(\.shard.index)).count }

    /// The first `limit` shards with no summary, in index order.
    public func missing(limit: Int = missingListed) -> [Shard] {
        var out: [Shard] = []
        var next = 0
        for s in shards where out.count < limit {
            while next < s.shard.index && out.count < limit {
                out.append(Shard(index: next, count: count)!)
                next += 1
            }
            next = s.shard.index + 1
        }
        while next < count && out.count < limit {
            out.append(Shard(index: next, count: count)!)
            next += 1
        }
        return out
    }

    public var complete: Bool { errors.isEmpty && missingCount == 0 && unreadable.isEmpty && !shards.contains { $0.failed } }

    /// Every summary against the first (by shard, then path): one campaign,
    /// each shard once, each shard's runs its share of the campaign's.
    mutating func checkOneCampaign() {
        guard let first = shards.first else { return }
        let agreed = "the shards of one campaign share seed, runs, subject, version and shard count"
        var seen: [Int: String] = [:]
        for s in shards {
            var differences: [String] = []
            if s.seed != first.seed { differences.append("seed \(s.seed), not \(first.seed)") }
            if s.campaignRuns != first.campaignRuns {
                differences.append("campaign runs \(Self.show(s.campaignRuns)), not \(Self.show(first.campaignRuns))")
            }
            if s.subject != first.subject { differences.append("\(Format.quoted(s.subject)), not \(Format.quoted(first.subject))") }
            if s.version != first.version { differences.append("version \(s.version), not \(first.version)") }
            if s.shard.count != first.shard.count { differences.append("shard count \(s.shard.count), not \(first.shard.count)") }
            if !differences.isEmpty {
                errors.append(
                    .mismatchedShards(
                        Diagnostic(
                            path: s.path, line: 0,
                            message:
                                "not a shard of the campaign of \(SafeText.path(first.path)): \(differences.joined(separator: ", ")) (\(agreed))"
                        )))
                continue
            }
            if let other = seen[s.shard.index] {
                errors.append(
                    .mismatchedShards(
                        Diagnostic(
                            path: s.path, line: 0,
                            message: "shard \(s.shard) again: \(SafeText.path(other)) is shard \(s.shard) too (each shard is merged once)"))
                )
                continue
            }
            seen[s.shard.index] = s.path
            if let total = s.campaignRuns {
                let share = s.shard.share(ofRuns: total)
                if s.interrupted ? s.runs > share : s.runs != share {
                    errors.append(
                        .invalidSummary(
                            Diagnostic(
                                path: s.path, line: 0,
                                message: "runs: \(s.runs) cases, but shard \(s.shard) of a campaign of \(total) runs "
                                    + "\(share)\(s.interrupted ? " at most" : "")")))
                }
            }
        }
    }

    private static func show(_ runs: Int?) -> String { runs.map(String.init) ?? "none (--time)" }

    /// The totals, each sum checked: past `Int.max` is an error naming the
    /// file that made it overflow and the field.
    mutating func addUp() {
        func sum(_ total: inout Int, _ n: Int, _ s: ShardSummary, _ field: String) -> Bool {
            let (t, overflow) = total.addingReportingOverflow(n)
            total = t
            if overflow {
                let d = Diagnostic(path: s.path, line: 0, message: "\(field): the sum over the shards is past \(Int.max)")
                errors.append(.invalidSummary(d))
            }
            return !overflow
        }
        for s in shards {
            guard sum(&runs, s.runs, s, "runs"), sum(&sessions, s.sessions, s, "sessions"),
                sum(&failingCases, s.failingCases, s, "failingCases")
            else { return }
            do throws(FieldError) { coverage = try coverage.checkedAdding(s.coverage) } catch {
                errors.append(.invalidSummary(Diagnostic(path: s.path, line: 0, message: "\(error.field ?? "coverage"): \(error.message)")))
                return
            }
            if let db = s.database {
                var d = database ?? (0, 0, 0)
                guard sum(&d.stillFailing, db.stillFailing, s, "db.stillFailing"), sum(&d.nowPassing, db.nowPassing, s, "db.nowPassing"),
                    sum(&d.added, db.added, s, "db.added")
                else { return }
                database = d
            }
        }
    }

    /// The campaign's summary: totals, then a line per shard, then what is
    /// missing (`missingCount`, and the first `missingListed` by name) or
    /// failed. `findings` is the merged corpus's count (the shards' findings
    /// by content, duplicates dropped).
    public func json(findings: Int) -> String {
        var w = _JSONBuffer()
        w.open()
        w.key("shards")
        w.integer(count)
        w.key("seed")
        w.integer(shards.first?.seed ?? 0)
        w.key("subject")
        w.string(shards.first?.subject ?? "")
        w.integers([("runs", runs), ("sessions", sessions), ("failingCases", failingCases), ("findings", findings)])
        w.key("coverage")
        coverage.write(&w)
        if let database {
            w.integers(
                "db", [("stillFailing", database.stillFailing), ("nowPassing", database.nowPassing), ("added", database.added)])
        }
        w.key("seconds")
        w.number(shards.map(\.seconds).max() ?? 0)
        w.key("complete")
        w.bool(complete)
        w.key("missingCount")
        w.integer(missingCount)
        w.key("missing")
        w.openArray()
        for m in missing() { w.string(m.description) }
        w.closeArray()
        w.key("failed")
        w.openArray()
        for s in shards where s.failed { w.string(s.shard.description) }
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
            w.string(s.shard.description)
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

    /// One line per shard, then the missing ones (at most `missingListed`
    /// by name, and how many in all), then the totals: what `corpus merge
    /// --summary` prints.
    public func text(findings: Int) -> String {
        var out = ""
        for s in shards {
            out += "shard \(s.shard): \(s.runs) cases, \(s.sessions) sessions, \(s.failingCases) failing, \(s.findings) findings"
            out += s.failed ? " (\(s.interrupted ? "interrupted" : "failed"))\n" : "\n"
        }
        let listed = missing()
        for m in listed { out += "shard \(m): missing\n" }
        if missingCount > listed.count {
            out += "\(missingCount) of \(count) shards missing in all (\(missingCount - listed.count) more not listed)\n"
        }
        // Unreadable summaries are diagnostics (stderr), counted in `incomplete`.
        out += "campaign: \(runs) cases, \(sessions) sessions, "
        out += "\(failingCases) failing, \(findings) findings merged\(complete ? "" : ", incomplete")\n"
        out += coverage.text
        return out
    }
}
