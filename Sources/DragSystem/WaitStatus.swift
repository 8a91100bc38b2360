/// A `waitpid` status decoded (the `WIFEXITED` / `WTERMSIG` macros, which
/// Swift does not import). Stopped and continued states never reach here:
/// nothing waits with `WUNTRACED`.
package enum WaitStatus: Hashable, Sendable {
    case exited(Int32)
    case signaled(Int32)

    package init(_ status: Int32) {
        let signal = status & 0x7F
        self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    }
}
