import DragRecording
import DragReplay
import DragSystem

/// What `fuzz --db DIR` did, for the campaign's summary (issue 22): the
/// recordings replayed first and how each came out, and the findings added.
public struct DatabaseSummary: Hashable, Sendable {
    public var directory: String
    public var stillFailing: [String] = []
    public var nowPassing: [String] = []
    public var unreadable: [String] = []
    /// Why each of `unreadable` could not be replayed, as
    /// `path:line:column: error: message`: a recording of the database that
    /// no longer reads is a regression no longer tested, so it is named
    /// with its reason and fails the campaign.
    public var unreadableReasons: [String] = []
    public var added: [String] = []
    /// Recordings not replayed because `--time` ran out first (with an app,
    /// also the one it ran out during: its result would be the deadline's).
    public var notReplayed: [String] = []
    /// Findings that could not be added (exit 2).
    public var addFailures: [SystemError] = []

    public init(directory: String) { self.directory = directory }

    public var replayed: Int { stillFailing.count + nowPassing.count + unreadable.count }

    /// Files the replay of the recording at `path`: still failing, now
    /// passing, or unreadable with its reason.
    public mutating func record(_ result: ReplayResult, of path: String) {
        switch result.status {
        case .fail: stillFailing.append(path)
        case .pass: nowPassing.append(path)
        case .error:
            unreadable.append(path)
            unreadableReasons.append(result.error.map { "\($0)" } ?? Diagnostic(path: path, line: 0, message: "not replayed").description)
        }
    }

    /// The `"db"` object of a summary: the counts, then the paths.
    package func write(_ w: inout _JSONBuffer) {
        w.open()
        w.key("directory")
        w.string(directory)
        w.key("replayed")
        w.integer(replayed)
        for (key, paths) in [
            ("stillFailing", stillFailing), ("nowPassing", nowPassing), ("unreadable", unreadable),
            ("unreadableReasons", unreadableReasons),
            ("added", added),
        ] {
            w.key(id: key)
            w.openArray()
            for p in paths { w.string(p) }
            w.closeArray()
        }
        if !notReplayed.isEmpty {
            w.key("notReplayed")
            w.openArray()
            for p in notReplayed { w.string(p) }
            w.closeArray()
        }
        w.key("addFailures")
        w.openArray()
        for e in addFailures { w.string(e.description) }
        w.closeArray()
        w.close()
    }
}
