#if canImport(Glibc)
import Glibc
#endif

/// One end of a pipe to or from an app, with the few operations the host needs, each a
/// thin wrapper over one C call through `SystemCall`. It does not own the
/// descriptor: `AppProcess` closes it explicitly on every path.
struct PipeEnd: Hashable {
    let rawValue: Int32

    /// Makes a pipe whose two ends are close-on-exec from the start (no
    /// window in which another thread's spawn could inherit them) and are
    /// never 0, 1 or 2, so the spawn's `dup2` onto 0, 1, 2 cannot clobber
    /// one end with another even when the tool runs with a closed stdio.
    static func pipe() throws(Errno) -> (read: PipeEnd, write: PipeEnd) {
        guard let pipe2 = GlibcExtensions.pipe2 else { throw Errno(ENOSYS) }
        var ends: (Int32, Int32) = (-1, -1)
        _ = try withUnsafeMutablePointer(to: &ends) { pointer throws(Errno) in
            try pointer.withMemoryRebound(to: Int32.self, capacity: 2) { fds throws(Errno) in
                try SystemCall.retrying { pipe2(fds, O_CLOEXEC) }
            }
        }
        var read = PipeEnd(rawValue: ends.0)
        var write = PipeEnd(rawValue: ends.1)
        do {
            try read.moveAboveStandardStreams()
            try write.moveAboveStandardStreams()
        } catch {
            read.close()
            write.close()
            throw error
        }
        return (read, write)
    }

    /// Replaces a descriptor numbered 0...2 by a close-on-exec copy numbered 3 or more.
    private mutating func moveAboveStandardStreams() throws(Errno) {
        guard rawValue <= 2 else { return }
        let fd = rawValue
        let copy = try SystemCall.retrying { fcntl(fd, F_DUPFD_CLOEXEC, 3) }
        close()
        self = PipeEnd(rawValue: copy)
    }

    /// Sets `O_NONBLOCK` on this end only (each end of a pipe is its own open
    /// file description, so the app's end stays blocking, as apps expect).
    func setNonBlocking() throws(Errno) {
        let fd = rawValue
        let flags = try SystemCall.retrying { fcntl(fd, F_GETFL) }
        _ = try SystemCall.retrying { fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
    }

    /// One `read(2)`: the byte count, 0 at end of file; `EAGAIN` is thrown.
    func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(Errno) -> Int {
        let fd = rawValue
        return try SystemCall.retrying { Glibc.read(fd, buffer, count) }
    }

    /// One `writev(2)`: the byte count written, possibly short; `EAGAIN` and `EPIPE` are thrown.
    func write(_ vectors: UnsafePointer<iovec>, count: Int32) throws(Errno) -> Int {
        let fd = rawValue
        return try SystemCall.retrying { writev(fd, vectors, count) }
    }

    /// Closes once, deliberately not retried on `EINTR` (see `SystemCall`).
    func close() {
        _ = Glibc.close(rawValue)
    }
}
