import DragSystem

extension AppProcess {
    /// Writes `line` and a newline to the app's stdin, then returns the next
    /// line from its stdout, without the newline. A line already received
    /// (the second of two the app wrote at once) is returned after the write,
    /// without waiting.
    ///
    /// The write and the read share one deadline, `timeout` seconds from now,
    /// and one `poll` loop that also drains stderr and reads stdout while the
    /// request is still being written (an app that echoes as it reads would
    /// otherwise deadlock with a tool blocked on a full pipe).
    ///
    /// - Parameter line: the bytes of one line; it should not contain `\n`.
    /// - Throws: `timeout`, `crashed`, `lineTooLong`, `outputFlood`, `writeFailed`, `interrupted`; after any
    ///   of them the app is dead and reaped, and every later call throws
    ///   `crashed` at once.
    /// - Complexity: O(bytes written + bytes read); one allocation, the result.
    public func request(_ line: [UInt8], timeout: Double) throws(AppProcessError) -> [UInt8] {
        if let exit { throw .crashed(exit) }
        let deadline = Deadline(after: timeout)
        do {
            // A successful exchange that wants a line always has one.
            return try exchange(writing: line, wantsLine: true, deadline: deadline) ?? []
        } catch {
            throw settle(error, timeout: timeout, deadline: deadline)
        }
    }

    /// Writes `line` and a newline without reading an answer (`bye`); stdout
    /// and stderr are drained meanwhile, and whatever stdout lines arrive stay
    /// for the next `request`.
    /// - Parameter timeout: for an app that does not read its stdin; 10 s by default.
    /// - Throws: as `request`.
    public func send(_ line: [UInt8], timeout: Double = 10) throws(AppProcessError) {
        if let exit { throw .crashed(exit) }
        let deadline = Deadline(after: timeout)
        do {
            _ = try exchange(writing: line, wantsLine: false, deadline: deadline)
        } catch {
            throw settle(error, timeout: timeout, deadline: deadline)
        }
    }

    /// Why an exchange stopped short.
    enum Stop: Error {
        case timedOut
        /// `AppInterruption.interrupt()`: the run is stopping.
        case interrupted
        /// stdout reached end of file before a complete line.
        case outputClosed
        /// The app's main process exited (pidfd) with no complete line waiting.
        case appExited
        case lineTooLong
        /// More than the line buffer's bound arrived unread.
        case outputFlood
        /// A write failed (`EPIPE`: nobody reads the app's stdin any more).
        case writeFailed(Errno)
        /// `poll` or `read` failed for a reason other than `EINTR` / `EAGAIN`.
        case ioFailed(Errno)
    }

    /// Turns a `Stop` into the error the caller sees, after making sure the
    /// app is dead and reaped: killed (SIGTERM, then SIGKILL) when it is stuck
    /// or misbehaving; given until the request's deadline to exit by itself
    /// when it closed a pipe, so that a crash reports the app's own status.
    func settle(_ stop: Stop, timeout: Double, deadline: Deadline) -> AppProcessError {
        switch stop {
        case .timedOut:
            terminate()
            return .timeout(seconds: timeout)
        case .interrupted:
            terminate()
            return .interrupted
        case .lineTooLong:
            terminate()
            return .lineTooLong(limit: lines.limit)
        case .outputFlood:
            terminate()
            return .outputFlood(bytes: lines.bound)
        case .appExited:
            return .crashed(finish(terminating: false))
        case .outputClosed:
            return .crashed(finish(terminating: !waitForExit(until: deadline)))
        case .writeFailed(let error) where error == .brokenPipe:
            if waitForExit(until: deadline) { return .crashed(finish(terminating: false)) }
            terminate()
            return .writeFailed(error)
        case .writeFailed(let error), .ioFailed(let error):
            terminate()
            return .writeFailed(error)
        }
    }

    /// The poll loop behind `request` and `send`: writes `line` + "\n" (non-blocking
    /// writes as the pipe takes them) and, if `wantsLine`, reads until a complete
    /// line is buffered; stderr is drained all along.
    /// - Returns: the line, or nil when `wantsLine` is false.
    func exchange(writing line: [UInt8], wantsLine: Bool, deadline: Deadline) throws(Stop) -> [UInt8]? {
        var written = 0
        let total = line.count + 1
        while true {
            if written < total, try write(line, from: &written) { continue }
            let writeDone = written == total
            if writeDone {
                if !wantsLine { return nil }
                if let next = lines.nextLine() { return next }
            }
            if lines.isOverLimit { throw .lineTooLong }
            if leaderExited {
                // Whatever the app wrote before exiting is in the pipe now.
                try drainOutput()
                if writeDone, let next = lines.nextLine() { return next }
                if lines.isOverLimit { throw .lineTooLong }
                throw .appExited
            }
            if output == nil { throw .outputClosed }
            if deadline.hasExpired { throw .timedOut }
            try wait(writing: !writeDone, deadline: deadline)
        }
    }

    /// One non-blocking `writev` of what is left of `line` + "\n": no copy
    /// of the line, no allocation.
    /// - Returns: true if it wrote something (try again at once), false if the pipe is full.
    private func write(_ line: [UInt8], from written: inout Int) throws(Stop) -> Bool {
        guard let input else { throw .writeFailed(.brokenPipe) }
        let offset = written
        let result = line.withUnsafeBytes { bytes -> Result<Int, Errno> in
            var newline: UInt8 = 0x0A
            return withUnsafeBytes(of: &newline) { newlineBytes -> Result<Int, Errno> in
                let rest =
                    offset < bytes.count ? UnsafeRawBufferPointer(rebasing: bytes[offset...]) : UnsafeRawBufferPointer(start: nil, count: 0)
                return Result { () throws(Errno) -> Int in try input.write(rest, newlineBytes) }
            }
        }
        switch result {
        case .success(let count):
            written += count
            return count > 0
        case .failure(let error) where error.wouldBlock:
            return false
        case .failure(let error):
            throw .writeFailed(error)
        }
    }

    /// One `poll` until something happens or the deadline, then one read from
    /// each readable pipe. POLLHUP and POLLERR count as readable: the read or
    /// write that follows reports the end of file or the error.
    ///
    /// Without a pidfd (glibc before 2.36, kernel before 5.3) the wait wakes
    /// after 100 ms of silence to ask `waitid` whether the app exited:
    /// otherwise an app that dies while a grandchild holds its stdout open
    /// would look stuck until the deadline.
    func wait(writing: Bool, deadline: Deadline) throws(Stop) {
        let ready: PollResult
        do {
            ready = try poll(writing: writing, deadline: deadline, cappedAt: exitNotifier == nil ? 100 : nil, interruptible: true)
        } catch {
            throw .ioFailed(error)
        }
        if ready.interrupted { throw .interrupted }
        if ready.errors { drainErrorsOnce() }
        if ready.output { try readOutput() }
        let silent = !ready.input && !ready.output && !ready.errors
        if ready.exited || (exitNotifier == nil && silent && hasExitedWithoutReaping()) { leaderExited = true }
        // `ready.input`: the next turn of the loop writes.
    }

    /// One read from stdout into the line buffer; end of file closes stdout.
    func readOutput() throws(Stop) {
        guard let output else { return }
        if lines.isOverfull { throw .outputFlood }
        do {
            if try lines.read(from: output) == 0 {
                output.close()
                self.output = nil
            }
        } catch {
            if error.wouldBlock { return }
            throw .ioFailed(error)
        }
    }

    /// Reads stdout until the pipe is empty, a line is complete or the limit is passed.
    func drainOutput() throws(Stop) {
        while output != nil, !lines.hasLine, !lines.isOverLimit, !lines.isOverfull {
            let before = lines.pendingCount
            try readOutput()
            if output != nil, lines.pendingCount == before { return }  // EAGAIN: empty for now
        }
    }
}
