import DragSystem

extension AppProcess {
    /// Kills the app and everything in its process group, and reaps it:
    /// SIGTERM to the group, then SIGKILL to the group once the app has
    /// exited or after one second, whichever comes first (so a background
    /// child that ignores SIGTERM dies too). stderr is drained meanwhile, so
    /// a farewell message lands in `stderrTail`. Idempotent.
    public func terminate() {
        finish(terminating: true)
    }

    /// Ends the app the polite way: closes its stdin (an app exits at end of
    /// file), waits up to `timeout` seconds for it to exit, draining its
    /// stdout and stderr meanwhile, and terminates it otherwise. Whatever the
    /// app left running in its group is killed. Idempotent: later calls
    /// return the same status.
    /// - Returns: how the app ended.
    @discardableResult
    public func close(timeout: Double) -> AppExit {
        close(timeout: timeout, known: [])
    }

    /// `close(timeout:)`, with `known` descendants read earlier (before a
    /// farewell request that may have ended the app).
    @discardableResult
    func close(timeout: Double, known: Set<Int32>) -> AppExit {
        if let exit { return exit }
        // Read before the app is asked to exit: its exit cuts the parent
        // chain of what it started.
        let tree = known.union(hasExitedWithoutReaping() ? [] : descendants())
        input?.close()
        input = nil
        return finish(terminating: !waitForExit(until: Deadline(after: timeout)), known: tree)
    }

    /// The one way an app ends: optionally SIGTERM and up to a second's grace,
    /// then SIGKILL to the group (the leftovers, or the app itself), out of the
    /// registry, reaped, the rest of stderr read, every descriptor closed.
    /// The group is signalled before the leader is reaped: until then its pid,
    /// the group id, cannot be reused by an unrelated process.
    @discardableResult
    func finish(terminating: Bool, known: Set<Int32> = []) -> AppExit {
        if let exit { return exit }
        input?.close()
        input = nil
        var tree = known
        if terminating, !leaderExited, !hasExitedWithoutReaping() {
            // SIGTERM reaches what left the group too; the tree is read first,
            // as the main process's exit re-parents its children to the tool.
            tree.formUnion(descendants())
            signalGroup(SignalNumber.terminate)
            for member in tree { try? SystemCall.kill(member, SignalNumber.terminate) }
            _ = waitForExit(until: Deadline(after: 1))
        }
        // The tree before the group: once the main process dies, its
        // children no longer lead to it.
        killDescendants(leaderUnreaped: true, known: tree)
        signalGroup(SignalNumber.kill)
        ProcessGroupRegistry.shared.remove(pid)
        let status = reap()
        reapGroup()
        // What the main process's death re-parented to the tool.
        killDescendants(leaderUnreaped: false)
        drainErrors()
        for fd in [output, errors, exitNotifier] { fd?.close() }
        output = nil
        errors = nil
        exitNotifier = nil
        exit = status
        return status
    }

    /// Waits until the app's main process has exited (without reaping it) or
    /// `deadline`, draining stderr (kept) and stdout (dropped: nobody will ask
    /// for it) so the app never blocks on a full pipe on its way out.
    /// - Returns: true if it exited.
    func waitForExit(until deadline: Deadline) -> Bool {
        while true {
            if leaderExited { return true }
            if exitNotifier == nil, hasExitedWithoutReaping() {
                leaderExited = true
                return true
            }
            if deadline.hasExpired { return false }
            let cap: Int32? = exitNotifier == nil ? 10 : nil
            guard let ready = try? poll(writing: false, deadline: deadline, cappedAt: cap) else { return false }
            if ready.errors { drainErrorsOnce() }
            if ready.output { discardOutput() }
            if ready.exited { leaderExited = true }
        }
    }

    /// True if the main process has exited; it stays a zombie (`WNOWAIT`), so
    /// its pid keeps naming the group until `reap`.
    func hasExitedWithoutReaping() -> Bool {
        if leaderExited { return true }
        return (try? SystemCall.hasExitedWithoutReaping(pid)) ?? false
    }

    /// `kill(-pgid)`; ESRCH (the group is empty) is expected and ignored.
    private func signalGroup(_ signal: Int32) {
        try? SystemCall.signalProcessGroup(pid, signal)
    }

    /// Blocks until the main process is reaped (it has been sent SIGKILL, so
    /// that is prompt). Someone else having reaped it (ECHILD) gives status -1.
    private func reap() -> AppExit {
        guard let status = try? SystemCall.waitForExit(pid) else { return .exited(-1) }
        return AppExit(waitStatus: status)
    }

    /// Reaps what is left of the app's group: its orphans are the tool's
    /// children (see `adoptsOrphans`) and have been sent SIGKILL, so this
    /// returns as soon as the last one is gone (ECHILD: none left).
    private func reapGroup() {
        while (try? SystemCall.waitForExit(-pid)) != nil {}
    }

    /// One read from stderr into the tail; end of file (or an error) closes it.
    func drainErrorsOnce() {
        guard let errors else { return }
        do {
            if try tail.read(from: errors) == 0 { closeErrors() }
        } catch {
            if !error.wouldBlock { closeErrors() }
        }
    }

    /// Reads whatever stderr holds now, without waiting; bounded, in case
    /// something outside the group keeps writing.
    func drainErrors() {
        for _ in 0..<1024 {
            guard let errors else { return }
            do {
                if try tail.read(from: errors) == 0 { closeErrors() }
            } catch {
                if !error.wouldBlock { closeErrors() }
                return
            }
        }
    }

    private func closeErrors() {
        errors?.close()
        errors = nil
    }

    /// One read from stdout into a scratch buffer on the stack, thrown away.
    private func discardOutput() {
        guard let output else { return }
        let count = withUnsafeTemporaryAllocation(byteCount: 1 << 16, alignment: 16) { scratch in
            (try? output.read(into: scratch.baseAddress!, count: scratch.count)) ?? -1
        }
        if count == 0 {
            output.close()
            self.output = nil
        }
    }
}
