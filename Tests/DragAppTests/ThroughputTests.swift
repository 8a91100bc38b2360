import Dispatch
import DragSystem
import Foundation
import Glibc
import Synchronization
import Testing

@testable import DragApp

/// SIGUSR1 deliveries to the EINTR test's thread.
let interruptions = Atomic<Int>(0)

extension AppProcessTests {
    @Suite("signals and speed")
    struct SignalsAndSpeed {
        @Test("EINTR everywhere: a thread hammered with signals (no SA_RESTART) still talks to its apps")
        func interrupted() throws {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in interruptions.add(1, ordering: .relaxed) }
            action.sa_flags = 0  // no SA_RESTART: poll, read, write, waitpid fail with EINTR
            sigemptyset(&action.sa_mask)
            var previous = sigaction()
            sigaction(SIGUSR1, &action, &previous)
            defer { sigaction(SIGUSR1, &previous, nil) }
            interruptions.store(0, ordering: .relaxed)

            let thread = Shared<pthread_t?>(nil)
            let outcome = Shared<[String]>([])
            let started = DispatchSemaphore(value: 0)
            let finished = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let exited = DispatchSemaphore(value: 0)
            let done = Atomic<Bool>(false)
            let worker = Thread {
                var usr1 = sigset_t()
                sigemptyset(&usr1)
                sigaddset(&usr1, SIGUSR1)
                pthread_sigmask(SIG_UNBLOCK, &usr1, nil)
                thread.value = pthread_self()
                started.signal()
                outcome.value = interruptedWork()
                done.store(true, ordering: .sequentiallyConsistent)
                finished.signal()
                release.wait()  // stay alive until nobody signals this thread any more
                exited.signal()
            }
            worker.start()
            started.wait()
            let target = try #require(thread.value)
            while !done.load(ordering: .sequentiallyConsistent) {
                pthread_kill(target, SIGUSR1)
                usleep(100)
            }
            finished.wait()
            release.signal()
            exited.wait()
            #expect(outcome.value.isEmpty, "\(outcome.value)")
            #expect(interruptions.load(ordering: .relaxed) > 100)
        }

        @Test("round trips per second with cat (printed, not asserted)")
        func throughput() throws {
            let cat = try AppProcess(command: "cat")
            let line = bytes(#"{"op":"apply","sources":["a","b"],"collection":"todo","before":"c","padding":"........"}"#)
            for _ in 0..<2_000 { _ = try cat.request(line, timeout: 5) }
            let count = 20_000
            let cpuBefore = threadCPUTime()
            let (checked, seconds) = timed {
                var same = 0
                for _ in 0..<count where (try? cat.request(line, timeout: 5)) == line { same += 1 }
                return same
            }
            let cpu = threadCPUTime() - cpuBefore
            #expect(checked == count)
            #expect(cat.close(timeout: 2) == .exited(0))
            let perSecond = Int(Double(count) / seconds)
            let wall = seconds / Double(count) * 1e6
            let tool = cpu / Double(count) * 1e6
            print(
                "AppProcess throughput with cat: \(perSecond) round trips/s; \(format(wall)) µs wall and "
                    + "\(format(tool)) µs of the tool thread's CPU (user + system) per round trip; \(line.count + 1)-byte lines")
        }

        @Test("failure descriptions are sentences for a report")
        func descriptions() {
            #expect(AppExit.exited(3).description == "exit status 3")
            #expect(AppExit.signaled(9).description == "killed by signal 9 (SIGKILL)")
            #expect(AppExit.signaled(64).description == "killed by signal 64")
            #expect(AppProcessError.crashed(.exited(1)).description == "the app exited with status 1 before answering")
            #expect(AppProcessError.crashed(.signaled(9)).description == "the app was killed by signal 9 (SIGKILL) before answering")
            #expect(AppProcessError.timeout(seconds: 2).description == "no answer within 2 s; the app was killed")
            #expect(AppProcessError.timeout(seconds: 0.5).description == "no answer within 0.5 s; the app was killed")
            #expect(
                AppProcessError.lineTooLong(limit: 16 << 20).description
                    == "the app wrote more than 16 MiB without a newline; the app was killed")
            #expect(
                AppProcessError.writeFailed(Errno(EPIPE)).description
                    == "the app closed its input without exiting (Broken pipe (errno 32)); the app was killed")
            #expect(
                AppProcessError.writeFailed(Errno(EIO)).description
                    == "communication with the app failed: Input/output error (errno 5); the app was killed")
            #expect(AppProcessError.cannotStart(command: "x", reason: "y").description == "cannot start the app `x`: y")
        }
    }
}

/// Requests that wait (poll), read and write large lines, spawn, close and
/// reap, run while SIGUSR1 keeps interrupting the thread. Returns what went wrong.
private func interruptedWork() -> [String] {
    var problems: [String] = []
    do {
        let slow = try AppProcess(command: "read x; sleep 0.3; echo late; read y || :")
        if (try slow.request(hello, timeout: 5)) != bytes("late") { problems.append("slow answer") }
        if slow.close(timeout: 2) != .exited(0) { problems.append("slow close") }
        let cat = try AppProcess(command: "cat")
        let big = [UInt8](repeating: 0x62, count: 2 << 20)
        if (try cat.request(big, timeout: 10)) != big { problems.append("big line") }
        for _ in 0..<500 where (try cat.request(hello, timeout: 5)) != hello { problems.append("echo") }
        if cat.close(timeout: 2) != .exited(0) { problems.append("cat close") }
        let sleeper = try AppProcess(command: "exec sleep 1000")
        if failure({ try sleeper.request(hello, timeout: 0.3) }) != .timeout(seconds: 0.3) { problems.append("timeout") }
        if !isReaped(sleeper.pid) { problems.append("not reaped") }
    } catch {
        problems.append("\(error)")
    }
    return problems
}

private func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

private func format(_ value: Double) -> String {
    String(format: "%.1f", value)
}
