import Dispatch
import DragRecording
import DragSystem
import KnownBugs
import ReorderConformance
import ReorderCore
import Synchronization

public struct CampaignProgress: Sendable {
    public var runs: Int
    public var sessions: Int
    public var failingCases: Int
    public var findings: Int
    public var elapsed: Double
}

/// A finding and where it was written.
public struct KeptFinding: Sendable {
    public var finding: Finding
    public var path: String
}

public struct CampaignSummary: Sendable {
    public var runs: Int
    public var sessions: Int
    /// Every case that broke an invariant, counted exactly.
    public var failingCases: Int
    /// The findings kept, in case order.
    public var findings: [KeptFinding]
    /// Findings that could not be written (the campaign goes on; exit 2).
    public var writeFailures: [SystemError]
    /// An app's failing cases that did not fail again in a fresh process:
    /// the app's answers depend on the cases it ran before (never an
    /// in-process subject).
    public var unreproduced = 0
    /// Failing cases of an app left unshrunk and unwritten because `--time`
    /// ran out before they could be run again (an app gets no request past it).
    public var unwritten = 0
    public var elapsed: Double
    public var shrinkSeconds: Double
    /// An app's shrink candidates: run against it, and found already run
    /// (`ShrinkCache`: the same outcome, no run). Timings, not in the json.
    public var shrinkCandidates = (run: 0, known: 0)
    public var interrupted: Bool
    /// What the code under test was exercised with, over every case run
    /// (not the shrinker's candidates): shards add up to the unsharded run.
    public var coverage = Coverage()
    /// What the cases' worlds offered to cover (`--require-coverage`).
    public var offered = CoverageRequirement()
    /// `--db`: what replaying the database first found, and what was added.
    public var database: DatabaseSummary?
    /// `--require-coverage`: what the run did not cover (exit 1).
    public var unmetCoverage: [String] = []
    /// `--require-coverage`: what the world's rules make unreachable, so
    /// not required (said, never a failure).
    public var unreachableCoverage: [String] = []
    /// The largest value the code under test reported per label
    /// (`FuzzTarget`), and how many cases were steered toward them.
    public var targets: [String: Double] = [:]
    public var steeredCases = 0

    /// The `--format json` summary: only what the seed and `--runs`
    /// determine, so two runs compare byte for byte (timings go to stderr).
    /// With `shard` (the `--summary` file), also the shard and the timings,
    /// what `corpus merge --summary` adds up, with what names the campaign
    /// the shard belongs to: `campaign.runs` (the whole campaign's `--runs`,
    /// `null` under `--time`) and `campaign.version` (the tool's), which a
    /// merge requires every shard to share with the seed and the subject.
    public func json(
        applierName: String, seed: UInt64, app: String? = nil, shard: (index: Int, count: Int)? = nil,
        campaign: (runs: Int?, version: String)? = nil
    ) -> String {
        var w = _JSONBuffer()
        w.open()
        if let shard {
            w.key("shard")
            w.string("\(shard.index)/\(shard.count)")
            if let campaign {
                w.key("campaignRuns")
                if let runs = campaign.runs { w.integer(runs) } else { w.null() }
                w.key("version")
                w.string(campaign.version)
            }
            w.key("seconds")
            w.number(elapsed)
            w.key("shrinkSeconds")
            w.number(shrinkSeconds)
        }
        if let app {
            w.key("app")
            w.string(app)
        } else {
            w.key("applier")
            w.string(applierName)
        }
        w.key("seed")
        w.integer(seed)
        w.key("runs")
        w.integer(runs)
        w.key("sessions")
        w.integer(sessions)
        w.key("failingCases")
        w.integer(failingCases)
        w.key("coverage")
        coverage.write(&w)
        w.key("findings")
        writeFindings(&w)
        if !targets.isEmpty {
            w.key("targets")
            w.open()
            for (label, value) in targets.sorted(by: { $0.key < $1.key }) {
                w.key(id: label)
                w.number(value)
            }
            w.close()
            w.key("steeredCases")
            w.integer(steeredCases)
        }
        if app != nil {
            w.key("unreproduced")
            w.integer(unreproduced)
            if unwritten > 0 {
                w.key("unwritten")
                w.integer(unwritten)
            }
        }
        w.key("writeFailures")
        w.openArray()
        for e in writeFailures { w.string(e.description) }
        w.closeArray()
        if let database {
            w.key("db")
            database.write(&w)
        }
        for (key, lines) in [("unmetCoverage", unmetCoverage), ("unreachableCoverage", unreachableCoverage)] where !lines.isEmpty {
            w.key(id: key)
            w.openArray()
            for u in lines { w.string(u) }
            w.closeArray()
        }
        w.key("interrupted")
        w.bool(interrupted)
        w.close()
        return w.string + "\n"
    }

    /// The `"findings"` array of `json`.
    func writeFindings(_ w: inout _JSONBuffer) {
        w.openArray()
        for kept in findings {
            let f = kept.finding
            w.element()
            w.open()
            w.key("path")
            w.string(kept.path)
            w.key("invariant")
            w.string(f.invariant.rawValue)
            w.key("mode")
            w.string(f.mode)
            if let c = f.caseIndex {
                w.key("case")
                w.integer(c)
            }
            w.key("eventLines")
            w.integer(f.eventLines)
            w.key("dragProducible")
            w.bool(f.notFromDrag == nil)
            if let why = f.notFromDrag {
                w.key("notFromDrag")
                w.string(why)
            }
            w.key("message")
            w.string(f.message)
            w.key("command")
            w.string(f.replayCommand(path: kept.path))
            w.close()
        }
        w.closeArray()
    }

    /// The text summary: a count line, then each finding and its replay command.
    public func text(applierName: String, seed: UInt64, app: String? = nil) -> String {
        var out = "\(runs) cases, \(sessions) sessions, \(failingCases) failing, \(findings.count) finding\(findings.count == 1 ? "" : "s")"
        let what = app.map { "app \(Format.shellQuoted($0))" } ?? "applier \(applierName)"
        out += " (\(what), seed \(seed))\(interrupted ? ", interrupted" : "")\n"
        out += coverage.text
        out += targetsText
        for kept in findings {
            let f = kept.finding
            let drag = f.notFromDrag.map { "; no drag produces it: \($0)" } ?? ""
            out += "\(f.invariant.rawValue) [\(f.mode), case \(f.caseIndex ?? 0), \(f.eventLines) event lines\(drag)]: \(f.message)\n"
            out += "  \(f.replayCommand(path: kept.path))\n"
        }
        if unreproduced > 0 {
            out += "\(unreproduced) failing case\(unreproduced == 1 ? "" : "s") did not fail again in a fresh app process: "
            out += "the app's answers depend on the cases it ran before\n"
        }
        if unwritten > 0 {
            out += "\(unwritten) failing case\(unwritten == 1 ? "" : "s") not written: --time ran out before the app could run "
            out += "\(unwritten == 1 ? "it" : "them") again\n"
        }
        for e in writeFailures { out += "\(e)\n" }
        for u in unmetCoverage + unreachableCoverage { out += "\(u)\n" }
        return out
    }
}

extension CampaignSummary {
    /// The targets' line, or nothing (`TargetSteering.text`).
    var targetsText: String { TargetSteering.text(targets, steered: steeredCases) }
}
