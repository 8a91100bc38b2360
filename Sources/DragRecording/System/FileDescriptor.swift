#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An open file descriptor and the path it names in messages: every read,
/// write and close of the package goes through here, each a thin wrapper
/// with one `EINTR` loop and a typed error (in the manner of swift-system).
/// A failed write is a thrown `SystemError`, never silence.
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

    public enum AccessMode: Sendable { case readOnly, writeOnly, readWrite }

    public struct Options: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        public static let create = Options(rawValue: O_CREAT)
        public static let truncate = Options(rawValue: O_TRUNC)
        public static let append = Options(rawValue: O_APPEND)
        /// With `create`: fail when the file exists (never follow a planted file).
        public static let exclusive = Options(rawValue: O_EXCL)
        /// Fail on a symbolic link instead of following it.
        public static let noFollow = Options(rawValue: O_NOFOLLOW)
        /// Do not block opening a FIFO with no writer, or a device.
        public static let nonBlocking = Options(rawValue: O_NONBLOCK)
    }

    /// `open(2)`, always with `O_CLOEXEC`, so an app the tool starts
    /// inherits none of its files.
    public static func open(
        _ path: String, _ mode: AccessMode, options: Options = [], permissions: mode_t = 0o644
    ) throws(SystemError) -> FileDescriptor {
        let access: Int32
        switch mode {
        case .readOnly: access = O_RDONLY
        case .writeOnly: access = O_WRONLY
        case .readWrite: access = O_RDWR
        }
        let fd = retryingOnInterrupt { Glibc_open(path, access | options.rawValue | O_CLOEXEC, permissions) }
        if fd < 0 { throw SystemError(call: "open", path: path, errno: errno) }
        return FileDescriptor(rawValue: fd, path: path)
    }

    /// Reads up to `count` bytes into `buffer`; 0 at the end of the file.
    public func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(SystemError) -> Int {
        let n = retryingOnInterrupt { Glibc_read(rawValue, buffer, count) }
        if n < 0 { throw SystemError(call: "read", path: path, errno: errno) }
        return n
    }

    /// Writes every byte, retrying short writes and `EINTR`.
    public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        guard var p = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n = retryingOnInterrupt { Glibc_write(rawValue, p, left) }
            if n < 0 { throw SystemError(call: "write", path: path, errno: errno) }
            if n == 0 { throw SystemError(call: "write", path: path, errno: EIO) }
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
        if retryingOnInterrupt({ fsync(rawValue) }) != 0 { throw SystemError(call: "fsync", path: path, errno: errno) }
    }

    /// `close(2)`. Not retried on `EINTR` (Linux closes the descriptor anyway).
    public func close() throws(SystemError) {
        if Glibc_close(rawValue) != 0 && errno != EINTR { throw SystemError(call: "close", path: path, errno: errno) }
    }

    /// `fstat(2)`.
    public func status() throws(SystemError) -> FileStatus {
        var s = stat()
        if fstat(rawValue, &s) != 0 { throw SystemError(call: "fstat", path: path, errno: errno) }
        return FileStatus(s)
    }

    /// `flock(LOCK_EX)`: waits until no other process holds the file's lock.
    public func lockExclusively() throws(SystemError) {
        if retryingOnInterrupt({ flock(rawValue, LOCK_EX) }) != 0 { throw SystemError(call: "flock", path: path, errno: errno) }
    }

    /// Turns `O_NONBLOCK` on or off (`fcntl(2)`): a FIFO is opened without
    /// blocking, so a FIFO with no writer cannot hang the open, then read
    /// with blocking reads.
    public func setNonBlocking(_ on: Bool) throws(SystemError) {
        let flags = fcntl(rawValue, F_GETFL)
        if flags < 0 { throw SystemError(call: "fcntl", path: path, errno: errno) }
        let wanted = on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK
        if wanted != flags && fcntl(rawValue, F_SETFL, wanted) != 0 { throw SystemError(call: "fcntl", path: path, errno: errno) }
    }

    /// Whether the descriptor is open (`fcntl(F_GETFD)` does not fail with `EBADF`).
    public var isOpen: Bool { fcntl(rawValue, F_GETFD) != -1 || errno != EBADF }

    /// Whether the descriptor is a terminal (colour and progress only there).
    public var isTerminal: Bool { isatty(rawValue) != 0 }
}

/// What `stat(2)` says of a file, as far as the tool cares.
public struct FileStatus: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var mode: mode_t
    public var owner: uid_t
    public var group: gid_t
    public var modifiedSeconds: Int
    public var modifiedNanoseconds: Int

    init(_ s: stat) {
        device = UInt64(s.st_dev)
        inode = UInt64(s.st_ino)
        size = Int64(s.st_size)
        mode = s.st_mode
        owner = s.st_uid
        group = s.st_gid
        modifiedSeconds = Int(s.st_mtim.tv_sec)
        modifiedNanoseconds = Int(s.st_mtim.tv_nsec)
    }

    public var isDirectory: Bool { mode & S_IFMT == S_IFDIR }
    public var isRegularFile: Bool { mode & S_IFMT == S_IFREG }
    public var isSymbolicLink: Bool { mode & S_IFMT == S_IFLNK }
    /// A FIFO (named pipe) or a pipe.
    public var isFIFO: Bool { mode & S_IFMT == S_IFIFO }
    /// The permission bits (`0o644`).
    public var permissions: mode_t { mode & 0o7777 }

    /// Same file, same size, same modification time: nothing wrote to it.
    public func isUnchanged(comparedTo other: FileStatus) -> Bool {
        device == other.device && inode == other.inode && size == other.size
            && modifiedSeconds == other.modifiedSeconds && modifiedNanoseconds == other.modifiedNanoseconds
    }
}

// The C calls under their own names, so the methods above can be called
// `open`, `read`, `write` and `close` without shadowing them.
@inline(__always) private func Glibc_open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
@inline(__always) private func Glibc_read(_ fd: Int32, _ p: UnsafeMutableRawPointer, _ n: Int) -> Int { read(fd, p, n) }
@inline(__always) private func Glibc_write(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { write(fd, p, n) }
@inline(__always) private func Glibc_close(_ fd: Int32) -> Int32 { close(fd) }
