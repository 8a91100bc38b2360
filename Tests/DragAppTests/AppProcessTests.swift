import DragSystem
import Foundation
import Glibc
import Testing

@testable import DragApp

/// Everything runs one test at a time: `terminateAll()` would kill the apps
/// of a concurrent test, and the descriptor count of the leak test would see
/// their pipes.
@Suite("AppProcess", .serialized)
struct AppProcessTests {}

extension AppProcessTests {
    @Suite("answers")
    struct Answers {
        @Test("cat echoes lines of any bytes, an empty line included; close gives its exit status")
        func cat() throws {
            let cat = try AppProcess(command: "cat")
            #expect(try cat.request(hello, timeout: 2) == hello)
            let odd: [UInt8] = [0, 0xFF, 0xFE, 0x7F, 0x22, 0x5C]
            #expect(try cat.request(odd, timeout: 2) == odd)
            #expect(try cat.request([], timeout: 2) == [])
            #expect(cat.exitStatus == nil)
            #expect(cat.close(timeout: 2) == .exited(0))
            #expect(cat.exitStatus == .exited(0))
            #expect(isReaped(cat.pid))
            #expect(failure { try cat.request(hello, timeout: 2) } == .crashed(.exited(0)))
            #expect(cat.close(timeout: 2) == .exited(0))
        }

        @Test("send writes without reading: its answer is what the next request returns")
        func send() throws {
            let cat = try AppProcess(command: "cat")
            try cat.send(bytes("first"))
            #expect(try cat.request(bytes("second"), timeout: 2) == bytes("first"))
            #expect(try cat.request(bytes("third"), timeout: 2) == bytes("second"))
            #expect(cat.close(timeout: 2) == .exited(0))
        }

        @Test("two-lines: the second line of an answer is returned by the next request")
        func twoLines() throws {
            let twoLines = try AppProcess(command: app("two-lines"))
            #expect(text(try twoLines.request(hello, timeout: 5)) == helloAnswer("two-lines"))
            #expect(text(try twoLines.request(reset, timeout: 2)) == #"{"ok":true,"extra":1}"#)
            #expect(text(try twoLines.request(reset, timeout: 2)) == emptyAnswer)
            #expect(text(try twoLines.request(reset, timeout: 2)) == #"{"ok":true,"extra":2}"#)
            #expect(twoLines.close(timeout: 2) == .exited(0))
        }

        @Test(
            "wrong answers are just lines here: the protocol layer judges them",
            arguments: [
                ("not-json", "this is not JSON"),
                ("ok-false", #"{"ok":false,"error":"constraint violated"}"#),
                ("unknown-id", #"{"ok":true,"collections":[{"id":null,"items":["zzz"]}]}"#),
            ])
        func wrongAnswers(name: String, answer: String) throws {
            let broken = try AppProcess(command: app(name))
            #expect(text(try broken.request(hello, timeout: 5)) == helloAnswer(name))
            #expect(text(try broken.request(reset, timeout: 2)) == answer)
            #expect(text(try broken.request(reset, timeout: 2)) == answer)
            #expect(broken.close(timeout: 2) == .exited(0))
        }

        @Test("protocol-2: its hello answer is returned as it is")
        func protocolTwo() throws {
            let broken = try AppProcess(command: app("protocol-2"))
            #expect(text(try broken.request(hello, timeout: 5)) == helloAnswer("protocol-2", protocol: 2))
            #expect(broken.close(timeout: 2) == .exited(0))
        }

        @Test("a line written in pieces, with pauses, is returned whole")
        func pieces() throws {
            let slow = try AppProcess(command: #"read x; printf '{"ok":'; sleep 0.05; printf 'true'; sleep 0.05; printf '}\n'"#)
            #expect(text(try slow.request(hello, timeout: 2)) == #"{"ok":true}"#)
            #expect(slow.close(timeout: 2) == .exited(0))
        }

        @Test("a 4 MiB line through cat: writing and reading overlap, no deadlock on full pipes")
        func bigEcho() throws {
            let cat = try AppProcess(command: "cat")
            let line = (0..<(4 << 20)).map { UInt8(0x41 + $0 % 26) }
            #expect(try cat.request(line, timeout: 10) == line)
            #expect(try cat.request(hello, timeout: 2) == hello)
            #expect(cat.close(timeout: 2) == .exited(0))
        }

        @Test("a line of exactly 16 MiB is accepted; one byte more is lineTooLong and the app is killed")
        func lineLimit() throws {
            let limit = AppProcess.lineLimit
            let writer =
                #"python3 -c 'import sys; n = int(sys.argv[1]); sys.stdin.readline(); sys.stdout.write("x" * n + "\n"); "#
                + #"sys.stdout.flush(); sys.stdin.readline()'"#
            let exact = try AppProcess(command: "\(writer) \(limit)")
            let line = try exact.request(hello, timeout: 10)
            #expect(line.count == limit && line.allSatisfy { $0 == 0x78 })
            #expect(exact.close(timeout: 2) == .exited(0))

            let over = try AppProcess(command: "\(writer) \(limit + 1)")
            #expect(failure { try over.request(hello, timeout: 10) } == .lineTooLong(limit: limit))
            #expect(isReaped(over.pid))
        }

        @Test("no newline at all: lineTooLong as soon as the limit is passed, not at end of file")
        func endlessLine() throws {
            let endless = try AppProcess(command: "read x; tr -d '\\n' < /dev/zero", directory: nil, shell: "/bin/sh", lineLimit: 1 << 20)
            let (error, seconds) = timed { failure { try endless.request(hello, timeout: 10) } }
            #expect(error == .lineTooLong(limit: 1 << 20))
            #expect(seconds < 3)
            #expect(isReaped(endless.pid))
        }

        @Test("a small line limit counts the bytes before the newline")
        func smallLimit() throws {
            let cat = try AppProcess(command: "cat", directory: nil, shell: "/bin/sh", lineLimit: 10)
            #expect(try cat.request(bytes("0123456789"), timeout: 2) == bytes("0123456789"))
            #expect(failure { try cat.request(bytes("01234567890"), timeout: 2) } == .lineTooLong(limit: 10))
            #expect(isReaped(cat.pid))
        }
    }
}

extension AppProcessTests {
    @Suite("failures")
    struct Failures {
        @Test("crash-on-third: crashed(exited(3)) on the third request, reaped; later calls fail at once")
        func crashOnThird() throws {
            let crashing = try AppProcess(command: app("crash-on-third"))
            #expect(text(try crashing.request(hello, timeout: 5)) == helloAnswer("crash-on-third"))
            #expect(text(try crashing.request(reset, timeout: 2)) == emptyAnswer)
            #expect(failure { try crashing.request(reset, timeout: 2) } == .crashed(.exited(3)))
            #expect(isReaped(crashing.pid))
            #expect(crashing.exitStatus == .exited(3))
            #expect(failure { try crashing.request(reset, timeout: 2) } == .crashed(.exited(3)))
            #expect(failure { try crashing.send(reset) } == .crashed(.exited(3)))
            #expect(crashing.close(timeout: 1) == .exited(3))
        }

        @Test("sleep-forever: timeout within the timeout plus 1 s; killed, reaped, unregistered")
        func sleepForever() throws {
            let sleeper = try AppProcess(command: app("sleep-forever"))
            #expect(text(try sleeper.request(hello, timeout: 5)) == helloAnswer("sleep-forever"))
            #expect(ProcessGroupRegistry.shared.groups.contains(sleeper.pid))
            let (error, seconds) = timed { failure { try sleeper.request(reset, timeout: 0.5) } }
            #expect(error == .timeout(seconds: 0.5))
            #expect(seconds >= 0.5 && seconds < 1.5 + 0.5)
            #expect(isReaped(sleeper.pid))
            #expect(!ProcessGroupRegistry.shared.groups.contains(sleeper.pid))
            #expect(sleeper.exitStatus == .signaled(SIGTERM))
        }

        @Test("forks-and-sleeps: a timeout kills the grandchild too (the whole process group)")
        func forksAndSleeps() throws {
            let forker = try AppProcess(command: app("forks-and-sleeps"))
            let answer = try forker.request(hello, timeout: 5)
            let sleeper = try #require(integer("sleeper", in: answer))
            #expect(isRunning(sleeper))
            #expect(failure { try forker.request(reset, timeout: 0.5) } == .timeout(seconds: 0.5))
            #expect(isReaped(forker.pid))
            #expect(stopsRunning(sleeper))
        }

        @Test("sh -c 'sleep 1000 & sleep 1000': terminate leaves nothing behind")
        func backgroundChild() throws {
            let shell = try AppProcess(command: "sleep 1000 & echo $!; sleep 1000")
            let background = try #require(Int32(text(try shell.request(hello, timeout: 2))))
            #expect(isRunning(background))
            let (_, seconds) = timed { shell.terminate() }
            #expect(seconds < 1)  // both die of SIGTERM: no wait for SIGKILL
            #expect(isReaped(shell.pid))
            #expect(stopsRunning(background))
            shell.terminate()  // idempotent
            #expect(shell.exitStatus == .signaled(SIGTERM))
        }

        @Test("an app that exits while a grandchild holds its stdout open is a crash at once, not a timeout")
        func exitWithStdoutHeld() throws {
            let shell = try AppProcess(command: "sleep 1000 & echo $!; read x; exit 4")
            let background = try #require(Int32(text(try shell.request(hello, timeout: 2))))
            let (error, seconds) = timed { failure { try shell.request(hello, timeout: 5) } }
            #expect(error == .crashed(.exited(4)))
            #expect(seconds < 2)
            #expect(isReaped(shell.pid))
            #expect(stopsRunning(background))
        }

        @Test("an app that exits without reading: crashed with its status, whether the write or the read notices")
        func exitsWithoutReading() throws {
            let quitter = try AppProcess(command: "exit 7")
            #expect(failure { try quitter.request(hello, timeout: 2) } == .crashed(.exited(7)))
            #expect(isReaped(quitter.pid))
            let late = try AppProcess(command: "exit 8")
            usleep(100_000)  // gone before the request: the write itself meets EPIPE
            #expect(failure { try late.request(hello, timeout: 2) } == .crashed(.exited(8)))
            #expect(failure { try late.send(hello) } == .crashed(.exited(8)))
        }

        @Test("a command the shell cannot find exits with 127; stderr says why")
        func commandNotFound() throws {
            let missing = try AppProcess(command: "dragapp-no-such-command")
            #expect(failure { try missing.request(hello, timeout: 2) } == .crashed(.exited(127)))
            #expect(missing.stderrTail.contains("not found"))
        }

        @Test("a crash by signal reports the signal")
        func signal() throws {
            let segv = try AppProcess(command: "read x; kill -SEGV $$")
            let error = failure { try segv.request(hello, timeout: 2) }
            #expect(error == .crashed(.signaled(SIGSEGV)))
            #expect(error?.description == "the app was killed by signal 11 (SIGSEGV) before answering")
        }

        @Test("an app that closes its stdin but keeps running: writeFailed(EPIPE), killed at the deadline")
        func closedStdin() throws {
            let closer = try AppProcess(command: "read x; exec 0<&-; echo closed; exec sleep 1000")
            #expect(text(try closer.request(hello, timeout: 2)) == "closed")
            let (error, seconds) = timed { failure { try closer.request(hello, timeout: 0.5) } }
            #expect(error == .writeFailed(Errno(EPIPE)))
            #expect(seconds < 1.5)
            #expect(isReaped(closer.pid))
            #expect(error?.description.contains("closed its input") == true)
        }

        @Test("an app that closes its stdout but keeps running: crashed, killed at the deadline")
        func closedStdout() throws {
            let closer = try AppProcess(command: "read x; exec 1>&-; exec sleep 1000")
            let (error, seconds) = timed { failure { try closer.request(hello, timeout: 0.5) } }
            #expect(error == .crashed(.signaled(SIGTERM)))
            #expect(seconds >= 0.4 && seconds < 1.5)
            #expect(isReaped(closer.pid))
        }

        @Test("an app that never reads: a request bigger than the pipe times out instead of blocking the tool")
        func neverReads() throws {
            let deaf = try AppProcess(command: "exec sleep 1000")
            let big = [UInt8](repeating: 0x61, count: 1 << 20)
            let (error, seconds) = timed { failure { try deaf.request(big, timeout: 0.5) } }
            #expect(error == .timeout(seconds: 0.5))
            #expect(seconds < 1.5)
            #expect(failure { try deaf.send(big, timeout: 0.2) } == .crashed(.signaled(SIGTERM)))
            #expect(isReaped(deaf.pid))
        }

        @Test("send to an app that never reads times out too")
        func sendTimeout() throws {
            let deaf = try AppProcess(command: "exec sleep 1000")
            #expect(failure { try deaf.send([UInt8](repeating: 0x61, count: 1 << 20), timeout: 0.3) } == .timeout(seconds: 0.3))
            #expect(isReaped(deaf.pid))
        }

        @Test("cannotStart: a missing directory or a missing shell")
        func cannotStart() throws {
            let directory = failure { try AppProcess(command: "cat", directory: "/nonexistent/dragapp") }
            guard case .cannotStart(let command, let reason) = directory else {
                Issue.record("expected cannotStart, got \(String(describing: directory))")
                return
            }
            #expect(command == "cat")
            #expect(reason.contains("/nonexistent/dragapp") && reason.contains("No such file"))
            let shell = failure { try AppProcess(command: "cat", directory: nil, shell: "/nonexistent/sh", lineLimit: 100) }
            guard case .cannotStart(_, let reason) = shell else {
                Issue.record("expected cannotStart, got \(String(describing: shell))")
                return
            }
            #expect(reason.contains("No such file"))
            #expect(shell?.description.hasPrefix("cannot start the app `cat`: ") == true)
        }
    }
}
