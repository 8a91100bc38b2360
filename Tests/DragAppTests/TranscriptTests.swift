import DragSystem
import ReorderConformance
import ReorderCore
import Testing

@testable import DragApp

extension AppProcessTests {
    /// Issue 41 item 6: a pipelined case that crashed a fresh process is run
    /// again one request at a time from its transcript (the answers, then
    /// the exit), with no process started only to crash; a request the
    /// transcript does not hold brings a fresh process to that point; a
    /// crash in a process that had earlier cases is run again in a fresh one.
    @Suite("transcript")
    struct TranscriptTests {
        typealias Fixture = SpareProcessTests
        static let reset = SubjectRequest<StringID, StringID?>.reset(Fixture.container, Fixture.layout, nil)

        /// `request`'s answer, or the failure it threw.
        func outcome(_ subject: AppSubject, _ request: SubjectRequest<StringID, StringID?>) -> Result<
            SubjectAnswer<StringID, StringID?>, SubjectFailure
        > {
            do throws(SubjectFailure) { return .success(try subject.handle(request)) } catch { return .failure(error) }
        }

        /// A pipelined case of `requests` against `subject`; whether it agreed throughout.
        func pipelined(_ subject: AppSubject, _ requests: [SubjectRequest<StringID, StringID?>]) -> Bool {
            subject.beginPipelinedCase()
            for r in requests { _ = outcome(subject, r) }
            return subject.endPipelinedCase()
        }

        @Test("a crash in a fresh process: the run again gets the same answer and then the same exit, and starts no process")
        func runAgainFromTheTranscript() throws {
            let subject = try AppSubject(command: app("crash-on-pair"), timeout: 10)
            #expect(!pipelined(subject, [Self.reset, Fixture.pair]))
            #expect(subject.process == nil)
            let launches = subject.launches
            #expect(outcome(subject, Self.reset) == .success(.data([["a", "b", "c"]])))
            guard case .failure(.crash(let message)) = outcome(subject, Fixture.pair) else {
                Issue.record("expected the crash")
                return
            }
            #expect(message.hasPrefix("the app exited with status 3 before answering"), "\(message)")
            #expect(subject.launches == launches && subject.process == nil)
            #expect(subject.transcript == nil)
            // The next case starts a process as ever.
            #expect(outcome(subject, Self.reset) == .success(.data([["a", "b", "c"]])))
            #expect(subject.process != nil)
            subject.close()
        }

        @Test("a request the transcript does not hold ends it: a fresh process gets the requests before it, then that one")
        func differentRequestCatchesUp() throws {
            let subject = try AppSubject(command: app("crash-on-pair"), timeout: 10)
            #expect(!pipelined(subject, [Self.reset, Fixture.pair]))
            let launches = subject.launches
            #expect(outcome(subject, Self.reset) == .success(.data([["a", "b", "c"]])))
            #expect(subject.process == nil)
            // Not the pair the transcript holds: the app itself answers (b, c, a).
            #expect(outcome(subject, Fixture.one) == .success(.data([["b", "c", "a"]])))
            #expect(subject.process != nil && subject.launches > launches)
            #expect(subject.transcript == nil)
            subject.close()
        }

        @Test("a crash in a process that had a case before: no transcript, the run again starts a fresh process")
        func notFreshRunsAgainInAFreshProcess() throws {
            let subject = try AppSubject(command: app("crash-on-pair"), timeout: 10)
            #expect(pipelined(subject, [Self.reset, Fixture.one]))
            #expect(!pipelined(subject, [Self.reset, Fixture.pair]))
            #expect(subject.transcript == nil && subject.process == nil)
            let launches = subject.launches
            #expect(outcome(subject, Self.reset) == .success(.data([["a", "b", "c"]])))
            #expect(subject.launches > launches && subject.process != nil)
            subject.close()
        }
    }
}
