import DragApp
import DragCorpus
import DragFuzz
import DragRecording
import DragReplay
import DragSystem
import KnownBugs
import ReorderConformance
import ReorderCore

/// Replays every recording in `directory` (missing: an empty database)
/// against the campaign's code under test: the applier and handler, or the
/// app. A finding's `expect` line fails under the code it was found in, so
/// a recording that still fails is a regression found again, first.
/// Past `deadline` (monotonic seconds, `--time`) the rest is not replayed.
func replayDatabase(
    _ directory: String, applierName: String, handler: SwipeHandlerKind, app: AppSubject?, deadline: Double? = nil
) throws(CorpusError) -> DatabaseSummary {
    var report = DatabaseSummary(directory: directory)
    guard FileSystem.exists(directory) else { return report }
    var options = ReplayOptions(
        applier: Applier<StringID, StringID?>.named(applierName) ?? .canonical, handler: SwipeHandler<StringID>(handler))
    options.rules = World.judgement(header:)  // a finding made in a world is judged by its rules
    let replayer = Replayer(options: options)
    var subject: (any ReorderSubject<StringID, StringID?>)? = app
    func pastDeadline() -> Bool { MonotonicClock.isPast(deadline) }
    for path in try RecordingPaths.expand([directory]) {
        if pastDeadline() {
            report.notReplayed.append(path)
            continue
        }
        let result = app == nil ? replayer.run(path: path) : replayer.run(path: path, subject: &subject)
        // An app's waits end at the deadline: a result reached past it is the deadline's.
        if app != nil, pastDeadline() {
            report.notReplayed.append(path)
            continue
        }
        report.record(result, of: path)
    }
    return report
}

/// Adds the campaign's findings to the database under their content names
/// (`INVARIANT-HASH.jsonl`). Many campaigns may add to one database at once,
/// on one machine or over a shared file system: each file is written to a
/// temporary of its own in the database (`O_EXCL`, named by process) and
/// renamed onto its name, so a reader sees a whole file or none, and two
/// writers of one finding write the same bytes to the same name. No locks
/// (NFS breaks them), and no cleanup of other writers' temporaries: on a
/// shared file system their process IDs mean nothing here.
/// `files`: each finding's content name and text (one replica's or replicas').
func addToDatabase(_ directory: String, files: [(name: String, text: String)], report: inout DatabaseSummary) {
    for file in files {
        let path = FileSystem.join(directory, file.name)
        if FileSystem.exists(path) { continue }
        do throws(SystemError) {
            try FileSystem.createDirectory(directory)
            try AtomicFile.write(file.text, to: path)
            report.added.append(path)
        } catch {
            report.addFailures.append(error)
        }
    }
}

/// `db: DIR: 3 replayed, 1 still fails, 2 now pass` and a line for each.
func printDatabaseReplay(_ directory: String, _ report: DatabaseSummary) {
    Output.diagnose(
        "db: \(SafeText.path(directory)): \(report.replayed) replayed, \(report.stillFailing.count) still fail, "
            + "\(report.nowPassing.count) now pass\(report.unreadable.isEmpty ? "" : ", \(report.unreadable.count) unreadable")"
            + (report.notReplayed.isEmpty ? "" : ", \(report.notReplayed.count) not replayed (--time ran out)"))
    for path in report.stillFailing { Output.diagnose("db: still fails: \(SafeText.path(path))") }
    for path in report.nowPassing { Output.diagnose("db: now passes: \(SafeText.path(path))") }
    for reason in report.unreadableReasons { Output.diagnose("db: unreadable: \(reason)") }
}
