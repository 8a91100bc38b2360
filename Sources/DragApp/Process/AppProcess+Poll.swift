import DragSystem

extension AppProcess {
    /// Which of the app's descriptors `poll` found ready.
    struct PollResult {
        var input = false
        var output = false
        var errors = false
        var exited = false
        /// `AppInterruption.interrupt()` was called: the run is stopping.
        var interrupted = false
    }

    /// One `poll(2)` over what is still open: stdin for writing (if
    /// `writing`), stdout and stderr for reading, the pidfd for the exit.
    /// Waits until something is ready or `deadline`; with `cappedAt`, for at
    /// most that many milliseconds (the fallback that checks for the exit with
    /// `waitid` where there is no pidfd). `EINTR` restarts the wait with the
    /// time then left, never the full time. With `interruptible`, the wait
    /// also ends when `AppInterruption.interrupt()` is called.
    /// - Complexity: O(1); the `pollfd` array is on the stack.
    func poll(writing: Bool, deadline: Deadline, cappedAt cap: Int32? = nil, interruptible: Bool = false) throws(Errno) -> PollResult {
        func slot(_ fd: PipeEnd?, writing: Bool = false) -> PollSlot {
            fd.map { PollSlot(fd: $0.rawValue, writing: writing) } ?? .unused
        }
        let wakeUp = interruptible ? AppInterruption.descriptor.map { PollSlot(fd: $0, writing: false) } ?? .unused : .unused
        // An unused slot is ignored by poll: the five slots keep fixed roles.
        var slots = (
            slot(writing ? input : nil, writing: true), slot(output), slot(errors), slot(leaderExited ? nil : exitNotifier), wakeUp
        )
        _ = try withUnsafeMutablePointer(to: &slots) { tuple throws(Errno) -> Int32 in
            try tuple.withMemoryRebound(to: PollSlot.self, capacity: 5) { array throws(Errno) -> Int32 in
                try SystemCall.poll(UnsafeMutableBufferPointer(start: array, count: 5)) {
                    var milliseconds = deadline.remainingMilliseconds
                    if let cap, milliseconds < 0 || milliseconds > cap { milliseconds = cap }
                    return milliseconds
                }
            }
        }
        // Anything but "nothing happened" sends the caller to the descriptor,
        // whose read or write then reports data, end of file or the error.
        return PollResult(
            input: slots.0.isReady, output: slots.1.isReady, errors: slots.2.isReady, exited: slots.3.isReady, interrupted: slots.4.isReady)
    }
}
