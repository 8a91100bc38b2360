import DragSystem

/// One end of a pipe to or from an app, with the few operations the host needs, each a
/// thin wrapper over one `SystemCall`. It does not own the
/// descriptor: `AppProcess` closes it explicitly on every path.
struct PipeEnd: Hashable {
    let rawValue: Int32

    /// Makes a pipe whose two ends are close-on-exec from the start (no
    /// window in which another thread's spawn could inherit them) and are
    /// never 0, 1 or 2, so the spawn's `dup2` onto 0, 1, 2 cannot clobber
    /// one end with another even when the tool runs with a closed stdio.
    static func pipe() throws(Errno) -> (read: PipeEnd, write: PipeEnd) {
        let ends = try SystemCall.pipe()
        var read = PipeEnd(rawValue: ends.read)
        var write = PipeEnd(rawValue: ends.write)
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
        let copy = try SystemCall.duplicate(rawValue, atLeast: 3)
        close()
        self = PipeEnd(rawValue: copy)
    }

    /// Sets `O_NONBLOCK` on this end only (each end of a pipe is its own open
    /// file description, so the app's end stays blocking, as apps expect).
    func setNonBlocking() throws(Errno) {
        try SystemCall.setNonBlocking(rawValue, true)
    }

    /// One `read(2)`: the byte count, 0 at end of file; `EAGAIN` is thrown.
    func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(Errno) -> Int {
        try SystemCall.read(rawValue, into: buffer, count: count)
    }

    /// One `writev(2)` of `first` then `second`: the byte count written,
    /// possibly short; `EAGAIN` and `EPIPE` are thrown.
    func write(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try SystemCall.write(rawValue, first, second)
    }

    /// Closes once, deliberately not retried on `EINTR` (see `SystemCall`).
    func close() {
        try? SystemCall.close(rawValue)
    }
}
