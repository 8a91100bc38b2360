import DragSystem
import ReorderConformance
import ReorderCore
import Testing

@testable import DragApp

extension AppProcessTests {
    /// Issue 44 class 7: `fuzz --time` is a deadline an app's waits obey
    /// (`AppSubject.deadline`), not a count of cases checked every 64th.
    @Suite("deadline")
    struct DeadlineTests {
        static let container = ReorderContainer<StringID, StringID?>(collections: [ReorderCollection(id: nil, items: ["a", "b"])])
        static let layout = Layout<StringID>(kind: .list(rowHeight: 10), width: 100, height: 100)

        /// What `reset` gives: nil, or the failure it threw.
        func resetFailure(_ subject: AppSubject) -> SubjectFailure? {
            do throws(SubjectFailure) {
                _ = try subject.handle(.reset(Self.container, Self.layout, nil))
                return nil
            } catch {
                return error
            }
        }

        @Test("past the deadline an app gets no request: a timeout at once naming --time, and the app is stopped")
        func noRequestPastTheDeadline() throws {
            let subject = try AppSubject(command: app("sleep-forever"), timeout: 10)
            let pid = try #require(subject.process?.pid)
            subject.deadline = MonotonicClock.now().seconds - 1
            let (failure, seconds) = timed { resetFailure(subject) }
            #expect(failure == .timeout("the run's time ran out (--time) before this request"))
            #expect(seconds < 1, "\(seconds) s")
            #expect(subject.process == nil)
            #expect(stopsRunning(pid))
            subject.close()
        }

        @Test("a wait ends at the deadline, not after the app's 10 s timeout, and says it was the deadline")
        func waitEndsAtTheDeadline() throws {
            let subject = try AppSubject(command: app("sleep-forever"), timeout: 10)
            let pid = try #require(subject.process?.pid)
            subject.deadline = MonotonicClock.now().seconds + 0.5
            let (failure, seconds) = timed { resetFailure(subject) }
            #expect(failure == .timeout("the run's time ran out (--time) while the app was answering"))
            // 0.5 s and the grace; far below the 10 s timeout even on a loaded machine.
            #expect(seconds >= 0.5 && seconds < 5, "\(seconds) s")
            #expect(stopsRunning(pid))
            subject.close()
        }

        @Test("before the deadline an app answers as ever")
        func answersBeforeTheDeadline() throws {
            let subject = try AppSubject(command: app("unknown-id"), timeout: 10)
            subject.deadline = MonotonicClock.now().seconds + 600
            // unknown-id answers every request with its one item "zzz".
            let answer = try subject.handle(.reset(Self.container, Self.layout, nil))
            #expect(answer == .data([["zzz"]]))
            #expect(subject.process != nil)
            subject.close()
        }
    }
}
