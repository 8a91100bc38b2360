import DragSystem
import Foundation
import Glibc
import Testing

@testable import DragApp

/// Issue 23, class 14: nothing an app starts outlives it, even a process
/// that left the app's process group with `setsid()`.
extension AppProcessTests {
    @Suite("containment")
    struct Containment {
        /// Commands whose first answer is the pid of a descendant that called
        /// `setsid` (its own session and group, out of reach of `kill(-group)`).
        static let daemons: [(String, String)] = [
            ("a setsid grandchild, its parent alive", "setsid sleep 1000 & echo $!; exec sleep 1000"),
            ("a double fork: the grandchild's parent exited first", "(setsid sleep 1000 & echo $!); exec sleep 1000"),
            ("a setsid grandchild with an empty environment", "env -i /usr/bin/setsid sleep 1000 & echo $!; exec sleep 1000"),
            ("a setsid grandchild of a grandchild", "sh -c 'setsid sleep 1000 & echo $!; exec sleep 1000' & exec sleep 1000"),
        ]

        @Test("terminate kills and reaps a descendant that left the group", arguments: daemons.indices)
        func terminateReachesSetsid(_ index: Int) throws {
            let app = try AppProcess(command: Self.daemons[index].1)
            let daemon = try #require(Int32(text(try app.request(hello, timeout: 5))), "\(Self.daemons[index].0)")
            #expect(leavesItsSession(daemon), "it is in a session of its own")
            app.terminate()
            #expect(stopsRunning(daemon), "\(Self.daemons[index].0)")
            // Gone without a trace: nothing for the tool to reap later.
            #expect(isReaped(daemon))
        }

        /// True once `pid` runs in a session of its own (`$!` is printed before the child has called `setsid`).
        func leavesItsSession(_ pid: Int32) -> Bool {
            let deadline = Deadline(after: 5)
            while !deadline.hasExpired {
                if ProcessTable.entry(of: pid)?.session == pid { return true }
                usleep(2_000)
            }
            return false
        }

        @Test("close (the app exits by itself) also takes its daemon with it")
        func closeReachesSetsid() throws {
            let app = try AppProcess(command: "(setsid sleep 1000 & echo $!); read x")
            let daemon = try #require(Int32(text(try app.request(hello, timeout: 5))))
            #expect(app.close(timeout: 5) == .exited(0))
            #expect(stopsRunning(daemon))
            #expect(isReaped(daemon))
        }

        @Test("stopping one app leaves another app's daemon alone; killLeftovers takes every one")
        func attribution() throws {
            let first = try AppProcess(command: "(setsid sleep 1000 & echo $!); exec sleep 1000")
            let second = try AppProcess(command: "(setsid sleep 1000 & echo $!); exec sleep 1000")
            let third = try AppProcess(command: "(setsid sleep 1000 & echo $!); exec sleep 1000")
            let daemons = try [first, second, third].map { try #require(Int32(text(try $0.request(hello, timeout: 5)))) }
            first.terminate()
            #expect(stopsRunning(daemons[0]))
            #expect(isRunning(daemons[1]) && isRunning(daemons[2]), "another app's daemon is not this app's")
            AppProcess.killLeftovers()
            // A SIGKILL is delivered, not instant: on a loaded machine a
            // process can still be running when the sweep returns.
            #expect([daemons[1], daemons[2], second.pid, third.pid].allSatisfy { stopsRunning($0) })
            #expect(isReaped(daemons[1]) && isReaped(daemons[2]))
            // The apps themselves were killed by the sweep; each reports it.
            #expect(second.close(timeout: 1) == .signaled(SIGKILL))
            #expect(third.close(timeout: 1) == .signaled(SIGKILL))
        }

        @Test("the marker: each app has its own DRAGREPLAY_APP=<tool pid>.<n>, not an inherited one")
        func marker() throws {
            setenv(AppProcess.markerName, "1.1", 1)
            defer { unsetenv(AppProcess.markerName) }
            let apps = try (0..<2).map { _ in try AppProcess(command: #"read x; printf '%s\n' "$DRAGREPLAY_APP""#) }
            let markers = try apps.map { text(try $0.request(hello, timeout: 5)) }
            #expect(markers.allSatisfy { $0.hasPrefix("\(getpid()).") })
            #expect(Set(markers).count == 2)
        }
    }
}
