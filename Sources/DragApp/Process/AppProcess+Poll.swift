#if canImport(Glibc)
import Glibc
#endif

extension AppProcess {
    /// Which of the app's descriptors `poll` found ready.
    struct PollResult {
        var input = false
        var output = false
        var errors = false
        var exited = false
    }

    /// One `poll(2)` over what is still open: stdin for writing (if
    /// `writing`), stdout and stderr for reading, the pidfd for the exit.
    /// Waits until something is ready or `deadline`; with `cappedAt`, for at
    /// most that many milliseconds (the fallback that checks for the exit with
    /// `waitid` where there is no pidfd). `EINTR` restarts the wait with the
    /// time then left, never the full time.
    /// - Complexity: O(1); the `pollfd` array is on the stack.
    func poll(writing: Bool, deadline: Deadline, cappedAt cap: Int32? = nil) throws(Errno) -> PollResult {
        let none = pollfd(fd: -1, events: 0, revents: 0)
        var fds = (none, none, none, none)
        let watched = (
            writing ? input : nil, output, errors, leaderExited ? nil : exitNotifier
        )
        let events = (Int16(POLLOUT), Int16(POLLIN), Int16(POLLIN), Int16(POLLIN))
        // A negative fd is ignored by poll: the four slots keep fixed roles.
        if let fd = watched.0 { fds.0 = pollfd(fd: fd.rawValue, events: events.0, revents: 0) }
        if let fd = watched.1 { fds.1 = pollfd(fd: fd.rawValue, events: events.1, revents: 0) }
        if let fd = watched.2 { fds.2 = pollfd(fd: fd.rawValue, events: events.2, revents: 0) }
        if let fd = watched.3 { fds.3 = pollfd(fd: fd.rawValue, events: events.3, revents: 0) }
        _ = try withUnsafeMutablePointer(to: &fds) { tuple throws(Errno) -> Int32 in
            try tuple.withMemoryRebound(to: pollfd.self, capacity: 4) { array throws(Errno) -> Int32 in
                try SystemCall.retrying {
                    var milliseconds = deadline.remainingMilliseconds
                    if let cap, milliseconds < 0 || milliseconds > cap { milliseconds = cap }
                    return Glibc.poll(array, 4, milliseconds)
                }
            }
        }
        // Anything but "nothing happened" sends the caller to the descriptor,
        // whose read or write then reports data, end of file or the error.
        return PollResult(
            input: fds.0.revents != 0, output: fds.1.revents != 0, errors: fds.2.revents != 0, exited: fds.3.revents != 0)
    }
}
