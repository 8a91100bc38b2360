import DragSystem
import Glibc
import ReorderConformance
import ReorderCore
import Testing

@testable import DragApp

extension AppProcessTests {
    /// Issue 41 item 6: an app that crashes costs no start-up wait. Once it
    /// has needed a restart, a spare process is started ahead, and the next
    /// restart takes it; an app that never fails never gets a second process.
    @Suite("spare process")
    struct SpareProcessTests {
        static let container = ReorderContainer<StringID, StringID?>(collections: [ReorderCollection(id: nil, items: ["a", "b", "c"])])
        static let layout = Layout<StringID>(kind: .list(rowHeight: 10), width: 100, height: 100)
        /// A drop of `a` and `b` before `c`: crash-on-pair exits on it.
        static let pair = SubjectRequest<StringID, StringID?>.apply(
            session: nil, ReorderDifference(sources: ["a", "b"], destination: .init(collectionID: nil, position: .before("c"))))
        static let one = SubjectRequest<StringID, StringID?>.apply(
            session: nil, ReorderDifference(sources: ["a"], destination: .init(collectionID: nil, position: .end)))

        /// Sends `request`; the failure it threw, or nil.
        func failure(_ subject: AppSubject, _ request: SubjectRequest<StringID, StringID?>) -> SubjectFailure? {
            do throws(SubjectFailure) {
                _ = try subject.handle(request)
                return nil
            } catch {
                return error
            }
        }

        @Test("after a crash the restart starts two spares; the next crash's restart takes the oldest (the same pid); close stops them")
        func spareTakenAtTheNextRestart() throws {
            let subject = try AppSubject(command: app("crash-on-pair"), timeout: 10)
            #expect(subject.launches == 1 && subject.spares.isEmpty)
            #expect(failure(subject, .reset(Self.container, Self.layout, nil)) == nil)
            let crash = try #require(failure(subject, Self.pair))
            guard case .crash(let message) = crash else {
                Issue.record("expected a crash, got \(crash)")
                return
            }
            #expect(message.hasPrefix("the app exited with status 3"), "\(message)")
            #expect(subject.process == nil)
            // The first restart: a process started now, and two spares behind it.
            #expect(failure(subject, .reset(Self.container, Self.layout, nil)) == nil)
            #expect(subject.launches == 4)
            #expect(subject.spares.count == 2)
            let spare = try #require(subject.spares.first?.pid)
            #expect(isRunning(spare))
            #expect(failure(subject, Self.pair) != nil)
            // The second restart takes the oldest spare, greeted now, and starts the next one.
            #expect(failure(subject, .reset(Self.container, Self.layout, nil)) == nil)
            #expect(subject.process?.pid == spare)
            #expect(subject.launches == 5)
            #expect(failure(subject, Self.one) == nil)
            let next = subject.spares.map(\.pid)
            #expect(next.count == 2 && !next.contains(spare))
            subject.close()
            #expect(subject.spares.isEmpty)
            #expect(next.allSatisfy { stopsRunning($0) } && stopsRunning(spare))
        }

        @Test("a spare that died while it waited is replaced by a process started then, with new spares; the case is answered")
        func deadSpareReplaced() throws {
            let subject = try AppSubject(command: app("crash-on-pair"), timeout: 10)
            #expect(failure(subject, .reset(Self.container, Self.layout, nil)) == nil)
            #expect(failure(subject, Self.pair) != nil)
            #expect(failure(subject, .reset(Self.container, Self.layout, nil)) == nil)
            #expect(subject.launches == 4)
            let dead = try #require(subject.spares.first?.pid)
            kill(dead, SIGKILL)
            #expect(stopsRunning(dead))
            #expect(failure(subject, Self.pair) != nil)
            #expect(failure(subject, .reset(Self.container, Self.layout, nil)) == nil)
            #expect(subject.process.map { $0.pid != dead } == true)
            // The dead one and the one behind it dropped; one started for the case, two spares behind it.
            #expect(subject.launches == 7)
            #expect(subject.spares.count == 2)
            #expect(failure(subject, Self.one) == nil)
            subject.close()
        }

        @Test("an app that never fails runs in one process: no spare, one launch over many cases")
        func noSpareWithoutFailures() throws {
            let subject = try AppSubject(command: app("crash-on-pair"), timeout: 10)
            for _ in 0..<20 {
                #expect(failure(subject, .reset(Self.container, Self.layout, nil)) == nil)
                #expect(failure(subject, Self.one) == nil)
            }
            #expect(subject.launches == 1)
            #expect(subject.spares.isEmpty)
            subject.close()
        }

        @Test("a restart for a fresh process (ReorderSubject.restart) keeps the spare for the next case")
        func restartKeepsTheSpare() throws {
            let subject = try AppSubject(command: app("crash-on-pair"), timeout: 10)
            #expect(failure(subject, .reset(Self.container, Self.layout, nil)) == nil)
            #expect(failure(subject, Self.pair) != nil)
            #expect(failure(subject, .reset(Self.container, Self.layout, nil)) == nil)
            let spare = try #require(subject.spares.first?.pid)
            subject.restart()
            #expect(subject.process == nil)
            #expect(failure(subject, .reset(Self.container, Self.layout, nil)) == nil)
            #expect(subject.process?.pid == spare)
            #expect(subject.launches == 5)
            subject.close()
        }
    }
}
