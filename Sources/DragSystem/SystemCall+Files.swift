#if canImport(Glibc)
import Glibc
#endif

/// Descriptor- and path-level calls: `open`, `read`, `pread`, `write`, `close`,
/// `fsync`, `stat`, `rename`, `unlink`, `mkdir`, `realpath`, `flock`,
/// `fcntl` (also open-file-description locks), `ftruncate`, `pipe2`. Each retries `EINTR` where the call can report it and
/// throws `Errno`; the callers add the path (`FileDescriptor`, `FileSystem`).
extension SystemCall {
    /// `open(2)`, always with `O_CLOEXEC`, so an app the tool starts
    /// inherits none of its files.
    package static func open(
        _ path: String, _ mode: FileAccessMode, options: FileOpenOptions = [], permissions: UInt32 = 0o644
    ) throws(Errno) -> Int32 {
        try retrying { Glibc.open(path, mode.flags | options.rawValue | O_CLOEXEC, permissions) }
    }

    /// What `openRegularFile` found: the open descriptor, or what is at the
    /// path instead of a regular file (nothing was opened, or it was closed).
    package enum RegularFileOpening {
        case opened(Int32)
        case notRegular(FileStatus)
    }

    /// `open(2)` read-only of a file that must be a regular file. `stat`
    /// first, so a FIFO (whose `open` waits for a writer), a device (whose
    /// `open` can act) or a directory is refused before it is opened; then
    /// opened with `O_NONBLOCK` and checked again with `fstat` (the name may
    /// have been replaced in between), then made blocking again.
    package static func openRegularFile(_ path: String) throws(Errno) -> RegularFileOpening {
        let before = try status(ofPath: path)
        guard before.isRegularFile else { return .notRegular(before) }
        let fd = try open(path, .readOnly, options: .nonBlocking)
        do {
            let opened = try status(of: fd)
            guard opened.isRegularFile else {
                try? close(fd)
                return .notRegular(opened)
            }
            try setNonBlocking(fd, false)
        } catch {
            try? close(fd)
            throw error
        }
        return .opened(fd)
    }

    /// One `read(2)`: the byte count, 0 at the end of the file.
    package static func read(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int) throws(Errno) -> Int {
        try retrying { Glibc.read(fd, buffer, count) }
    }

    /// One `pread(2)`: up to `count` bytes from `offset`, leaving the file
    /// position alone (a spool is read back while it is still appended to);
    /// 0 at the end of the file.
    package static func read(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int64) throws(Errno) -> Int {
        try retrying { pread(fd, buffer, count, off_t(offset)) }
    }

    /// One `write(2)`: the byte count written, possibly short.
    package static func write(_ fd: Int32, from buffer: UnsafeRawPointer, count: Int) throws(Errno) -> Int {
        try retrying { Glibc.write(fd, buffer, count) }
    }

    /// One `writev(2)` of two buffers (a line and its newline, without
    /// copying the line): the byte count written, possibly short. An empty
    /// or address-less `first` is skipped.
    package static func write(_ fd: Int32, _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) throws(Errno) -> Int {
        func vector(_ b: UnsafeRawBufferPointer) -> iovec {
            iovec(iov_base: UnsafeMutableRawPointer(mutating: b.baseAddress), iov_len: b.count)
        }
        var vectors = (vector(second), vector(second))
        var count: Int32 = 1
        if first.count > 0, first.baseAddress != nil {
            vectors.0 = vector(first)
            count = 2
        }
        let n = count
        return try withUnsafePointer(to: &vectors) { pair throws(Errno) -> Int in
            try pair.withMemoryRebound(to: iovec.self, capacity: 2) { vector throws(Errno) -> Int in
                try retrying { writev(fd, vector, n) }
            }
        }
    }

    /// `close(2)`, deliberately not retried: `EINTR` counts as closed (Linux
    /// has released the descriptor), anything else is thrown.
    package static func close(_ fd: Int32) throws(Errno) {
        if Glibc.close(fd) != 0 && errno != EINTR { throw Errno.current }
    }

    /// `fsync(2)`: the bytes are on the disk, not only in the page cache.
    package static func sync(_ fd: Int32) throws(Errno) {
        _ = try retrying { fsync(fd) }
    }

    /// `fstat(2)`.
    package static func status(of fd: Int32) throws(Errno) -> FileStatus {
        var s = stat()
        _ = try retrying { fstat(fd, &s) }
        return FileStatus(s)
    }

    /// `stat(2)`, or `lstat(2)` when `followingLinks` is false.
    package static func status(ofPath path: String, followingLinks: Bool = true) throws(Errno) -> FileStatus {
        var s = stat()
        _ = try retrying { followingLinks ? stat(path, &s) : lstat(path, &s) }
        return FileStatus(s)
    }

    /// `flock(LOCK_EX)`: waits until no other process holds the file's lock.
    package static func lockExclusively(_ fd: Int32) throws(Errno) {
        _ = try retrying { flock(fd, LOCK_EX) }
    }

    /// An open-file-description lock (`fcntl(F_OFD_SETLK[W])`) over the
    /// whole file, shared (`F_RDLCK`) or exclusive (`F_WRLCK`): independent of
    /// `flock`, held by the open file (so two threads of one process
    /// conflict too), released when its last descriptor closes. `wait`
    /// blocks until it is granted; otherwise a conflict is `false`.
    package static func lockRange(_ fd: Int32, exclusive: Bool, wait: Bool) throws(Errno) -> Bool {
        var lock = flock()
        lock.l_type = Int16(exclusive ? F_WRLCK : F_RDLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = 0
        lock.l_len = 0  // to the end of the file, however long it grows
        lock.l_pid = 0
        let command: Int32 = wait ? 38 : 37  // F_OFD_SETLKW, F_OFD_SETLK (not exported by Glibc's module)
        do {
            _ = try retrying { withUnsafeMutablePointer(to: &lock) { fcntl(fd, command, $0) } }
            return true
        } catch  where !wait && (error == .resourceTemporarilyUnavailable || error == Errno(EACCES)) {
            return false
        }
    }

    /// `ftruncate(2)`.
    package static func truncate(_ fd: Int32, to size: Int64) throws(Errno) {
        _ = try retrying { ftruncate(fd, off_t(size)) }
    }

    /// Turns `O_NONBLOCK` on or off (`fcntl(2)`) for this open file description.
    package static func setNonBlocking(_ fd: Int32, _ on: Bool) throws(Errno) {
        let flags = try retrying { fcntl(fd, F_GETFL) }
        let wanted = on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK
        if wanted != flags { _ = try retrying { fcntl(fd, F_SETFL, wanted) } }
    }

    /// A close-on-exec copy of `fd` numbered `lowest` or more (`F_DUPFD_CLOEXEC`).
    package static func duplicate(_ fd: Int32, atLeast lowest: Int32) throws(Errno) -> Int32 {
        try retrying { fcntl(fd, F_DUPFD_CLOEXEC, lowest) }
    }

    /// Whether `fd` is open (`fcntl(F_GETFD)` does not fail with `EBADF`).
    package static func isOpen(_ fd: Int32) -> Bool { fcntl(fd, F_GETFD) != -1 || errno != EBADF }

    /// Whether `fd` is a terminal (`isatty(3)`).
    package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) != 0 }

    /// `fchmod(2)`.
    package static func changePermissions(_ fd: Int32, to permissions: UInt32) throws(Errno) {
        _ = try retrying { fchmod(fd, permissions) }
    }

    /// `fchown(2)`.
    package static func changeOwner(_ fd: Int32, owner: UInt32, group: UInt32) throws(Errno) {
        _ = try retrying { fchown(fd, owner, group) }
    }

    /// A pipe whose two ends are close-on-exec from the start (`pipe2(O_CLOEXEC)`):
    /// no window in which another thread's spawn could inherit them.
    package static func pipe() throws(Errno) -> (read: Int32, write: Int32) {
        guard let pipe2 = GlibcExtensions.pipe2 else { throw .noFunction }
        var ends: (Int32, Int32) = (-1, -1)
        _ = try withUnsafeMutablePointer(to: &ends) { pointer throws(Errno) in
            try pointer.withMemoryRebound(to: Int32.self, capacity: 2) { fds throws(Errno) in
                try retrying { pipe2(fds, O_CLOEXEC) }
            }
        }
        return (ends.0, ends.1)
    }

    /// `rename(2)`: atomic within one file system.
    package static func rename(_ from: String, to: String) throws(Errno) {
        _ = try retrying { Glibc.rename(from, to) }
    }

    /// `unlink(2)`.
    package static func unlink(_ path: String) throws(Errno) {
        _ = try retrying { Glibc.unlink(path) }
    }

    /// `rename(2)` to a path given as raw bytes: a name that is not UTF-8,
    /// which a `String` cannot hold (the CLI fuzzer's odd names).
    package static func rename(_ from: String, toRawPath to: [UInt8]) throws(Errno) {
        _ = try withCString(to) { (path) throws(Errno) in try retrying { Glibc.rename(from, path) } }
    }

    /// `unlink(2)` of a path given as raw bytes.
    package static func unlink(rawPath path: [UInt8]) throws(Errno) {
        _ = try withCString(path) { (path) throws(Errno) in try retrying { Glibc.unlink(path) } }
    }

    /// `symlink(2)`: a link at `path` to `target` (which need not exist).
    package static func makeSymbolicLink(at path: String, to target: String) throws(Errno) {
        _ = try retrying { symlink(target, path) }
    }

    /// `bytes` with a NUL, as a C string for one call.
    private static func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) throws(Errno) -> R) throws(Errno) -> R {
        let terminated = bytes + [0]
        return try terminated.withUnsafeBufferPointer { (buffer) throws(Errno) -> R in
            try buffer.withMemoryRebound(to: CChar.self) { (chars) throws(Errno) -> R in try body(chars.baseAddress!) }
        }
    }

    /// `mkdir(2)`.
    package static func makeDirectory(_ path: String, permissions: UInt32 = 0o755) throws(Errno) {
        _ = try retrying { mkdir(path, permissions) }
    }

    /// `mkdtemp(3)`: a new directory named `prefix` and six random characters; its path.
    package static func makeTemporaryDirectory(prefix: String) throws(Errno) -> String {
        var template = Array((prefix + "XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!).map { String(cString: $0) } }
        guard let made else { throw Errno.current }
        return made
    }

    /// `chdir(2)`.
    package static func changeDirectory(_ path: String) throws(Errno) {
        _ = try retrying { chdir(path) }
    }

    /// `realpath(3)`: the path with every symbolic link resolved.
    package static func resolvingSymbolicLinks(_ path: String) throws(Errno) -> String {
        guard let resolved = realpath(path, nil) else { throw Errno.current }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
