import DragFuzz
import DragRecording
import DragReplay
import DragSystem
import Foundation
import ReorderCore
import ReorderReplicas
import Testing

/// Makes the code under test for one replica of one case: one fresh
/// instance per replica per case (`setup.replica` says which).
public typealias SyncReplicaFactory = @Sendable (SyncSetup<StringID, StringID?>) -> any SyncReplica<StringID, StringID?>

/// Fuzzes an app's sync code, in process (issue 43, item 2): N replicas of
/// it, each made by `make`, under the nemesis (delays, reorders, duplicates,
/// losses, partitions), replayed by the replicated campaign
/// (`dragreplay fuzz --replicas`), and records one issue per broken check
/// (conservation, convergence, intent, no-quiescence, reference, app-error,
/// app-protocol), each with the readable finding, the shrunk version 3
/// recording written to `__Recordings__` (`RecordingsDirectory`) and the
/// `replayReplicaRecording` call that replays it from the test. It prints
/// what it ran (cases, local changes, the channel's counts) and records an
/// issue when it ran no case, or fewer than `runs`: a green test means the
/// code was exercised. It fuzzes for `FuzzBudget.defaultSeconds` (2 s, or
/// `DRAGREPLAY_FUZZ_TIME`) unless `runs` or `seconds` is given.
///
/// `make` plays every client replica. In the `server` model, `server`
/// plays the server; `nil`: the model's server does, which needs
/// `claimsModel` (a merge of its own has its own server).
/// `claimsModel`: the code implements `merge` (replicas-v1 4.1 or 4.2), so
/// its data is also compared with the model's after every change
/// (`reference`); `false`: a merge of its own, checked by the model-free
/// checks only. The cases are the campaign's own small lists and boards
/// (no `world:` yet: replicated cases are not generated in a world). They
/// run one at a time, so a factory that shares state (a database handle,
/// a global) needs no locking.
///
///     @Test func boardSync() {
///         expectReplicaInvariants(merge: .causal, claimsModel: true) { setup in BoardPeer(setup) }
///     }
///
/// - Complexity: the campaign's: `runs` replays (or as many as `seconds`
///   allows), plus the shrinker's attempts per finding.
@discardableResult
public func expectReplicaInvariants(
    replicas: Int = 3, merge: ReplicaModel = .causal, claimsModel: Bool, runs: Int? = nil, seconds: Double? = nil, seed: UInt64 = 1,
    nemeses: Set<Nemesis> = Set(Nemesis.allCases), deletes: ReplicaOptions.Deletes = .win, blocks: ReplicaOptions.Blocks = .whole,
    recordings: RecordingsDirectory = .inPackage,
    function: String = #function, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    server: SyncReplicaFactory? = nil, make: @escaping SyncReplicaFactory
) -> ReplicaCampaignSummary {
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let test = testName(function, fileID)
    if let problem = replicaSetupProblem(replicas: replicas, merge: merge, claimsModel: claimsModel, server: server) {
        Issue.record(Comment(rawValue: problem), sourceLocation: location)
        return ReplicaCampaignSummary()
    }
    let budget = FuzzBudget.resolve(runs: runs, seconds: seconds)
    var options = ReplicaFuzzOptions(
        replicas: replicas, model: merge, nemeses: nemeses, deletes: deletes, blocks: blocks, runs: budget.runs, seconds: budget.seconds,
        seed: seed, jobs: 1)
    options.code = syncMergeUnderTest(name: "swift: \(test)", claimsModel: claimsModel, server: server, make: make)
    let summary = ReplicaCampaign(options: options).run()
    let ran = ranText(summary, options)
    // Visible in the test's output whether it passes or not: what a green run covered.
    print(ran)
    if summary.cases == 0 || summary.cases == summary.invalid {
        Issue.record(Comment(rawValue: "no replicated session ran: nothing was checked\n\(ran)"), sourceLocation: location)
    } else if let runs = budget.runs, summary.cases < runs {
        Issue.record(Comment(rawValue: "ran \(summary.cases) cases of the \(runs) asked\n\(ran)"), sourceLocation: location)
    }
    let directory = recordings.resolve(filePath: filePath)
    for finding in summary.findings {
        let text = findingText(finding, ran: ran, test: test, function: function, directory: directory)
        Issue.record(Comment(rawValue: text), sourceLocation: location)
    }
    return summary
}

/// Why the call cannot run as given, or `nil`.
func replicaSetupProblem(replicas: Int, merge: ReplicaModel, claimsModel: Bool, server: SyncReplicaFactory?) -> String? {
    if !ReplicaFuzzOptions.replicaRange.contains(replicas) {
        return
            "replicas: \(replicas) is out of range (\(ReplicaFuzzOptions.replicaRange.lowerBound) to \(ReplicaFuzzOptions.replicaRange.upperBound))"
    }
    if merge == .causal, server != nil { return "server: is for merge: .server; the causal model has no server" }
    if merge == .server, server == nil, !claimsModel {
        // The model's server speaks the model's protocol, not the code's own.
        return "a merge of its own (claimsModel: false) in the server model needs its server: pass server:"
    }
    return nil
}

/// The merge under test a campaign or a replay makes case by case: a
/// `HostedMerge` of fresh instances (`make` for each client, `server` for
/// the server when given).
func syncMergeUnderTest(name: String, claimsModel: Bool, server: SyncReplicaFactory?, make: @escaping SyncReplicaFactory)
    -> ReplicaMergeUnderTest
{
    ReplicaMergeUnderTest(
        name: name, imitates: nil, ownMerge: !claimsModel,
        refusal: { start in
            start.model == .server && server == nil && !claimsModel
                ? "a merge of its own (claimsModel: false) cannot talk to the model's server: pass server:" : nil
        }
    ) { start in
        var hosted: [String: any SyncReplica<StringID, StringID?>] = [:]
        for r in start.ids + (start.model == .server ? [serverReplica] : []) {
            let setup = SyncSetup(replica: r, replicas: start.ids, model: start.model, options: start.options, data: start.data)
            if r != serverReplica {
                hosted[r] = make(setup)
            } else if let server {
                hosted[r] = server(setup)
            }
        }
        return HostedMerge(name: "swift", ids: start.ids, data: start.data, model: start.model, claimsModel: claimsModel, hosted: hosted)
    }
}

/// `3 replicas, causal: 412 cases, 1530 local changes; channel: ...`: the
/// campaign's summary line, with the code's name left out.
func ranText(_ summary: ReplicaCampaignSummary, _ options: ReplicaFuzzOptions) -> String {
    var plain = options
    plain.code = nil
    let line = summary.text(plain).split(separator: "\n").first.map(String.init) ?? ""
    let counts = line.drop { $0 != ":" }.dropFirst(2)
    return "expectReplicaInvariants: \(options.replicas) replicas, \(options.model.rawValue) model, "
        + "\(String(format: "%.2f", summary.elapsed)) s: \(counts)"
}

/// One finding's issue text, after writing its recording (`TEST-CHECK.jsonl`).
func findingText(_ finding: ReplicaFinding, ran: String, test: String, function: String, directory: String) -> String {
    let base = String(function.prefix { $0 != "(" }).map { $0.isLetter || $0.isNumber ? $0 : "-" }
    let name = "\(FileName.component(from: String(base), fallback: "test"))-\(FileName.component(from: finding.check))"
    let path = _RecordingNames.claim(directory + "/" + name)
    var text = "\(finding.message)\n(case \(finding.caseIndex), shrunk from \(finding.originalOps) ops and "
    text += "\(finding.originalEvents) events to \(finding.ops) and \(finding.events))\n"
    do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try AtomicFile.write(finding.text, to: path)
        text += "recording: \(path)\n"
        text +=
            "replay it in \(test): replayReplicaRecording(\(Format.quoted(path)), ...) with this call's claimsModel:, server: and make:\n"
    } catch {
        text += "the recording could not be written to \(path): \(error)\n\(finding.text)"
    }
    return text + ran
}
