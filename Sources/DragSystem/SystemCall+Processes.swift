#if canImport(Glibc)
import Glibc
#endif

/// Process-level calls: `getpid`, `kill`, `waitpid`, `waitid`, `pidfd_open`,
/// `getppid`, `prctl`, `setrlimit`, `sysconf`, `getenv`, `usleep`, `exit`.
extension SystemCall {
    /// `getpid(2)`.
    package static func processID() -> Int32 { getpid() }

    /// `kill(2)`: `signal` to `pid`; a negative `pid` names a process group
    /// (async-signal-safe, unlike `killpg`, so a signal handler may call it).
    package static func kill(_ pid: Int32, _ signal: Int32) throws(Errno) {
        _ = try retrying { Glibc.kill(pid, signal) }
    }

    /// `kill(-group, signal)`: every process of the group.
    package static func signalProcessGroup(_ group: Int32, _ signal: Int32) throws(Errno) {
        try kill(-group, signal)
    }

    /// Whether a process `pid` exists (`kill(pid, 0)` does not fail with `ESRCH`).
    package static func processExists(_ pid: Int32) -> Bool {
        do { try kill(pid, 0) } catch { return error != .noSuchProcess }
        return true
    }

    /// `waitpid(pid, 0)`: blocks until `pid` (or, negative, a process of that
    /// group) exits, reaps it and returns its wait status.
    package static func waitForExit(_ pid: Int32) throws(Errno) -> Int32 {
        var status: Int32 = 0
        _ = try retrying { waitpid(pid, &status, 0) }
        return status
    }

    /// `waitpid(pid, WNOHANG)`: the wait status if `pid` has exited (it is
    /// reaped), nil while it runs.
    package static func reapIfExited(_ pid: Int32) throws(Errno) -> Int32? {
        var status: Int32 = 0
        let r = try retrying { waitpid(pid, &status, WNOHANG) }
        return r == 0 ? nil : status
    }

    /// `waitid(WEXITED | WNOHANG | WNOWAIT)`: whether `pid` has exited; it
    /// stays a zombie, so its pid is not reused until it is reaped.
    package static func hasExitedWithoutReaping(_ pid: Int32) throws(Errno) -> Bool {
        var info = siginfo_t()
        _ = try retrying { waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) }
        return info.si_signo == SIGCHLD
    }

    /// `pidfd_open(2)`: a descriptor that `poll` reports readable once `pid`
    /// has exited. `ENOSYS` on glibc before 2.36 or kernels before 5.3.
    package static func openProcessDescriptor(_ pid: Int32) throws(Errno) -> Int32 {
        guard let pidfdOpen = GlibcExtensions.pidfdOpen else { throw .noFunction }
        return try retrying { pidfdOpen(pid, 0) }
    }

    /// `prctl(PR_SET_CHILD_SUBREAPER, 1)` (Linux): orphans of the process's
    /// descendants are re-parented to it rather than to init. Best effort.
    package static func becomeChildSubreaper() {
        let prSetChildSubreaper: Int32 = 36
        _ = GlibcExtensions.prctl?(prSetChildSubreaper, 1, 0, 0, 0)
    }

    /// `prctl(PR_SET_PDEATHSIG, signal)` (Linux): the kernel sends `signal`
    /// to this process when the *thread* that created it exits (for a
    /// process, the death of its parent's spawning thread, or of the parent).
    package static func setParentDeathSignal(_ signal: Int32) throws(Errno) {
        let prSetPdeathsig: Int32 = 1
        guard let prctl = GlibcExtensions.prctl else { throw .noFunction }
        _ = try retrying { prctl(prSetPdeathsig, UInt(signal), 0, 0, 0) }
    }

    /// `getppid(2)`: the parent's pid (a subreaper's or init's once the parent died).
    package static func parentProcessID() -> Int32 { getppid() }

    /// `getpgrp(2)`: the process's group id.
    package static func processGroupID() -> Int32 { getpgrp() }

    /// `waitpid(-1, WNOHANG)`: reaps one exited child, if any, and returns
    /// its pid and wait status; nil when none has exited (or there are none).
    package static func reapAnyExited() -> (pid: Int32, status: Int32)? {
        var status: Int32 = 0
        let pid = retryingOnInterrupt { waitpid(-1, &status, WNOHANG) }
        return pid > 0 ? (pid, status) : nil
    }

    /// `setrlimit(RLIMIT_CORE, 0)`: a crash of this process writes no core file. Best effort.
    package static func disableCoreDumps() {
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
    }

    /// `getuid(2)`: 0 for root.
    package static func userID() -> UInt32 { getuid() }

    /// `setpriority(PRIO_PROCESS, pid, niceness)`: best effort.
    package static func setNiceness(of pid: Int32, to niceness: Int32) {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid), niceness)
    }

    /// CPU seconds (user + system) of this process, or of its reaped
    /// children with `children` (`getrusage(2)`).
    package static func cpuSeconds(children: Bool = false) -> Double {
        var u = rusage()
        getrusage(children ? RUSAGE_CHILDREN.rawValue : RUSAGE_SELF.rawValue, &u)
        return Double(u.ru_utime.tv_sec) + Double(u.ru_utime.tv_usec) / 1e6 + Double(u.ru_stime.tv_sec) + Double(u.ru_stime.tv_usec) / 1e6
    }

    /// `sysconf(_SC_NPROCESSORS_ONLN)`: the processors online.
    package static func processorCount() -> Int { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// The process's environment (`environ`), `NAME=value` strings.
    package static func environmentVariables() -> [String] {
        var variables: [String] = []
        var cursor = environ
        while let entry = cursor.pointee {
            variables.append(String(cString: entry))
            cursor += 1
        }
        return variables
    }

    /// `getenv(3)`.
    package static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    /// `usleep(3)`.
    package static func sleep(microseconds: UInt32) { _ = usleep(microseconds) }

    /// `exit(3)`.
    package static func exit(_ code: Int32) -> Never { Glibc.exit(code) }
}
