import DragRecording
import DragSystem

/// Where a report goes: standard output, or a file (`-o`) written
/// atomically, so a reader never sees half a report. A device or a FIFO
/// (`-o /dev/stdout`, `-o /dev/null`, a pipe) is written straight through:
/// it cannot be replaced, and must not be. Buffered; the first failed write
/// is kept and thrown by `close()`, so a full disk is an error (exit 2),
/// never a lost report and exit 0.
public final class ReportOutput {
    private var file: AtomicFile?
    private var stream: FileDescriptor?
    private var buffer: [UInt8] = []
    private var failure: SystemError?
    private var closed = false

    /// `path == nil`: standard output.
    public init(path: String?) throws(SystemError) {
        if let path {
            if let status = try? FileSystem.status(of: path), !status.isRegularFile, !status.isDirectory {
                // Not blocking on a FIFO with no reader (that fails: ENXIO).
                let fd = try FileDescriptor.open(path, .writeOnly, options: .nonBlocking)
                do { try fd.setNonBlocking(false) } catch {
                    try? fd.close()
                    throw error
                }
                stream = fd
            } else {
                file = try AtomicFile(replacing: path, preservingAttributes: true)
            }
        }
        buffer.reserveCapacity(1 << 16)
    }

    deinit {
        if !closed {
            file?.abandon()
            try? stream?.close()
        }
    }

    public func write(_ s: String) {
        buffer.append(contentsOf: s.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Bytes already encoded (the JSON report's, from the one JSON writer).
    func write(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    private func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil, !buffer.isEmpty else { return }
        do {
            if file != nil {
                try file!.write(buffer)
            } else {
                try (stream ?? FileDescriptor.standardOutput).writeAll(buffer)
            }
        } catch {
            failure = error
        }
    }

    /// Writes what is buffered and puts the file in place; throws the first
    /// write that failed.
    public func close() throws(SystemError) {
        if closed { return }
        closed = true
        flush()
        if let stream {
            do { try stream.close() } catch { if failure == nil { failure = error } }
        }
        if let failure {
            file?.abandon()
            throw failure
        }
        try file?.commit()
    }
}
