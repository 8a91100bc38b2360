import DragRecording
import DragSystem

/// An unlinked temporary file that bytes are appended to and read back
/// from: created in `$TMPDIR` (`/tmp` when unset) with `O_CREAT | O_EXCL |
/// O_NOFOLLOW` and mode 0600, so no planted file or link can be written
/// through and no other user can read it, then unlinked at once, so nothing
/// is left behind however the process ends. Appends are buffered (a render
/// makes one small record per step); reads use `pread(2)` and flush first.
///
///     let file = try SpoolFile()
///     try file.append(abc)   // an UnsafeRawBufferPointer to the bytes of "abc"
///     try file.read(at: 1, count: 2) { chunk in ... }   // "bc"
final class SpoolFile: @unchecked Sendable {
    // @unchecked: one builder or writer uses a file at a time (a render is
    // sequential); the class only gives the descriptor one owner to close it.
    let descriptor: FileDescriptor
    /// Bytes appended so far, buffered ones included.
    private(set) var size = 0
    private var pending: [UInt8] = []
    private static let bufferSize = 1 << 16

    /// The directory temporaries go to: `$TMPDIR`, or `/tmp` when it is unset or empty.
    static var temporaryDirectory: String {
        guard let d = SystemCall.environment("TMPDIR"), !d.isEmpty else { return "/tmp" }
        return d
    }

    /// - Parameter directory: where to create it (default `temporaryDirectory`).
    /// - Throws: `SystemError` naming the temporary's path when it cannot be
    ///   created (a missing or unwritable directory) or unlinked.
    init(directory: String? = nil) throws(SystemError) {
        var random = SystemRandomNumberGenerator()
        let path = FileSystem.join(
            directory ?? Self.temporaryDirectory, "dragreplay-render-\(SystemCall.processID())-\(random.next() % 1_000_000_000)")
        descriptor = try FileDescriptor.open(path, .readWrite, options: [.create, .exclusive, .noFollow], permissions: 0o600)
        do { try SystemCall.unlink(path) } catch {
            try? descriptor.close()
            throw SystemError(call: "unlink", path: path, errno: error)
        }
        pending.reserveCapacity(Self.bufferSize)
    }

    deinit { try? descriptor.close() }

    /// Appends `bytes`, writing the buffer out whenever it is full. Bytes
    /// that fill a buffer while nothing is buffered (a writer's whole
    /// chunk) are written out at once, not copied again.
    /// - Complexity: O(bytes), amortized.
    func append(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        guard pending.isEmpty && bytes.count >= Self.bufferSize else {
            pending.append(contentsOf: bytes)
            size += bytes.count
            if pending.count >= Self.bufferSize { try flush() }
            return
        }
        try descriptor.writeAll(bytes)
        size += bytes.count
    }

    /// Writes the buffered bytes to the file.
    func flush() throws(SystemError) {
        guard !pending.isEmpty else { return }
        try descriptor.writeAll(pending)
        pending.removeAll(keepingCapacity: true)
    }

    /// Reads `count` bytes from `offset`, handing them to `body` in chunks
    /// of at most 64 KiB (the memory a read-back holds).
    /// - Complexity: O(count).
    func read(
        at offset: Int, count: Int, _ body: (UnsafeRawBufferPointer) throws(SystemError) -> Void
    ) throws(SystemError) {
        try flush()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.bufferSize, alignment: 16)
        defer { buffer.deallocate() }
        var at = offset
        let end = offset + count
        while at < end {
            let n = try descriptor.read(into: buffer.baseAddress!, count: min(buffer.count, end - at), at: Int64(at))
            // The file never shrinks: an early end is a broken spool, not a short page.
            if n == 0 { throw SystemError(call: "pread", path: descriptor.path, errno: .ioError) }
            try body(UnsafeRawBufferPointer(rebasing: buffer[..<n]))
            at += n
        }
    }
}
