#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Records a drag session from an app, one canonical line per event, each
/// handed to the OS with its own `write(2)` as it happens: a crash of the app
/// loses at most the line being written, and the reader drops that
/// truncated tail with a warning. Standard library only, so an app can embed
/// it behind a debug flag.
///
///     let recorder = try Recorder(path: "/tmp/drag.jsonl", header: header)
///     try recorder.record(RecordedEvent(t: 0, .lift(items: ["a"], x: 5, y: 5, ops: .move, external: false)))
///
/// `durable: true` also calls `fsync` after every line (survives power loss;
/// much slower).
public final class Recorder {
    private let fd: Int32
    private let path: String
    private let durable: Bool
    private var validator: RecordingValidator

    public init(path: String, header: RecordingHeader, durable: Bool = false) throws(RecordingError) {
        do { validator = try RecordingValidator(header: header) } catch {
            throw .input(Diagnostic(path: path, line: 1, message: error.message))
        }
        self.path = path
        self.durable = durable
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0o644)
        if fd < 0 { throw .io(path: path, message: "cannot create: \(String(cString: strerror(errno)))") }
        try write(CanonicalWriter.line(for: header))
    }

    deinit { close(fd) }

    /// Appends one event. An event that would make the recording invalid
    /// (a `move` with no lift, a decreasing `t`, ...) is refused with the
    /// error the reader would report, and nothing is written.
    public func record(_ event: RecordedEvent) throws(RecordingError) {
        var next = validator
        do { try next.check(event) } catch { throw .input(Diagnostic(path: path, line: 0, message: error.message)) }
        try write(CanonicalWriter.line(for: event))
        validator = next
    }

    private func write(_ line: String) throws(RecordingError) {
        if let failure = _writeAll(fd, Array((line + "\n").utf8)) {
            throw .io(path: path, message: "write failed: \(String(cString: strerror(failure)))")
        }
        if durable && fsync(fd) != 0 { throw .io(path: path, message: "fsync failed: \(String(cString: strerror(errno)))") }
    }
}

