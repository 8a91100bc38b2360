#if canImport(Glibc)
import Glibc
#endif

/// One descriptor of a `poll(2)`: laid out as a `pollfd`, so an array (or a
/// tuple on the stack) of slots is passed to the kernel as is.
package struct PollSlot {
    private var entry: pollfd

    /// A slot that poll ignores (a negative fd): slots keep fixed roles.
    package static let unused = PollSlot(entry: pollfd(fd: -1, events: 0, revents: 0))

    private init(entry: pollfd) { self.entry = entry }

    /// Waits for `fd` to be readable (`POLLIN`) or writable (`POLLOUT`).
    package init(fd: Int32, writing: Bool) {
        entry = pollfd(fd: fd, events: Int16(writing ? POLLOUT : POLLIN), revents: 0)
    }

    /// Anything but "nothing happened" (data, room, `POLLHUP`, `POLLERR`):
    /// the read or write that follows says which.
    package var isReady: Bool { entry.revents != 0 }
}

extension SystemCall {
    /// `poll(2)` over `slots`, waiting `timeout()` milliseconds at most (-1:
    /// no limit); `timeout` is asked again after an `EINTR`, so a retry
    /// waits for the time then left. Returns the number of ready slots.
    package static func poll(_ slots: UnsafeMutableBufferPointer<PollSlot>, timeout: () -> Int32) throws(Errno) -> Int32 {
        guard let base = slots.baseAddress else { return 0 }
        let count = nfds_t(slots.count)
        return try UnsafeMutableRawPointer(base).withMemoryRebound(to: pollfd.self, capacity: slots.count) {
            fds throws(Errno) -> Int32 in
            try retrying { Glibc.poll(fds, count, timeout()) }
        }
    }
}
