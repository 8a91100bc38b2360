import DragRender
import ReorderCore
import ReorderSwipe
import Testing

@Suite struct RenderBuilderTests {
    @Test func consecutiveMovesOfOneSessionBecomeOneStep() {
        let doc = Fixtures.forwardMove()
        #expect(doc.eventCount == 5)
        #expect(doc.steps.map(\.kind) == [.lift, .move, .drop, .expect])
        let run = doc.steps[1]
        #expect(run.text == "move s0 x2, lines 3-4")
        #expect(run.eventCount == 2 && run.firstLine == 3 && run.lastLine == 4 && run.firstT == 16 && run.lastT == 32)
        #expect(run.location == Point(x: 50, y: 22), "a run shows where its last move ended")
    }

    @Test func aRunEndsWhereTheOperationChanges() {
        let doc = Fixtures.lockedColumn()
        #expect(doc.steps.map(\.operation) == [nil, .move, .forbidden, .forbidden])
        #expect(doc.steps.map(\.eventCount) == [1, 2, 2, 1])
    }

    @Test func interleavedSessionsAreNotCollapsed() {
        let doc = Fixtures.twoSessions()
        #expect(doc.steps.count == 9)
        #expect(doc.paths.map(\.session) == [0, 1])
        #expect(doc.paths.map(\.end) == [.drop, .cancel])
        #expect(doc.paths.map(\.lastStep) == [5, 6])
        // The drop where the last move was adds no point.
        #expect(doc.paths[0].points == [Point(x: 30, y: 10), Point(x: 30, y: 40), Point(x: 30, y: 55)])
        #expect(doc.paths[0].keptCount(at: 3) == 2 && doc.paths[0].keptCount(at: 4) == 3)
        #expect(!doc.paths[0].isVisible(at: 6) && doc.paths[1].isVisible(at: 6))
    }

    @Test func stepsKeepOnlyWhatChangedInTheData() {
        let doc = Fixtures.forwardMove()
        #expect(doc.initialData == Fixtures.list(["buy-milk", "call-mom", "pay-rent", "walk-dog"]))
        // Only the drop changed the data: the run of the two rows that swapped.
        #expect(doc.steps.map { $0.modelChange != nil } == [false, false, true, false])
        #expect(
            doc.steps[2].modelChange?.edits == [RenderDataEdit(collection: 0, start: 0, removed: 2, inserted: ["call-mom", "buy-milk"])])
        #expect(doc.data(after: 3) == Fixtures.list(["call-mom", "buy-milk", "pay-rent", "walk-dog"]))
        #expect(doc.data(after: -1) == doc.initialData && doc.data(after: 1) == doc.initialData)
    }

    @Test func startsAtTheFirstFailingStepElseTheLast() {
        #expect(Fixtures.failedExpectation().firstFailingStep == Fixtures.failingStep)
        #expect(Fixtures.failedExpectation().initialStep == Fixtures.failingStep)
        #expect(Fixtures.forwardMove().firstFailingStep == nil)
        #expect(Fixtures.forwardMove().initialStep == 3)
        #expect(RenderBuilder(header: RenderHeader(title: "", layout: .rows(width: 1, height: 1))).finish().initialStep == 0)
    }

    @Test func longDragsAreSampledKeepingTheFirstAndTheLastPoint() {
        let data = Fixtures.list(["a", "b"])
        var b = RenderBuilder(header: RenderHeader(title: "long", layout: .rows(width: 100, height: 20)), pathLimit: 100)
        b.append(RenderEvent(line: 2, t: 0, text: "lift", kind: .lift, session: 0, location: Point(x: 0, y: 0), data: data))
        for i in 1...10_000 {
            b.append(
                RenderEvent(
                    line: 2 + i, t: Double(i), text: "move", kind: .move, session: 0,
                    location: Point(x: Double(i), y: 1), operation: .move, data: data))
        }
        b.append(
            RenderEvent(
                line: 10_003, t: 10_001, text: "drop", kind: .drop, session: 0, location: Point(x: 9_999.5, y: 2),
                operation: .move, outcome: "moved", data: data))
        let doc = b.finish()
        #expect(doc.steps.count == 3)
        let path = doc.paths[0]
        #expect(path.isSampled && path.total == 10_002)
        #expect(path.points.count <= 100 && path.points.count >= 50)
        #expect(path.points.first == Point(x: 0, y: 0))
        // Kept points are every stride-th original one.
        #expect(path.points[1] == Point(x: Double(path.stride), y: 1))
        #expect(path.keptCount(at: 2) == path.points.count)
        // The drop's own location is the last point drawn, whatever was sampled.
        let svg = SVGRenderer.svg(doc, step: 2)
        #expect(svg.contains("9999.5,2\""))
    }

    @Test func movesWithAnOpenSwipeRowStillCollapseButReportsDoNot() {
        let data = Fixtures.list(["a", "b"])
        let row = RenderSwipeRow(item: "b", edge: "trailing", buttons: [])
        var b = RenderBuilder(header: RenderHeader(title: "", layout: .rows(width: 100, height: 20)))
        b.append(
            RenderEvent(
                line: 2, t: 0, text: "lift", kind: .lift, session: 0, location: Point(x: 1, y: 1), data: data,
                swipe: RenderSwipe(open: row)))
        for line in 3...6 {
            let reports = line == 5 ? [PresentationReport<StringID>(item: "b", isPresented: false)] : []
            b.append(
                RenderEvent(
                    line: line, t: 1, text: "move", kind: .move, session: 0, location: Point(x: 1, y: Double(line)),
                    operation: .move, data: data,
                    swipe: RenderSwipe(open: line >= 5 ? nil : row, presentations: reports)))
        }
        let doc = b.finish()
        // Line 5 reports a dismissal: a step of its own; line 6, with the row closed, starts a new run.
        #expect(doc.steps.map(\.eventCount) == [1, 2, 1, 1])
        #expect(doc.steps.map(\.text) == ["lift", "move s0 x2, lines 3-4", "move", "move"])
    }

    @Test func runsStopAtWarningsAndFailures() {
        let data = Fixtures.list(["a"])
        var b = RenderBuilder(header: RenderHeader(title: "", layout: .rows(width: 100, height: 10)))
        b.append(RenderEvent(line: 2, t: 0, text: "lift", kind: .lift, session: 0, location: Point(x: 1, y: 1), data: data))
        for line in 3...5 {
            b.append(
                RenderEvent(
                    line: line, t: 1, text: "move", kind: .move, session: 0, location: Point(x: 1, y: 1),
                    operation: .move, warnings: line == 4 ? ["something"] : [], data: data))
        }
        let doc = b.finish()
        #expect(doc.steps.map(\.eventCount) == [1, 1, 1, 1])
        #expect(doc.steps.map(\.text) == ["lift", "move", "move", "move"])
    }
}
