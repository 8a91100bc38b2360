import ReorderConformance
import ReorderCore
import ReorderSwipe
import Testing

/// `_clear()` empties a step in place, as a fresh one: the fuzzer's
/// generator and the replayer keep one step across events and clear it
/// before each (a step made and destroyed per event went through its
/// unspecialised value witness).
@Suite("Steps emptied in place")
struct StepClearTests {
    typealias Difference = ReorderDifference<Int, Int>

    static func difference(_ item: Int) -> Difference {
        Difference(sources: [item], destination: .init(collectionID: 0, position: .end))
    }

    /// A step with every field set.
    static func full() -> CheckedStep<Int, Int> {
        var drag = StepResult<Int, Int>()
        drag.configuration = DropConfiguration(operation: .move, destination: .init(collectionID: 0, position: .before(2)))
        drag.target = HitTarget(collection: 0, slot: 1)
        drag.outcome = .moved
        drag.liftRejection = .absent(9)
        drag.emitted = difference(1)
        drag.applied = difference(1)
        drag.appliedExternally = true
        drag.warnings = [.itemExists(3)]
        let swipe = SwipeStepResult<Int>(closed: 4, opened: SwipeOpenRow(item: 5, edge: .trailing), actionPrecedesClose: true)
        var step = CheckedStep(
            result: SessionStep(drag: drag, swipe: swipe), violation: InvariantViolation(.placement, "x"), subjectData: [[1, 2]],
            modelData: [[2, 1]])
        step.answered = .copy
        return step
    }

    @Test("a step with every field set is emptied to a fresh one")
    func clearsEveryField() {
        var step = Self.full()
        #expect(step.result != SessionStep())
        step._clear()
        #expect(step.result == SessionStep())
        #expect(step.result.drag == StepResult())
        #expect(step.violation == nil)
        #expect(step.subjectData == nil)
        #expect(step.modelData == nil)
        #expect(step.answered == nil)
    }

    @Test("a step kept across events and cleared before each reads as a fresh step per event")
    func reusedStepMatchesFresh() {
        func engine() -> CheckedEngine<Int, Int> {
            CheckedEngine(
                container: ReorderContainer<Int, Int>(collections: [ReorderCollection(id: 0, items: [0, 1, 2, 3])]),
                layout: Layout(kind: .list(rowHeight: 10), width: 100, height: 800), checksModel: true)
        }
        let events: [DragEvent<Int, Int>] = [
            .lift(session: 0, items: [3], at: Point(x: 1, y: 31), operations: .move, external: false),
            .move(session: 0, at: Point(x: 50, y: 2)),
            .drop(session: 0, at: Point(x: 50, y: 2), deferred: false),
            .lift(session: 1, items: [7], at: Point(x: 1, y: 1), operations: .move, external: false),
            .lift(session: 2, items: [0], at: Point(x: 1, y: 11), operations: .move, external: false),
            .cancel(session: 2),
        ]
        var fresh = engine()
        var reused = engine()
        var step = Self.full()
        var outcomes: [Outcome?] = []
        for event in events {
            let expected = fresh.handle(event)
            step._clear()
            reused.handle(.drag(event), aim: nil, into: &step)
            #expect(step.result == expected.result)
            #expect(step.violation == expected.violation)
            #expect(step.answered == expected.answered)
            #expect(step.subjectData == nil && step.modelData == nil)
            outcomes.append(step.result.drag.outcome)
        }
        #expect(reused.container.orders == [[3, 0, 1, 2]])
        #expect(outcomes == [nil, nil, .moved, .liftRejected, nil, .cancelled])
    }
}
