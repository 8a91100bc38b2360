/// An open file descriptor and the path it names in messages: every read,
/// write and close of the package goes through here, each a thin wrapper
/// over `SystemCall` (which retries `EINTR`) that adds the path to the
/// `Errno` in a `SystemError`. A failed write is a thrown `SystemError`,
/// never silence.
///
///     let fd = try FileDescriptor.open("out.jsonl", .writeOnly, options: [.create, .truncate])
///     defer { try? fd.close() }
///     try fd.writeAll(Array("line\n".utf8))
public struct FileDescriptor: Hashable, Sendable {
    public let rawValue: Int32
    /// For messages only.
    public let path: String

    public init(rawValue: Int32, path: String) {
        self.rawValue = rawValue
        self.path = path
    }

    public static let standardInput = FileDescriptor(rawValue: 0, path: "<stdin>")
    public static let standardOutput = FileDescriptor(rawValue: 1, path: "<stdout>")
    public static let standardError = FileDescriptor(rawValue: 2, path: "<stderr>")

    public typealias AccessMode = FileAccessMode
    public typealias Options = FileOpenOptions

    /// `open(2)`, always with `O_CLOEXEC`, so an app the tool starts
    /// inherits none of its files.
    public static func open(
        _ path: String, _ mode: AccessMode, options: Options = [], permissions: UInt32 = 0o644
    ) throws(SystemError) -> FileDescriptor {
        do {
            return FileDescriptor(rawValue: try SystemCall.open(path, mode, options: options, permissions: permissions), path: path)
        } catch { throw SystemError(call: "open", path: path, errno: error) }
    }

    /// `open(2)` read-only of a file that must be a regular file: a FIFO, a
    /// device, a socket or a directory is refused before it is opened (no
    /// wait for a FIFO's writer), with the refusal "is a FIFO, not a regular
    /// file". For inputs that are read whole (a campaign's summary); a
    /// recording may be a stream (`RecordingReader`).
    public static func openRegularFile(_ path: String) throws(SystemError) -> FileDescriptor {
        let opening: SystemCall.RegularFileOpening
        do { opening = try SystemCall.openRegularFile(path) } catch { throw SystemError(call: "open", path: path, errno: error) }
        switch opening {
        case .opened(let fd): return FileDescriptor(rawValue: fd, path: path)
        case .notRegular(let found):
            throw SystemError(
                call: "open", path: path, errno: .invalidArgument,
                refusal: "is \(found.kindName), not a regular file (expected a regular file); it was not read")
        }
    }

    /// Reads up to `count` bytes into `buffer`; 0 at the end of the file.
    public func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(SystemError) -> Int {
        do { return try SystemCall.read(rawValue, into: buffer, count: count) } catch { throw failure("read", error) }
    }

    /// Reads up to `count` bytes from `offset` into `buffer` (`pread(2)`),
    /// without moving the file position; 0 at the end of the file.
    public func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int64) throws(SystemError) -> Int {
        do { return try SystemCall.read(rawValue, into: buffer, count: count, at: offset) } catch { throw failure("pread", error) }
    }

    /// Writes every byte, retrying short writes (and `EINTR`, in `SystemCall`).
    public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        guard var p = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n: Int
            do { n = try SystemCall.write(rawValue, from: p, count: left) } catch { throw failure("write", error) }
            if n == 0 { throw failure("write", .ioError) }
            p += n
            left -= n
        }
    }

    public func writeAll(_ bytes: [UInt8]) throws(SystemError) {
        let result: Result<Void, SystemError> = bytes.withUnsafeBytes { raw in
            do throws(SystemError) {
                try writeAll(raw)
                return .success(())
            } catch { return .failure(error) }
        }
        try result.get()
    }

    public func writeAll(_ text: String) throws(SystemError) { try writeAll(Array(text.utf8)) }

    /// `fsync(2)`: the bytes are on the disk, not only in the page cache.
    public func sync() throws(SystemError) {
        do { try SystemCall.sync(rawValue) } catch { throw failure("fsync", error) }
    }

    /// `close(2)`. Not retried on `EINTR` (Linux closes the descriptor anyway).
    public func close() throws(SystemError) {
        do { try SystemCall.close(rawValue) } catch { throw failure("close", error) }
    }

    /// `fstat(2)`.
    public func status() throws(SystemError) -> FileStatus {
        do { return try SystemCall.status(of: rawValue) } catch { throw failure("fstat", error) }
    }

    /// `flock(LOCK_EX)`: waits until no other process holds the file's lock.
    public func lockExclusively() throws(SystemError) {
        do { try SystemCall.lockExclusively(rawValue) } catch { throw failure("flock", error) }
    }

    /// An open-file-description lock over the whole file (`fcntl(F_OFD_SETLK)`,
    /// apart from `flock`): the `Recorder` holds an exclusive one while it
    /// writes, `bless` a shared one while it reads and replaces. `false`
    /// when another open file holds a conflicting one and `wait` is false.
    public func lockWhole(exclusive: Bool, wait: Bool) throws(SystemError) -> Bool {
        do { return try SystemCall.lockRange(rawValue, exclusive: exclusive, wait: wait) } catch { throw failure("fcntl", error) }
    }

    /// `ftruncate(2)`.
    public func truncate(to size: Int64) throws(SystemError) {
        do { try SystemCall.truncate(rawValue, to: size) } catch { throw failure("ftruncate", error) }
    }

    /// Turns `O_NONBLOCK` on or off (`fcntl(2)`): a FIFO is opened without
    /// blocking, so a FIFO with no writer cannot hang the open, then read
    /// with blocking reads.
    public func setNonBlocking(_ on: Bool) throws(SystemError) {
        do { try SystemCall.setNonBlocking(rawValue, on) } catch { throw failure("fcntl", error) }
    }

    /// Whether the descriptor is open (`fcntl(F_GETFD)` does not fail with `EBADF`).
    public var isOpen: Bool { SystemCall.isOpen(rawValue) }

    /// Whether the descriptor is a terminal (colour and progress only there).
    public var isTerminal: Bool { SystemCall.isTerminal(rawValue) }

    private func failure(_ call: String, _ errno: Errno) -> SystemError { SystemError(call: call, path: path, errno: errno) }
}
