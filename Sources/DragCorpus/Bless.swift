import DragReader
import DragRecording
import DragReplay
import DragSystem
import ReorderCore

/// What `bless` did to one file.
public struct BlessResult: Hashable, Sendable {
    public var path: String
    /// The `expect` lines whose text changed: the first `maxListed` of them
    /// (memory stays flat however many there are).
    public var rewritten: [Int]
    /// How many `expect` lines changed.
    public var rewrittenCount: Int
    /// How many rewritten line numbers `rewritten` lists.
    public static let maxListed = 100
    public var appendedFinal: Bool
    /// A truncated tail (a recorder that died mid-line) was removed.
    public var droppedTruncatedTail: Bool
}

/// Rewrites a recording's `expect` lines to what the replay produces now,
/// and appends a final `expect` when it does not end with one (see
/// `Blessing`), in one streaming pass: every other byte is copied through as
/// it is read, into a temporary that replaces the file atomically. The
/// file keeps its mode, owner and symbolic link; a file with hard links is
/// rewritten in place instead, so every link sees the new text. Two blesses
/// of one file run one after the other (a lock); a file a `Recorder` is
/// writing is refused (`beingRecorded`), and a file that changes meanwhile
/// is left alone with an error (`changedUnderneath`, or
/// `appendedDuringCommit` when the change came between the last check and
/// the rename). An `expect` line that still holds keeps its bytes; a
/// rewritten one keeps its unknown fields and its CRLF. Temporaries a killed
/// bless of the file left are removed first. A recording with an input
/// error is refused.
///
/// - Complexity: O(n) time for n bytes; memory bounded by the longest line.
public func blessRecording(path: String, options: ReplayOptions = ReplayOptions()) throws(CorpusError) -> BlessResult {
    do {
        return try blessLocked(path: path, options: options)
    } catch let error as CorpusError {
        throw error
    } catch let error as SystemError {
        throw .recording(.system(error))
    } catch let error as RecordingError {
        throw .recording(error)
    } catch {
        throw .recording(.system(SystemError(call: "bless", path: path, errno: 5)))
    }
}

/// Locks the file `path` names (through its links) exclusively, the file
/// about to be replaced; if it was replaced while we waited (another
/// bless), locks the new one instead. Only a regular file is rewritten:
/// opening a FIFO to lock it would wait for a writer, and a device is never
/// replaced (`FileDescriptor.openRegularFile` refuses them before opening,
/// and checks what it opened).
private func lockForBlessing(_ path: String) throws -> (target: String, lock: FileDescriptor) {
    let target = try FileSystem.resolvingSymbolicLinks(path)
    func open() throws -> FileDescriptor {
        do { return try FileDescriptor.openRegularFile(target) } catch  where error.refusal != nil {
            throw SystemError(
                call: "open", path: path, errno: .invalidArgument, refusal: "is not a regular file; bless rewrites recordings on disk")
        }
    }
    var lock = try open()
    do {
        while true {
            try lock.lockExclusively()
            let locked = try lock.status()
            if let now = try? FileSystem.status(of: target), now.device == locked.device, now.inode == locked.inode {
                // A `Recorder` holds an exclusive open-file lock while it
                // writes; its descriptor would keep writing to the file a
                // rename replaces. Held shared until the commit is checked,
                // so a recorder that starts meanwhile waits, then opens the
                // new file.
                guard try lock.lockWhole(exclusive: false, wait: false) else { throw CorpusError.beingRecorded(path: path) }
                return (target, lock)
            }
            try? lock.close()
            lock = try open()
        }
    } catch {
        try? lock.close()
        throw error
    }
}

private func blessLocked(path: String, options: ReplayOptions) throws -> BlessResult {
    var options = options
    options.maxMessages = 1  // bless reads the steps; failures need not pile up
    let (target, lock) = try lockForBlessing(path)
    defer { try? lock.close() }
    let before = try lock.status()
    AtomicFile.removeStaleTemporaries(of: target)

    var out = try AtomicFile(replacing: path, preservingAttributes: true, followingLinks: true)
    let copier = LineCopier()
    var blessing: Blessing?
    var rewritten: [Int] = []
    var rewrittenCount = 0
    var failure: Error?
    do {
        var reader = try RecordingReader(path: target, rawLines: copier.take)
        blessing = Blessing(header: reader.header)
        var lastState = ReplayState()
        // Version 3: the replicas' data after the last event, and its time.
        var lastReplicas: (activity: ReplicaActivity, t: Double)?
        let result = Replayer(options: options).run(
            &reader,
            onStep: { step in
                // Keep the state, never the data: holding the engine's data
                // past the step would make its next change copy it.
                lastState = step.state
                if let activity = step.replicas { lastReplicas = (activity, step.event.t) }
                guard failure == nil else { return }
                do {
                    try copier.copy(upTo: step.line - 1, into: &out)
                    let extra = Blessing.isExpect(step) ? copier.unknownFields(ofLine: step.line) : [:]
                    if let replacement = blessing!.replacement(for: step, extra: extra) {
                        let original = copier.removeLine(step.line)
                        rewrittenCount += 1
                        if rewritten.count < BlessResult.maxListed { rewritten.append(step.line) }
                        // A CRLF file keeps its CR on the rewritten line.
                        let cr: [UInt8] = original?.bytes.last == 0x0D ? [0x0D] : []
                        try out.write(Array(replacement.utf8) + cr + (original?.newline == false ? [] : [0x0A]))
                    } else {
                        try copier.copy(upTo: step.line, into: &out)
                    }
                } catch {
                    failure = error
                }
            })
        if let failure { throw failure }
        if let e = result.error { throw CorpusError.recording(.input(e)) }
        // A truncated tail (a recorder that died mid-line) goes: it could
        // not stay before a new last line, and a blessed file is whole.
        var dropped = false
        if let t = reader.warnings.first(where: { $0.message.contains("truncated tail") })?.line, copier.removeLine(t) != nil {
            dropped = true
        }
        var appended = false
        let finalData = ReorderContainer(collections: result.final.map { ReorderCollection(id: $0.id, items: $0.items) })
        let final =
            lastReplicas.map { blessing!.finalLine(after: $0.activity, at: $0.t) }
            ?? blessing!.finalLine(after: lastState, data: finalData, swipe: result.swipe)
        if let final {
            try copier.copyAll(into: &out)
            if !copier.endedWithNewline { try out.write([0x0A]) }
            try out.write(Array(final.utf8) + [0x0A])
            appended = true
        } else {
            try copier.copyAll(into: &out)
        }
        try verifyReadable(out, as: path, command: "bless")
        // Nothing may have written to the file while we read it.
        let after = try FileSystem.status(of: target)
        guard after.isUnchanged(comparedTo: before), try lock.status().isUnchanged(comparedTo: before) else {
            throw CorpusError.changedUnderneath(path: path)
        }
        try commit(&out, before: before, lock: lock, path: path)
        return BlessResult(
            path: path, rewritten: rewritten, rewrittenCount: rewrittenCount, appendedFinal: appended, droppedTruncatedTail: dropped)
    } catch {
        out.abandon()
        throw error
    }
}

/// Reads what `file` holds back through `check`, the one definition of what
/// the reader takes (`Limits.maxLineBytes` and the rest): a command never
/// reports success having written a recording `check` refuses, nor one
/// whose last line the reader would drop as a truncated tail. `path` is
/// the file it would become, named in the error.
///
/// - Complexity: O(n) for n bytes written; memory bounded by the longest line.
func verifyReadable(_ file: AtomicFile, as path: String, command: String) throws(CorpusError) {
    var problem: Diagnostic
    do {
        let result = try checkRecording(path: file.temporaryPath)
        guard let tail = result.warnings.first(where: { $0.line > 0 }) else { return }
        problem = tail
    } catch {
        problem = error.diagnostic
    }
    problem.path = path
    problem.severity = .error
    throw .unreadableOutput(command: command, problem: problem)
}

/// Puts the blessed text in place: by a rename, or through the inode when
/// the file has hard links (a rename would leave the other names on the
/// old text). After a rename the old file must be as it was when last
/// checked: a writer that appended in between wrote to the file now
/// replaced, and that is an error, never an exit 0 with lines lost.
private func commit(_ out: inout AtomicFile, before: FileStatus, lock: FileDescriptor, path: String) throws {
    if before.linkCount > 1 {
        try out.commitInPlace()
        return
    }
    try out.commit()
    guard try lock.status().isUnchanged(comparedTo: before) else { throw CorpusError.appendedDuringCommit(path: path) }
}

/// The physical lines read but not yet written: at most the lines of one
/// event plus the blank lines before it.
private final class LineCopier {
    struct Line {
        var number: Int
        var bytes: [UInt8]
        var newline: Bool
    }
    private var pending: [Line] = []
    private(set) var endedWithNewline = true

    func take(_ raw: RecordingReader.RawLine) {
        pending.append(Line(number: raw.number, bytes: raw.bytes.map { Array($0) } ?? [], newline: raw.hasNewline))
    }

    /// Writes and forgets every pending line numbered up to `last`.
    func copy(upTo last: Int, into out: inout AtomicFile) throws(SystemError) {
        while let first = pending.first, first.number <= last {
            pending.removeFirst()
            try out.write(first.bytes + (first.newline ? [0x0A] : []))
            endedWithNewline = first.newline
        }
    }

    func copyAll(into out: inout AtomicFile) throws(SystemError) { try copy(upTo: .max, into: &out) }

    /// The members of pending line `number` the format does not define
    /// (`Expectation.lineFields`), to keep when it is rewritten.
    func unknownFields(ofLine number: Int) -> [String: JSONValue] {
        guard let line = pending.first(where: { $0.number == number }),
            case .object(let members)? = try? parseJSON(line.bytes)
        else { return [:] }
        return members.filter { !Expectation.lineFields.contains($0.key) }
    }

    /// Takes line `number` out without writing it.
    func removeLine(_ number: Int) -> Line? {
        guard let i = pending.firstIndex(where: { $0.number == number }) else { return nil }
        return pending.remove(at: i)
    }
}
