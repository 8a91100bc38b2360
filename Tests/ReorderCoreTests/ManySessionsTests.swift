import Foundation
import ReorderCore
import TestSupport
import Testing

/// Hardening, class 9: thousands of drags at once cost no more per event
/// than one (the engine's listing of which sessions hold which items), with
/// the same answers as visiting every session.
@Suite("Many concurrent sessions (hardening, class 9)")
struct ManySessionsTests {
    @Test("20,000 concurrent external drags with lifts and deletes between them: linear (was 17 s, quadratic)")
    func manyConcurrentDrags() {
        let n = 20_000
        var engine = DragEngine(container: single("a b"), layout: rows())
        let start = Date()
        for s in 0..<n {
            _ = engine.handle(.lift(session: s, items: ["x\(s)"], at: before(0), operations: .all, external: true))
            _ = engine.handle(.delete(items: ["nope\(s)"]))
            _ = engine.handle(.lift(session: n + s, items: ["a"], at: before(0), operations: .move, external: false))
            _ = engine.handle(.cancel(session: n + s))
        }
        for s in 0..<n {
            _ = engine.handle(.drop(session: s, at: before(s % 50), deferred: false))
            _ = engine.handle(.delete(items: ["x\(s)"]))
        }
        #expect(engine.sessions.isEmpty)
        #expect(engine.container.orders == [["a", "b"]])
        #expect(Date().timeIntervalSince(start) < 20)  // quadratic took minutes in a debug build
    }

    @Test("a lift held elsewhere names the lowest session holding any of its items, and the first such item")
    func alreadyLiftedAcrossMany() {
        var engine = DragEngine(container: single("a b c d e"), layout: rows())
        _ = engine.handle(.lift(session: 7, items: ["b"], at: before(1), operations: .move, external: false))
        _ = engine.handle(.lift(session: 3, items: ["d", "c"], at: before(2), operations: .move, external: false))
        _ = engine.handle(.lift(session: 5, items: ["e"], at: before(4), operations: .move, external: true))  // external: holds nothing
        let step = engine.handle(.lift(session: 9, items: ["e", "b", "c"], at: before(0), operations: .move, external: false))
        #expect(step.liftRejection == .alreadyLifted("c", bySession: 3))
        // Once session 3 drops, b (session 7) is the holder.
        _ = engine.handle(.cancel(session: 9))
        _ = engine.handle(.cancel(session: 3))
        let again = engine.handle(.lift(session: 9, items: ["e", "b", "c"], at: before(0), operations: .move, external: false))
        #expect(again.liftRejection == .alreadyLifted("b", bySession: 7))
    }

    @Test("a delete or reload takes items out of the sources of every session that listed them, rejected ones too")
    func leavingSources() {
        var engine = DragEngine(container: single("a b c d"), layout: rows())
        _ = engine.handle(.lift(session: 0, items: ["a", "b"], at: before(0), operations: .move, external: false))
        _ = engine.handle(.lift(session: 1, items: ["b", "c"], at: before(0), operations: .move, external: false))  // rejected: b is held
        _ = engine.handle(.lift(session: 2, items: ["c", "d"], at: before(0), operations: .move, external: true))  // external: untouched
        _ = engine.handle(.delete(items: ["b"]))
        #expect(engine.sessions[0]?.sources == ["a"])
        #expect(engine.sessions[1]?.sources == ["c"])
        #expect(engine.sessions[1]?.isRejected == true)
        #expect(engine.sessions[2]?.sources == ["c", "d"])
        _ = engine.handle(.reload(collections: [.init(id: nil, items: ["d", "z"])], locked: []))
        #expect(engine.sessions[0]?.sources == [])
        #expect(engine.sessions[1]?.sources == [])
        #expect(engine.sessions[2]?.sources == ["c", "d"])
        // b came back: a new lift of it is not held by anyone.
        _ = engine.handle(.insert(items: ["a"], collection: nil, index: nil))
        #expect(engine.handle(.lift(session: 3, items: ["a"], at: before(0), operations: .move, external: false)).liftRejection == nil)
    }
}
