import DragSystem

/// How an app process ended, as `waitpid(2)` reported it.
public enum AppExit: Hashable, Sendable, CustomStringConvertible {
    /// It called `exit` (or returned from `main`) with this status.
    case exited(Int32)
    /// A signal ended it: one it raised itself (SIGSEGV, SIGABRT), or
    /// SIGTERM / SIGKILL from the tool after a timeout.
    case signaled(Int32)

    /// Decodes a `waitpid` status (the `WIFEXITED` / `WTERMSIG` macros, which
    /// Swift does not import). Stopped and continued states never reach here:
    /// the tool waits without `WUNTRACED`.
    init(waitStatus status: Int32) {
        switch WaitStatus(status) {
        case .exited(let code): self = .exited(code)
        case .signaled(let signal): self = .signaled(signal)
        }
    }

    /// "exit status 3", "killed by signal 9 (SIGKILL)".
    public var description: String {
        switch self {
        case .exited(let status): "exit status \(status)"
        case .signaled(let signal): "killed by signal \(signal)\(AppExit.name(of: signal).map { " (\($0))" } ?? "")"
        }
    }

    /// The usual name of a Linux signal number, for reports.
    static func name(of signal: Int32) -> String? {
        let names = [
            "SIGHUP", "SIGINT", "SIGQUIT", "SIGILL", "SIGTRAP", "SIGABRT", "SIGBUS", "SIGFPE", "SIGKILL", "SIGUSR1",
            "SIGSEGV", "SIGUSR2", "SIGPIPE", "SIGALRM", "SIGTERM", "SIGSTKFLT", "SIGCHLD", "SIGCONT", "SIGSTOP",
            "SIGTSTP", "SIGTTIN", "SIGTTOU", "SIGURG", "SIGXCPU", "SIGXFSZ", "SIGVTALRM", "SIGPROF", "SIGWINCH",
            "SIGIO", "SIGPWR", "SIGSYS",
        ]
        return (1...names.count).contains(Int(signal)) ? names[Int(signal) - 1] : nil
    }
}
