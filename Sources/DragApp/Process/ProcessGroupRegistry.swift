import DragSystem
import Synchronization

/// The process groups of every live app in this process, so that a CLI's
/// SIGINT / SIGTERM handler can kill them all before it exits
/// (`AppProcess.terminateAll()`): apps run in groups of their own, outside
/// the terminal's foreground group, so Ctrl-C does not reach them.
///
/// A fixed array of atomics: registering and unregistering take no lock and
/// allocate nothing, and `killAll` only loads slots and calls `kill(2)`,
/// both async-signal-safe, so it may run inside a signal handler that
/// interrupted a registration.
///
/// A group leaves the registry before its leader is reaped: the group id is
/// the leader's pid, which the kernel may hand to an unrelated process once
/// the leader is reaped and its group is empty.
final class ProcessGroupRegistry: Sendable {
    static let capacity = 1024
    static let shared = ProcessGroupRegistry()

    /// 0 is a free slot; any other value is a live app's process group id.
    private let slots: InlineArray<1024, Atomic<Int32>> = InlineArray { _ in Atomic(0) }

    /// Records `group`; false if all `capacity` slots are taken.
    /// - Complexity: O(`capacity`).
    func insert(_ group: Int32) -> Bool {
        for index in slots.indices {
            if slots[index].compareExchange(expected: 0, desired: group, ordering: .sequentiallyConsistent).exchanged { return true }
        }
        return false
    }

    /// Forgets `group`.
    /// - Complexity: O(`capacity`).
    func remove(_ group: Int32) {
        for index in slots.indices {
            if slots[index].compareExchange(expected: group, desired: 0, ordering: .sequentiallyConsistent).exchanged { return }
        }
    }

    /// The groups registered now (for tests and diagnostics).
    var groups: [Int32] {
        slots.indices.map { slots[$0].load(ordering: .sequentiallyConsistent) }.filter { $0 != 0 }
    }

    /// Sends `signal` to every registered group. Allocates nothing and takes no lock.
    func signalAll(_ signal: Int32) {
        for index in slots.indices {
            let group = slots[index].load(ordering: .sequentiallyConsistent)
            if group > 0 { try? SystemCall.signalProcessGroup(group, signal) }
        }
    }
}
