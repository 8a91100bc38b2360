import DragRecording
import DragRender
import ReorderCore
import ReorderSwipe

/// Hand-built documents with the frames a replayer would compute, each with
/// something at a known step: the tests check the page shows it there.
enum Fixtures {
    static var all: [String: RenderDocument] {
        ["forward": forwardMove(), "locked": lockedColumn(), "failed": failedExpectation(), "two": twoSessions()]
    }

    /// One unnamed list collection, `fixed` first (laid out by `.rows`).
    static func list(_ items: [StringID], fixed: [StringID] = [], locked: Set<StringID> = []) -> RenderData {
        RenderData(collections: [ReorderCollection(id: nil, items: items, fixed: fixed)], locked: locked)
    }

    /// Board columns (laid out by `.cards`).
    static func board(_ columns: [(id: StringID, items: [StringID])], locked: Set<StringID> = [], capacity: [StringID: Int] = [:])
        -> RenderData
    {
        RenderData(
            collections: columns.map { ReorderCollection(id: $0.id, items: $0.items, capacity: capacity[$0.id]) }, locked: locked)
    }

    static func build(_ header: RenderHeader, initial: RenderData, _ events: [RenderEvent], pathLimit: Int = 2000) -> RenderDocument {
        var b = RenderBuilder(header: header, initial: initial, pathLimit: pathLimit)
        for e in events { b.append(e) }
        return b.finish()
    }

    /// The README's tour's bug report: "buy-milk" dragged down before "pay-rent".
    /// Steps: 0 lift, 1 two moves, 2 drop (moved), 3 expect (passed).
    static func forwardMove() -> RenderDocument {
        let before = list(["buy-milk", "call-mom", "pay-rent", "walk-dog"])
        let after = list(["call-mom", "buy-milk", "pay-rent", "walk-dog"])
        let s0 = [RenderSession(number: 0, items: ["buy-milk"], sources: ["buy-milk"])]
        let bar = Rect(x: 0, y: 19, width: 100, height: 2)
        return build(
            RenderHeader(
                title: "Task lands one row too far", path: "corpora/reports/task-lands-one-row-too-far.jsonl",
                subject: "applier canonical", layout: .rows(width: 100, height: 400),
                description: "Dragging buy-milk onto pay-rent."), initial: before,
            [
                RenderEvent(
                    line: 2, t: 0, text: "lift s0 [buy-milk] at (50, 5)", kind: .lift, session: 0,
                    location: Point(x: 50, y: 5), data: before, activeSessions: s0),
                RenderEvent(
                    line: 3, t: 16, text: "move s0 to (50, 15)", kind: .move, session: 0, location: Point(x: 50, y: 15),
                    hit: HitTarget(collection: 0, slot: 2), placeholder: bar, operation: .move,
                    destination: "before \"pay-rent\"", data: before, activeSessions: s0),
                RenderEvent(
                    line: 4, t: 32, text: "move s0 to (50, 22)", kind: .move, session: 0, location: Point(x: 50, y: 22),
                    hit: HitTarget(collection: 0, slot: 2), placeholder: bar, operation: .move,
                    destination: "before \"pay-rent\"", data: before, activeSessions: s0),
                RenderEvent(
                    line: 5, t: 48, text: "drop s0 at (50, 22)", kind: .drop, session: 0, location: Point(x: 50, y: 22),
                    hit: HitTarget(collection: 0, slot: 2), placeholder: bar, operation: .move,
                    destination: "before \"pay-rent\"", outcome: "moved",
                    difference: RenderDifference(sources: ["buy-milk"], before: "pay-rent"), data: after),
                RenderEvent(
                    line: 6, t: 48, text: "expect order, outcome, difference", kind: .expect,
                    expectation: RenderExpectation(
                        passed: true, expected: "order call-mom buy-milk pay-rent walk-dog",
                        actual: "order call-mom buy-milk pay-rent walk-dog"),
                    data: after),
            ])
    }

    /// A card dragged over a column that holds a locked card: the drop is
    /// forbidden. Steps: 0 lift, 1 moves over "doing" (move), 2 moves over
    /// "done" (forbidden), 3 drop (forbidden, rejected).
    static func lockedColumn() -> RenderDocument {
        let data = board([("todo", ["a", "b"]), ("doing", ["c"]), ("done", ["d"])], locked: ["d"], capacity: ["doing": 3])
        let s0 = [RenderSession(number: 0, items: ["a"], sources: ["a"])]
        func ev(
            _ line: Int, _ kind: EventKind, _ x: Double, _ y: Double, hit: HitTarget?, op: DropOperation?,
            outcome: String? = nil
        ) -> RenderEvent {
            let bar = hit.map { Rect(x: Double($0.collection) * 110, y: 20 + Double($0.slot) * 30 - 1, width: 100, height: 2) }
            let text = kind == .lift ? "lift s0 [a] at (\(Int(x)), \(Int(y)))" : "\(kind.rawValue) s0 at (\(Int(x)), \(Int(y)))"
            return RenderEvent(
                line: line, t: Double(line) * 16, text: text, kind: kind, session: 0, location: Point(x: x, y: y),
                hit: kind == .lift ? nil : hit, placeholder: kind == .lift ? nil : bar, operation: op,
                destination: op == .move ? "\"doing\" end" : nil, outcome: outcome, data: data,
                activeSessions: kind == .drop ? [] : s0)
        }
        return build(
            RenderHeader(
                title: "Card over a locked column", path: "board.jsonl", subject: "applier canonical",
                layout: .cards(width: 330, height: 200)), initial: data,
            [
                ev(2, .lift, 50, 35, hit: nil, op: nil),
                ev(3, .move, 160, 35, hit: HitTarget(collection: 1, slot: 1), op: .move),
                ev(4, .move, 160, 60, hit: HitTarget(collection: 1, slot: 1), op: .move),
                ev(5, .move, 270, 35, hit: HitTarget(collection: 2, slot: 1), op: .forbidden),
                ev(6, .move, 275, 40, hit: HitTarget(collection: 2, slot: 1), op: .forbidden),
                ev(7, .drop, 275, 40, hit: HitTarget(collection: 2, slot: 1), op: .forbidden, outcome: "rejected"),
            ])
    }

    /// IDs that break careless escaping, in every context.
    static let hostileIDs: [StringID] = ["</script><b>x", "q\"uote&amp;", "new\nline", "tab\there", "\u{1}ctl", "ünï☃", "<!--", "${x}\\"]

    /// A fixed header row, a locked row, hostile IDs, and a failed
    /// expectation at step 2 (then one more step, so it is not the last).
    static let failingStep = 2
    static func failedExpectation() -> RenderDocument {
        let items = hostileIDs
        let data = list(items, fixed: ["hdr"], locked: ["ünï☃"])
        let moved = list([items[1], items[0]] + items[2...], fixed: ["hdr"], locked: ["ünï☃"])
        let s0 = [RenderSession(number: 0, items: [items[0]], sources: [items[0]])]
        let bar = Rect(x: 0, y: 29, width: 100, height: 2)
        return build(
            RenderHeader(
                title: "</title><script>alert(1)</script> & \"quotes\"", path: "hostile.jsonl",
                subject: "app: python3 <app>.py", layout: .rows(width: 100, height: 120),
                description: "A <description> with </script> in it."), initial: data,
            [
                RenderEvent(
                    line: 2, t: 0, text: "lift s0 [\"</script>\"] at (50, 15)", kind: .lift, session: 0,
                    location: Point(x: 50, y: 15), data: data, activeSessions: s0),
                RenderEvent(
                    line: 3, t: 20, text: "drop s0 at (50, 30)", kind: .drop, session: 0, location: Point(x: 50, y: 30),
                    hit: HitTarget(collection: 0, slot: 3), placeholder: bar, operation: .move,
                    destination: "before \"new\\nline\"", outcome: "moved",
                    difference: RenderDifference(sources: [items[0]], before: items[2]), data: moved, appData: data),
                RenderEvent(
                    line: 4, t: 20, text: "expect order", kind: .expect,
                    expectation: RenderExpectation(
                        passed: false, failures: ["order: expected </script> first"],
                        expected: "order: \(items)", actual: "order: \([items[1], items[0]])"),
                    failures: ["placement: \"</script><b>x\" is not before \"new\\nline\""], data: moved),
                RenderEvent(
                    line: 5, t: 30, text: "insert [z] at end", kind: .mutation(.insert),
                    data: list([items[1], items[0]] + items[2...] + ["z"], fixed: ["hdr"], locked: ["ünï☃"])),
            ])
    }

    /// Two fingers at once: s0 drags "a" down and drops (deferred), s1 drags
    /// "e" up and cancels; then s0's difference is applied and a swipe opens
    /// row "b". Steps: 0 lift s0, 1 lift s1, 2 move s0, 3 move s1, 4 move s0,
    /// 5 drop s0, 6 cancel s1, 7 apply s0, 8 swipe.
    static func twoSessions() -> RenderDocument {
        let data = list(["a", "b", "c", "d", "e"])
        let after = list(["b", "c", "a", "d", "e"])
        let both = [RenderSession(number: 0, items: ["a"], sources: ["a"]), RenderSession(number: 1, items: ["e"], sources: ["e"])]
        let one = [both[1]]
        func at(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }
        let buttons = [
            RenderSwipeButton(label: "Flag", action: "flag", frame: Rect(x: 20, y: 0, width: 40, height: 20)),
            RenderSwipeButton(
                label: "Delete", action: "delete", frame: Rect(x: 60, y: 0, width: 40, height: 20),
                destructive: true),
        ]
        return build(
            RenderHeader(
                title: "Two fingers", path: "two.jsonl", subject: "app: python3 todo.py",
                layout: .rows(
                    rowHeight: 20, width: 100, height: 120)), initial: data,
            [
                RenderEvent(
                    line: 2, t: 0, text: "lift s0 [a] at (30, 10)", kind: .lift, session: 0, location: at(30, 10),
                    data: data, activeSessions: [both[0]]),
                RenderEvent(
                    line: 3, t: 1, text: "lift s1 [e] at (70, 90)", kind: .lift, session: 1, location: at(70, 90),
                    data: data, activeSessions: both),
                RenderEvent(
                    line: 4, t: 16, text: "move s0 to (30, 40)", kind: .move, session: 0, location: at(30, 40),
                    hit: HitTarget(collection: 0, slot: 2), placeholder: Rect(x: 0, y: 39, width: 100, height: 2),
                    operation: .move, destination: "before \"c\"", data: data, activeSessions: both),
                RenderEvent(
                    line: 5, t: 17, text: "move s1 to (70, 30)", kind: .move, session: 1, location: at(70, 30),
                    hit: HitTarget(collection: 0, slot: 1), placeholder: Rect(x: 0, y: 19, width: 100, height: 2),
                    operation: .copy, destination: "before \"b\"", data: data, activeSessions: both),
                RenderEvent(
                    line: 6, t: 32, text: "move s0 to (30, 55)", kind: .move, session: 0, location: at(30, 55),
                    hit: HitTarget(collection: 0, slot: 3), placeholder: Rect(x: 0, y: 59, width: 100, height: 2),
                    operation: .move, destination: "before \"d\"", data: data, activeSessions: both),
                RenderEvent(
                    line: 7, t: 48, text: "drop s0 at (30, 55)", kind: .drop, session: 0, location: at(30, 55),
                    hit: HitTarget(collection: 0, slot: 3), placeholder: Rect(x: 0, y: 59, width: 100, height: 2),
                    operation: .move, destination: "before \"d\"", outcome: "moved",
                    difference: RenderDifference(sources: ["a"], before: "d", deferred: true), data: data,
                    appData: data, activeSessions: one),
                RenderEvent(line: 8, t: 60, text: "cancel s1", kind: .cancel, session: 1, outcome: "cancelled", data: data),
                RenderEvent(
                    line: 9, t: 70, text: "apply s0", kind: .apply, session: 0,
                    difference: RenderDifference(sources: ["a"], before: "d"), data: after, appData: after),
                RenderEvent(
                    line: 10, t: 80, text: "swipe b dx -90", kind: .swipe, data: after,
                    swipe: RenderSwipe(
                        open: RenderSwipeRow(item: "b", edge: "trailing", buttons: buttons),
                        presentations: [PresentationReport(item: "b", isPresented: true)])),
            ])
    }
}

extension Layout<StringID> {
    /// The fixtures' list: rows `rowHeight` high, no spacing, no header.
    static func rows(rowHeight: Double = 10, width: Double, height: Double) -> Layout {
        Layout(kind: .list(rowHeight: rowHeight), width: width, height: height)
    }

    /// The fixtures' board: columns 100 wide, 10 apart, a 20-point header, cards 30 high.
    static func cards(width: Double, height: Double) -> Layout {
        Layout(kind: .board(columnWidth: 100, spacing: 10, rowHeight: 30, headerHeight: 20), width: width, height: height)
    }
}
