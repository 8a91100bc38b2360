import DragSystem

/// Requests written ahead of their answers (`fuzz --app`): lines are queued,
/// and `pump` writes what the pipe takes while it reads what the app has
/// answered, in the one `poll` loop of `request` (stdin for writing, stdout
/// and stderr for reading, the pidfd for the exit). Neither side can block
/// the other: the tool never blocks on a write, so an app that answers
/// while the tool still writes always has its answers read.
extension AppProcess {
    /// Queues `line` and a newline for `pump` to write.
    /// - Complexity: O(line), amortised: one copy into the queue.
    public func queue(_ line: [UInt8]) {
        outgoing.append(contentsOf: line)
        outgoing.append(0x0A)
    }

    /// Bytes queued and not yet written.
    public var unwrittenCount: Int { outgoing.count - sent }

    /// Bytes the app wrote to stdout that no `nextAnswer` has taken yet.
    public var unreadCount: Int { lines.pendingCount }

    /// Writes queued bytes as the pipe takes them and reads stdout and stderr;
    /// with `waiting`, until a complete line is buffered (or `timeout`
    /// seconds pass), otherwise only what is possible without waiting.
    /// - Throws: as `request`; after any error the app is dead and reaped.
    public func pump(waiting: Bool, timeout: Double) throws(AppProcessError) {
        if let exit { throw .crashed(exit) }
        let deadline = Deadline(after: waiting ? timeout : 0)
        do {
            try flow(waiting: waiting, deadline: deadline)
        } catch {
            throw settle(error, timeout: timeout, deadline: deadline)
        }
    }

    /// Writes what the pipe takes of the queue now: no waiting, no reading
    /// (a request reaches the app at once; its answer waits in the pipe
    /// until `pump`).
    /// - Throws: as `request`; after any error the app is dead and reaped.
    public func flushQueue() throws(AppProcessError) {
        if let exit { throw .crashed(exit) }
        do {
            while sent < outgoing.count, try writeQueued() {}
        } catch {
            throw settle(error, timeout: 0, deadline: Deadline(after: 0))
        }
    }

    /// The next complete line from stdout, without its newline, if one is buffered.
    public func nextAnswer() -> [UInt8]? { lines.nextLine() }

    private func flow(waiting: Bool, deadline: Deadline) throws(Stop) {
        var polled = false
        while true {
            if sent < outgoing.count, try writeQueued() { continue }
            if sent > 0, sent == outgoing.count {
                outgoing.removeAll(keepingCapacity: true)
                sent = 0
            }
            if lines.hasLine { return }
            if lines.isOverLimit { throw .lineTooLong }
            if leaderExited {
                try drainOutput()
                if lines.hasLine { return }
                if lines.isOverLimit { throw .lineTooLong }
                throw .appExited
            }
            if output == nil { throw .outputClosed }
            // Not waiting: one poll that returns at once, to read what is there.
            if !waiting && polled { return }
            if waiting && deadline.hasExpired { throw .timedOut }
            try wait(writing: sent < outgoing.count, deadline: deadline)
            polled = true
        }
    }

    /// One non-blocking write of what is queued.
    /// - Returns: true if it wrote something, false if the pipe is full.
    private func writeQueued() throws(Stop) -> Bool {
        guard let input else { throw .writeFailed(.brokenPipe) }
        let offset = sent
        let result = outgoing.withUnsafeBytes { bytes -> Result<Int, Errno> in
            Result { () throws(Errno) -> Int in
                try input.write(UnsafeRawBufferPointer(rebasing: bytes[offset...]), UnsafeRawBufferPointer(start: nil, count: 0))
            }
        }
        switch result {
        case .success(let count):
            sent += count
            return count > 0
        case .failure(let error) where error.wouldBlock:
            return false
        case .failure(let error):
            throw .writeFailed(error)
        }
    }
}
