import DragSystem
import Synchronization

/// Containment of everything an app starts, beyond its process group: a
/// process that calls `setsid()` (a daemonising grandchild) leaves the group,
/// so `kill(-group)` misses it. The tool is a child subreaper, so such a
/// process, once its own parent is gone, is re-parented to the tool and not
/// to init; and every app is started with `DRAGREPLAY_APP=<tool pid>.<n>` in
/// its environment, which its descendants inherit. When an app ends, the tool
/// walks `/proc` and kills (SIGKILL) and reaps:
///
/// - while the app's main process is not yet reaped, every process whose
///   parent chain leads to it (its pid cannot be reused until it is reaped);
/// - every descendant of the tool that carries the app's marker.
///
/// `killLeftovers()` does the same at the end of a run for every marker of
/// this tool. A descendant that both cleared its environment and lost its
/// parent before the app ended is attributed to no app; the run-end sweep
/// does not see it either. A pid read from `/proc` may in principle exit and
/// be reused before the SIGKILL (a window of microseconds).
extension AppProcess {
    /// The environment variable that marks an app's processes.
    public static let markerName = "DRAGREPLAY_APP"

    private static let serial = Atomic<Int>(0)

    /// `DRAGREPLAY_APP=<tool pid>.<n>` for the next app; `n` counts from 1 in this process.
    static func nextMarker() -> String {
        let n = serial.add(1, ordering: .relaxed).newValue
        return "\(markerName)=\(SystemCall.processID()).\(n)"
    }

    /// The tool's environment with `marker` in place of any inherited one (an
    /// app run by a tool run by an app is its own tool's app).
    static func environment(marker: String) -> [String] {
        SystemCall.environmentVariables().filter { !$0.hasPrefix(markerName + "=") } + [marker]
    }

    /// Kills and reaps what the app left: see the type's comment.
    /// - Parameter leaderUnreaped: the main process is not reaped yet, so its
    ///   pid still names it and its descendants can be found by parent chain.
    /// - Parameter known: descendants found earlier (`descendants()`, before a
    ///   SIGTERM that may have ended the main process and so cut their chain).
    func killDescendants(leaderUnreaped: Bool, known: Set<Int32> = []) {
        let leader = pid
        let marker = self.marker
        // The main process is killed with the rest (all at once, so none
        // waits on a sibling it was waiting for) but left to `reap`, which
        // reports its status.
        AppProcess.sweep(sparing: [leader]) { entry, chain in
            if entry.pid == leader { return leaderUnreaped }
            if leaderUnreaped, chain.contains(leader) || entry.group == leader || known.contains(entry.pid) { return true }
            return ProcessTable.environment(of: entry.pid)?.contains(marker) ?? false
        }
    }

    /// The live processes whose parent chain leads to the app's main process
    /// (which must not be reaped yet), or in its group: what a SIGTERM to the
    /// group would miss, and what no longer leads to the app once it exits.
    func descendants() -> Set<Int32> {
        let table = ProcessTable.snapshot()
        var parents: [Int32: Int32] = [:]
        for entry in table { parents[entry.pid] = entry.parent }
        let leader = pid
        return Set(
            table.lazy.filter { !$0.isZombie && $0.pid != leader }
                .filter { $0.group == leader || AppProcess.ancestors(of: $0.pid, parents: parents).contains(leader) }.map(\.pid))
    }

    /// Kills and reaps every descendant of the tool that any of its apps
    /// started (the marker `DRAGREPLAY_APP=<tool pid>.`), live apps included:
    /// for the end of a run, so nothing an app started outlives it. The main
    /// process of an app whose `AppProcess` still exists is killed but left
    /// for it to reap, so it reports `killed by signal 9 (SIGKILL)`.
    public static func killLeftovers() {
        let prefix = "\(markerName)=\(SystemCall.processID())."
        sweep(sparing: Set(ProcessGroupRegistry.shared.groups)) { entry, _ in
            ProcessTable.environment(of: entry.pid)?.contains { $0.hasPrefix(prefix) } ?? false
        }
    }

    /// Rounds of: read `/proc`, SIGKILL every live descendant of the tool that
    /// `matches` (given its entry and its ancestors, nearest first), reap
    /// those killed, and those matching that already died, that are the
    /// tool's zombies, except `spared` (killed, not reaped). A zombie's
    /// environment reads as empty: only chain and group find it. Ends when none is left, after at most about half a second.
    private static func sweep(sparing spared: Set<Int32>, _ matches: (ProcessEntry, [Int32]) -> Bool) {
        let me = SystemCall.processID()
        var killed: Set<Int32> = []
        for round in 0..<200 {
            let table = ProcessTable.snapshot()
            var parents: [Int32: Int32] = [:]
            for entry in table { parents[entry.pid] = entry.parent }
            var live = 0
            for entry in table where !spared.contains(entry.pid) || !entry.isZombie {
                let chain = ancestors(of: entry.pid, parents: parents)
                guard chain.contains(me), matches(entry, chain) else { continue }
                // One that died by itself (SIGTERM, or its own end) is only reaped.
                if entry.isZombie {
                    if entry.parent == me { _ = try? SystemCall.reapIfExited(entry.pid) }
                    continue
                }
                try? SystemCall.kill(entry.pid, SignalNumber.kill)
                if !spared.contains(entry.pid) {
                    killed.insert(entry.pid)
                    live += 1
                }
            }
            // A killed process is waited for until it is gone: reaped here
            // once it is the tool's zombie, by its parent otherwise.
            for pid in killed {
                guard let entry = ProcessTable.entry(of: pid) else {
                    killed.remove(pid)
                    continue
                }
                if entry.isZombie, entry.parent == me, (try? SystemCall.reapIfExited(pid)) != nil { killed.remove(pid) }
            }
            if live == 0, killed.isEmpty { return }
            if round > 0 { SystemCall.sleep(microseconds: 2_000) }
        }
    }

    /// `pid`'s parent, grandparent, ... up to init (at most 64 steps: a
    /// snapshot can hold a cycle when pids were reused while it was read).
    static func ancestors(of pid: Int32, parents: [Int32: Int32]) -> [Int32] {
        var chain: [Int32] = []
        var current = pid
        while chain.count < 64, let parent = parents[current], parent > 0 {
            chain.append(parent)
            current = parent
        }
        return chain
    }
}
