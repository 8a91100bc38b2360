import DragSystem

/// Records a drag session from an app, one canonical line per event, each
/// handed to the OS with its own `write(2)` as it happens: a crash of the app
/// loses at most the line being written, and the reader drops that
/// truncated tail with a warning. Standard library only, so an app can embed
/// it behind a debug flag.
///
///     let header = RecordingHeader(
///         layout: Layout(kind: .list(rowHeight: 44), width: 390, height: 844),
///         collections: [CollectionSpec(items: ["a", "b", "c"])])
///     let recorder = try Recorder(path: "/tmp/drag.jsonl", header: header)
///     try recorder.record(RecordedEvent(t: 0, .lift(items: ["a"], x: 5, y: 5, ops: .move, external: false)))
///
/// `durable: true` also calls `fsync` after every line (survives power loss;
/// much slower). While it is open, `bless` refuses the file (a lock).
public final class Recorder {
    private let file: FileDescriptor
    private let durable: Bool
    private var validator: RecordingValidator

    public init(path: String, header: RecordingHeader, durable: Bool = false) throws(RecordingError) {
        do { validator = try RecordingValidator(header: header) } catch {
            throw .input(Diagnostic(path: path, line: 1, message: error.message))
        }
        self.durable = durable
        do { file = try Self.openLocked(path) } catch { throw .system(error) }
        try write(CanonicalWriter.line(for: header))
    }

    /// Opens `path` for appending under an exclusive open-file lock, held
    /// until the recorder goes: `bless` takes a shared one and refuses the
    /// file while a recorder holds it, so a bless cannot replace the file
    /// under a descriptor that keeps writing to the old one (issue 23,
    /// class 6). A bless under way makes the open wait; if it replaced the
    /// file meanwhile, the new file is opened. Truncated only once locked.
    private static func openLocked(_ path: String) throws(SystemError) -> FileDescriptor {
        while true {
            let fd = try FileDescriptor.open(path, .writeOnly, options: [.create, .append])
            do {
                // A file system without open-file locks still records,
                // unprotected: the recording matters more than the lock.
                _ = try? fd.lockWhole(exclusive: true, wait: true)
                let locked = try fd.status()
                if let now = try? FileSystem.status(of: path), now.device == locked.device, now.inode == locked.inode {
                    try fd.truncate(to: 0)
                    return fd
                }
                try? fd.close()
            } catch {
                try? fd.close()
                throw error
            }
        }
    }

    deinit { try? file.close() }

    /// Appends one event. An event that would make the recording invalid
    /// (a `move` with no lift, a decreasing `t`, ...) is refused with the
    /// error the reader would report, and nothing is written.
    public func record(_ event: RecordedEvent) throws(RecordingError) {
        var next = validator
        do { try next.check(event) } catch { throw .input(Diagnostic(path: file.path, line: 0, message: error.message)) }
        try write(CanonicalWriter.line(for: event))
        validator = next
    }

    private func write(_ line: String) throws(RecordingError) {
        // A line the reader would refuse is not written (issue 23, class 5).
        if let problem = Limits.lineLengthProblem(line.utf8.count) {
            throw .input(Diagnostic(path: file.path, line: 0, message: "not recorded: " + problem))
        }
        do {
            try file.writeAll(line + "\n")
            if durable { try file.sync() }
        } catch { throw .system(error) }
    }
}
