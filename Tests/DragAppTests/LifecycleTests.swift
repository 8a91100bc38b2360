import Foundation
import Glibc
import Testing

@testable import DragApp

extension AppProcessTests {
    @Suite("stderr")
    struct Stderr {
        @Test("stderr-flood: 10 MiB of stderr never blocks the app; the tail is its last 64 KiB")
        func flood() throws {
            let flood = try AppProcess(command: app("stderr-flood"))
            let (answer, seconds) = timed { try? flood.request(hello, timeout: 10) }
            #expect(answer.map(text) == helloAnswer("stderr-flood"))
            #expect(seconds < 5)
            let tail = flood.stderrTail
            #expect(tail.utf8.count <= AppProcess.stderrCapacity)
            #expect(tail.utf8.count > AppProcess.stderrCapacity - 100)
            #expect(tail.hasSuffix("..........\nEND OF FLOOD\n"))
            #expect(!tail.contains("flood 0000000"))
            #expect(text(try flood.request(reset, timeout: 2)) == emptyAnswer)
            #expect(flood.close(timeout: 2) == .exited(0))
            #expect(flood.stderrTail == tail)
        }

        @Test("a character cut by the start of the ring is dropped, not shown as U+FFFD")
        func cutCharacter() throws {
            // 80 001 bytes: the kept 65 536 start with the second byte of an é.
            let writer = try AppProcess(
                command: #"python3 -c 'import sys; sys.stderr.buffer.write(("é" * 40000 + "x").encode()); "#
                    + #"sys.stderr.flush(); sys.stdin.readline(); print("done", flush=True)'"#)
            #expect(text(try writer.request(hello, timeout: 5)) == "done")
            #expect(writer.stderrTail == String(repeating: "é", count: 32767) + "x")
        }

        @Test("invalid UTF-8 is decoded leniently and the tail still holds at most 64 KiB of UTF-8")
        func invalidBytes() throws {
            let writer = try AppProcess(
                command: #"head -c 70000 /dev/zero | tr '\000' '\377' >&2; printf 'ok\377\n' >&2; read x; echo done"#)
            #expect(text(try writer.request(hello, timeout: 5)) == "done")
            let tail = writer.stderrTail
            #expect(tail.utf8.count <= AppProcess.stderrCapacity)
            #expect(tail.hasSuffix("ok\u{FFFD}\n"))
            #expect(tail.unicodeScalars.dropLast(4).allSatisfy { $0 == "\u{FFFD}" })
        }

        @Test("a crashing app's last words are in the tail")
        func lastWords() throws {
            let crashing = try AppProcess(command: "read x; echo 'Traceback: something broke' >&2; exit 1")
            let error = failure { try crashing.request(hello, timeout: 2) }
            #expect(error == .crashed(.exited(1)))
            #expect(error?.description == "the app exited with status 1 before answering")
            #expect(crashing.stderrTail == "Traceback: something broke\n")
        }
    }

    @Suite("ending")
    struct Ending {
        @Test("close: stdin closed, the app exits by itself with its status")
        func closeGracefully() throws {
            let cat = try AppProcess(command: "cat")
            let (exit, seconds) = timed { cat.close(timeout: 2) }
            #expect(exit == .exited(0))
            #expect(seconds < 0.5)
            #expect(isReaped(cat.pid))
        }

        @Test("close: an app that ignores end of file is terminated after the timeout")
        func closeStubborn() throws {
            let stubborn = try AppProcess(command: "exec sleep 1000")
            let (exit, seconds) = timed { stubborn.close(timeout: 0.3) }
            #expect(exit == .signaled(SIGTERM))
            #expect(seconds >= 0.3 && seconds < 1)
            #expect(isReaped(stubborn.pid))
        }

        @Test("terminate: SIGKILL one second after SIGTERM when the group ignores SIGTERM; idempotent")
        func terminateEscalates() throws {
            let deaf = try AppProcess(command: "trap '' TERM; sleep 1000 & echo $!; wait")
            let background = try #require(Int32(text(try deaf.request(hello, timeout: 2))))
            let (_, seconds) = timed { deaf.terminate() }
            #expect(seconds >= 1 && seconds < 2)
            #expect(deaf.exitStatus == .signaled(SIGKILL))
            #expect(isReaped(deaf.pid))
            #expect(stopsRunning(background))
            let (_, again) = timed { deaf.terminate() }
            #expect(again < 0.01)
            #expect(deaf.close(timeout: 1) == .signaled(SIGKILL))
        }

        @Test("deinit kills and reaps: never a zombie")
        func deinitReaps() throws {
            var pid: pid_t = 0
            do {
                let sleeper = try AppProcess(command: "exec sleep 1000")
                pid = sleeper.pid
                #expect(isRunning(pid))
            }
            #expect(isReaped(pid))
            #expect(!ProcessGroupRegistry.shared.groups.contains(pid))
        }

        @Test("terminateAll kills every registered group; each app then reports SIGKILL and is reaped")
        func terminateAll() throws {
            let apps = try (0..<3).map { _ in try AppProcess(command: "cat") }
            let background = try AppProcess(command: "sleep 1000 & echo $!; exec sleep 1000")  // no echo of the request
            let grandchild = try #require(Int32(text(try background.request(hello, timeout: 2))))
            for app in apps + [background] { #expect(ProcessGroupRegistry.shared.groups.contains(app.pid)) }
            AppProcess.terminateAll()
            for app in apps + [background] {
                #expect(failure { try app.request(hello, timeout: 2) } == .crashed(.signaled(SIGKILL)))
                #expect(isReaped(app.pid))
            }
            #expect(stopsRunning(grandchild))
            #expect(ProcessGroupRegistry.shared.groups.isEmpty)
        }

        @Test("the registry: lock-free slots, full at its capacity, reusable after removal")
        func registry() {
            let registry = ProcessGroupRegistry()  // a private one: its fake groups are never signalled
            for group in 1...Int32(ProcessGroupRegistry.capacity) { #expect(registry.insert(group + 1_000_000)) }
            #expect(!registry.insert(42))
            registry.remove(1_000_007)
            #expect(registry.insert(42))
            #expect(registry.groups.count == ProcessGroupRegistry.capacity)
            #expect(registry.groups.contains(42) && !registry.groups.contains(1_000_007))
        }
    }

    @Suite("environment")
    struct Environment {
        @Test("the app gets the tool's environment and working directory, or the directory given")
        func environmentAndDirectory() throws {
            let printer = try AppProcess(command: #"read x; printf '%s|%s\n' "$(pwd -P)" "$PATH""#)
            let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath().path
            let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
            #expect(text(try printer.request(hello, timeout: 2)) == "\(cwd)|\(path)")

            let inTmp = try AppProcess(command: "read x; pwd -P", directory: "/tmp")
            let tmp = URL(fileURLWithPath: "/tmp").resolvingSymlinksInPath().path
            #expect(text(try inTmp.request(hello, timeout: 2)) == tmp)
        }

        @Test("the app inherits descriptors 0, 1 and 2 only, even ones the tool opened without O_CLOEXEC")
        func descriptors() throws {
            let leaky = open("/dev/null", O_RDONLY)  // no O_CLOEXEC: inherited unless closed at spawn
            defer { Glibc.close(leaky) }
            let lister = try AppProcess(
                command: #"read x; s=""; for fd in $(seq 0 1100); do [ -e /proc/$$/fd/$fd ] && s="$s $fd"; done; echo "$s""#)
            #expect(text(try lister.request(hello, timeout: 5)) == " 0 1 2")
        }

        @Test("the app starts in its own process group, with no signal blocked and SIGPIPE at its default")
        func groupAndSignals() throws {
            let shell = try AppProcess(
                command: #"read x; printf '%s %s %s\n' "$(cut -d' ' -f5 /proc/$$/stat)" "#
                    + #""$(grep '^SigBlk' /proc/$$/status | cut -f2)" "$(grep '^SigIgn' /proc/$$/status | cut -f2)"; read y || :"#)
            let fields = text(try shell.request(hello, timeout: 2)).split(separator: " ")
            try #require(fields.count == 3)
            #expect(Int32(fields[0]) == shell.pid)
            #expect(fields[1] == "0000000000000000")
            let ignored = UInt64(fields[2], radix: 16) ?? 0
            #expect(ignored & (1 << (UInt64(SIGPIPE) - 1)) == 0)
            // The tool itself ignores SIGPIPE, so a write to a dead app is EPIPE, not death.
            var action = sigaction()
            sigaction(SIGPIPE, nil, &action)
            #expect(action.__sigaction_handler.sa_handler != nil)
            #expect(shell.close(timeout: 2) == .exited(0))
        }

        @Test("no descriptor leaks: 200 start/stop cycles (closed, terminated, failed) leave the count unchanged")
        func noLeaks() throws {
            let before = openPipesAndPidfds()
            for cycle in 0..<200 {
                if cycle % 20 == 19 {
                    #expect(failure { try AppProcess(command: "cat", directory: "/nonexistent/dragapp") } != nil)
                    continue
                }
                let cat = try AppProcess(command: "cat")
                #expect(try cat.request(hello, timeout: 2) == hello)
                if cycle % 10 == 9 { cat.terminate() } else { #expect(cat.close(timeout: 2) == .exited(0)) }
            }
            // Other suites open and close pipes meanwhile, so the count may be
            // a little lower or higher for a moment; a leak is permanent and
            // grows with the cycles (at least 3 per process: 180 here).
            var after = openPipesAndPidfds()
            for _ in 0..<40 where after > before {
                usleep(50_000)
                after = openPipesAndPidfds()
            }
            #expect(after <= before + 8, "\(before) open before, \(after) after")
        }
    }
}
