import DragRecording
import DragReplay
import DragSystem
import ReorderReplicas

/// Delta-debugs a failing replicated recording (Zeller's ddmin over its
/// events): chunks of events out, then single events, replicas no event
/// names, message selectors down to their receiver, deliveries moved
/// earlier, header items out. A candidate is kept only when it still
/// reads and validates (an input error is skipped) and still fails the
/// same check; the final `quiesce` always stays.
struct ReplicaShrinker {
    let options: ReplayOptions
    /// The check the finding failed: its signature.
    let check: String
    /// Candidates it may replay.
    let budget: Int
    /// `--time`'s end (monotonic seconds): past it no candidate is tried,
    /// and the smallest failing recording so far is the result.
    let deadline: Double?
    private(set) var attempts = 0
    /// The message of the last candidate that failed `check` (the one kept).
    private(set) var message: String?

    init(options: ReplayOptions, check: String, budget: Int, deadline: Double? = nil) {
        self.options = options
        self.check = check
        self.budget = budget
        self.deadline = deadline
    }

    /// The smallest failing recording found within the budget.
    /// - Complexity: at most `budget` replays.
    mutating func shrink(_ recording: Recording) -> Recording {
        var best = Self.retimed(recording)
        var changed = true
        while changed && attempts < budget {
            changed = false
            if removeChunks(&best) { changed = true }
            if dropReplicas(&best) { changed = true }
            if simplifySelectors(&best) { changed = true }
            if moveDeliveriesEarlier(&best) { changed = true }
            if dropHeaderItems(&best) { changed = true }
        }
        return best
    }

    /// Whether `candidate` still fails with the same check.
    mutating func fails(_ candidate: Recording) -> Bool {
        guard attempts < budget else { return false }
        if MonotonicClock.isPast(deadline) { return false }
        attempts += 1
        let verdict = ReplicaReplay(candidate, options: options).verdict
        // Apps' waits end at the deadline: a failure reached past it is its doing.
        if MonotonicClock.isPast(deadline) { return false }
        guard case .fail(let failed, let m) = verdict, failed == check else { return false }
        message = m
        return true
    }

    /// Tries `candidate` (retimed); adopts it when it still fails.
    mutating func accept(_ candidate: Recording, into best: inout Recording) -> Bool {
        let c = Self.retimed(candidate)
        guard c != best, fails(c) else { return false }
        best = c
        return true
    }

    /// Chunks of halving size, down to single events; the last event (the
    /// final `quiesce`) stays.
    mutating func removeChunks(_ best: inout Recording) -> Bool {
        var changed = false
        var size = max(1, (best.events.count - 1) / 2)
        while size >= 1 && attempts < budget {
            var i = 0
            while i + size <= best.events.count - 1 && attempts < budget {
                var candidate = best
                candidate.events.removeSubrange(i..<(i + size))
                if accept(candidate, into: &best) { changed = true } else { i += size }
            }
            size /= 2
        }
        return changed
    }

    /// Client replicas that no event names, out of the header (2 stay).
    mutating func dropReplicas(_ best: inout Recording) -> Bool {
        var changed = false
        for id in best.header.replicas!.ids.reversed() where !Self.named(in: best).contains(id) {
            guard best.header.replicas!.ids.count > 2 else { break }
            var candidate = best
            candidate.header.replicas!.ids.removeAll { $0 == id }
            if accept(candidate, into: &best) { changed = true }
        }
        return changed
    }

    /// A `deliver`, `lose` or `duplicate` without its `op`, then without its `from`.
    mutating func simplifySelectors(_ best: inout Recording) -> Bool {
        var changed = false
        var i = 0
        while i < best.events.count && attempts < budget {
            if case .channel(let c) = best.events[i].kind, let s = Self.selector(of: c) {
                for simpler in [MessageSelector(to: s.to, from: s.from), MessageSelector(to: s.to)] where simpler != s {
                    var candidate = best
                    candidate.events[i].kind = .channel(Self.replacing(c, with: simpler))
                    if accept(candidate, into: &best) {
                        changed = true
                        break
                    }
                }
            }
            i += 1
        }
        return changed
    }

    /// Each `deliver` swapped with the event before it, when that still fails.
    mutating func moveDeliveriesEarlier(_ best: inout Recording) -> Bool {
        var changed = false
        var i = 1
        while i < best.events.count - 1 && attempts < budget {
            if case .channel(.deliver) = best.events[i].kind, best.events[i - 1].kind != best.events[i].kind {
                var candidate = best
                candidate.events.swapAt(i - 1, i)
                if accept(candidate, into: &best) { changed = true }
            }
            i += 1
        }
        return changed
    }

    /// Header items out, one at a time (rows shift; the checks decide).
    mutating func dropHeaderItems(_ best: inout Recording) -> Bool {
        var changed = false
        for c in best.header.collections.indices.reversed() {
            for item in best.header.collections[c].items.reversed() where attempts < budget {
                var candidate = best
                candidate.header.collections[c].items.removeAll { $0 == item }
                if accept(candidate, into: &best) { changed = true }
            }
        }
        return changed
    }
}
