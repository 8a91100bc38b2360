import KnownBugs
import ReorderConformance
import ReorderCore
import TestSupport
import Testing

@Suite("Drag sessions (spec 2.1)")
struct DragSessionTests {
    func lift(_ items: String, session s: Int = 0, ops: DropOperation.Set = .move, external: Bool = false) -> DragEvent<StringID, StringID?>
    {
        .lift(session: s, items: ids(items), at: Point(x: 1, y: 1), operations: ops, external: external)
    }

    @Test("moved: the difference uses selection order and the destination of 1.4")
    func moved() {
        var e = TEngine(container: single("a b c d e"), layout: rows())
        _ = e.handle(lift("d b"))
        let step = e.handle(.drop(session: 0, at: before(1), deferred: false))
        #expect(step.outcome == .moved)
        #expect(step.emitted == difference("d b", before: "c"))
        #expect(e.order == "a d b c e")
    }

    @Test("a forward drag lands right before the entry it is dropped on")
    func forward() {
        var e = TEngine(container: single("a b c d e"), layout: rows())
        _ = e.handle(lift("b"))
        _ = e.handle(.drop(session: 0, at: before(4), deferred: false))
        #expect(e.order == "a c d b e")
    }

    @Test("rejected: forbidden at the drop changes nothing")
    func rejected() {
        var e = TEngine(container: single("a b c"), layout: rows())
        _ = e.handle(lift("a"))
        let step = e.handle(.drop(session: 0, at: Point(x: 200, y: 1), deferred: false))
        #expect(step.outcome == .rejected)
        #expect(step.emitted == nil)
        #expect(step.configuration == .forbidden)
        #expect(e.order == "a b c")
    }

    @Test("cancelled changes nothing")
    func cancelled() {
        var e = TEngine(container: single("a b c"), layout: rows())
        _ = e.handle(lift("a"))
        _ = e.handle(.move(session: 0, at: endPoint))
        #expect(e.handle(.cancel(session: 0)).outcome == .cancelled)
        #expect(e.order == "a b c")
        #expect(e.sessions.isEmpty)
    }

    @Test("vanished: every source deleted during the drag")
    func vanished() {
        var e = TEngine(container: single("a b c"), layout: rows())
        _ = e.handle(lift("a b"))
        _ = e.handle(.mutation(.delete(items: ["a"])))
        _ = e.handle(.mutation(.delete(items: ["b"])))
        _ = e.handle(.mutation(.insert(items: ["a"], collection: nil, index: 0)))  // the same ID again does not rejoin
        let step = e.handle(.drop(session: 0, at: endPoint, deferred: false))
        #expect(step.outcome == .vanished)
        #expect(e.order == "a c")
    }

    @Test("a deleted source leaves the drag; the rest still moves")
    func partialDelete() {
        var e = TEngine(container: single("a b c d"), layout: rows())
        _ = e.handle(lift("a b"))
        _ = e.handle(.mutation(.delete(items: ["b"])))
        let step = e.handle(.drop(session: 0, at: endPoint, deferred: false))
        #expect(step.emitted == difference("a", before: nil))
        #expect(e.order == "c d a")
    }

    @Test(
        "lift-rejected, and later events of that session report nothing",
        arguments: [
            ("zz", "item \"zz\" is not in the container"), ("h", "item \"h\" is fixed"), ("c", "item \"c\" is locked"),
        ])
    func liftRejected(item: String, reason: String) {
        var e = TEngine(
            container: TContainer(collections: [.init(id: nil, items: ids("a b c"), fixed: ["h"])], locked: ["c"]), layout: rows())
        let step = e.handle(lift(item))
        #expect(step.outcome == .liftRejected)
        #expect(step.liftRejection.map { "\($0)" } == reason)
        #expect(e.handle(.move(session: 0, at: before(1))) == StepResult())
        #expect(e.handle(.drop(session: 0, at: before(1), deferred: false)) == StepResult())
        #expect(e.order == "a b c")
    }

    @Test("lift-rejected when disabled")
    func liftDisabled() {
        var e = TEngine(container: single("a b"), layout: rows())
        _ = e.handle(.mutation(.setEnabled(false)))
        #expect(e.handle(lift("a")).liftRejection == .disabled)
    }

    @Test("two sessions at once; an item lifted twice is rejected")
    func twoSessions() {
        var e = TEngine(container: single("a b c d"), layout: rows())
        _ = e.handle(lift("a", session: 0))
        #expect(e.handle(lift("a c", session: 1)).liftRejection == .alreadyLifted("a", bySession: 0))
        _ = e.handle(.cancel(session: 1))
        _ = e.handle(lift("d", session: 1))
        _ = e.handle(.drop(session: 1, at: before(0), deferred: false))  // d a b c
        #expect(e.order == "d a b c")
        _ = e.handle(.drop(session: 0, at: endPoint, deferred: false))
        #expect(e.order == "d b c a")
    }

    @Test("external: copy inserts the items before the anchor; existing ones are refused at the lift")
    func external() {
        var e = TEngine(container: single("a b c"), layout: rows())
        #expect(e.handle(lift("b", ops: .copy, external: true)).liftRejection == .externalItemExists("b"))
        _ = e.handle(.cancel(session: 0))
        _ = e.handle(lift("x y", ops: .all, external: true))
        let step = e.handle(.drop(session: 0, at: before(1), deferred: false))
        #expect(step.outcome == .copied)
        #expect(e.order == "a x y b c")
        _ = e.handle(lift("z", ops: .move, external: true))
        #expect(e.handle(.drop(session: 0, at: endPoint, deferred: false)).outcome == .moved)
        #expect(e.order == "a x y b c z")
    }

    @Test("external deferred: an anchor gone by the apply means the end; items that exist by then are skipped")
    func externalDeferred() {
        var e = TEngine(container: single("a b c"), layout: rows())
        _ = e.handle(lift("x y", ops: .copy, external: true))
        _ = e.handle(.drop(session: 0, at: before(1), deferred: true))
        _ = e.handle(.mutation(.delete(items: ["b"])))
        _ = e.handle(.mutation(.insert(items: ["y"], collection: nil, index: 0)))
        let step = e.handle(.apply(session: 0))
        #expect(step.warnings == [.itemExists("y")])
        #expect(e.order == "y a c x")
    }

    @Test("deferred apply: mutations in between; IDs hold, offsets drift")
    func deferred() {
        for (applier, expected) in [(Applier<StringID, StringID?>.canonical, "x a b e c d"), (.offsets, "x a d b c e")] {
            var e = TEngine(container: single("a b c d e"), layout: rows(), applier: applier)
            _ = e.handle(lift("e"))
            let drop = e.handle(.drop(session: 0, at: before(2), deferred: true))
            #expect(drop.emitted == difference("e", before: "c"))
            #expect(e.order == "a b c d e")
            _ = e.handle(.mutation(.insert(items: ["x"], collection: nil, index: 0)))
            _ = e.handle(.mutation(.setEnabled(false)))  // apply works whether or not the container is enabled
            #expect(e.handle(.apply(session: 0)).applied == difference("e", before: "c"))
            #expect(e.order == expected, "applier \(applier.name)")
        }
    }

    @Test("apply after a drop that emitted nothing does nothing")
    func applyNothing() {
        var e = TEngine(container: single("a b"), layout: rows())
        _ = e.handle(lift("a"))
        _ = e.handle(.drop(session: 0, at: Point(x: -5, y: 0), deferred: true))
        let step = e.handle(.apply(session: 0))
        #expect(step.applied == nil)
        #expect(step.warnings.isEmpty)
        #expect(e.order == "a b")
    }

    @Test("a new lift discards the pending difference with a warning; the end warns about leftovers")
    func discardAndFinish() {
        var e = TEngine(container: single("a b c"), layout: rows())
        _ = e.handle(lift("a"))
        _ = e.handle(.drop(session: 0, at: endPoint, deferred: true))
        #expect(e.handle(lift("b")).warnings == [.pendingDiscarded(session: 0)])
        _ = e.handle(.drop(session: 0, at: endPoint, deferred: true))
        _ = e.handle(lift("c", session: 1))
        #expect(e.finish() == [.sessionActiveAtEnd(session: 1), .pendingAtEnd(session: 0)])
        #expect(e.order == "a b c")
    }

    @Test("the answered operation follows the location during a move")
    func moveAnswers() {
        var e = TEngine(container: single("a b"), layout: rows())
        _ = e.handle(lift("a"))
        #expect(e.handle(.move(session: 0, at: before(1))).configuration?.operation == .move)
        #expect(e.handle(.move(session: 0, at: Point(x: 101, y: 0))).configuration?.operation == .forbidden)
    }
}

@Suite("Mutations during a drag (spec 2.2)")
struct MutationTests {
    @Test("insert: index into reorderable items, default or past the end is the end; existing IDs skipped")
    func insert() {
        var e = TEngine(container: single("a b", fixed: "h"), layout: rows())
        _ = e.handle(.mutation(.insert(items: ["x"], collection: nil, index: 0)))
        _ = e.handle(.mutation(.insert(items: ["y"], collection: nil, index: 99)))
        let step = e.handle(.mutation(.insert(items: ["z", "a", "h", "z"], collection: nil, index: nil)))
        #expect(step.warnings == [.itemExists("a"), .itemExists("h"), .itemExists("z")])
        #expect(e.order == "x a b y z")
        #expect(e.handle(.mutation(.insert(items: ["q"], collection: "nope", index: nil))).warnings == [.unknownCollection("nope")])
    }

    @Test("delete: missing IDs warn; fixed items may be deleted; deleted items are unlocked")
    func delete() {
        var e = TEngine(
            container: TContainer(collections: [.init(id: nil, items: ids("a b"), fixed: ["h"])], locked: ["b"]), layout: rows())
        #expect(e.handle(.mutation(.delete(items: ["h", "b", "zz"]))).warnings == [.missingItem("zz", action: "delete")])
        #expect(e.container.collections[0].fixed.isEmpty)
        #expect(e.container.locked.isEmpty)
        _ = e.handle(.mutation(.insert(items: ["b"], collection: nil, index: nil)))
        #expect(!e.container.locked.contains("b"))
    }

    @Test("relocate: an outside reorder with the canonical rule, during a drag")
    func relocate() {
        var e = TEngine(container: single("a b c d"), layout: rows(), applier: .arrayOrder)
        _ = e.handle(.lift(session: 0, items: ["a"], at: Point(x: 1, y: 1), operations: .move, external: false))
        _ = e.handle(.mutation(.relocate(items: ["d", "c"], collection: nil, before: "c")))  // canonical, not the applier under test
        #expect(e.order == "a b d c")
        _ = e.handle(.mutation(.relocate(items: ["a"], collection: nil, before: nil)))
        #expect(e.order == "b d c a")
        _ = e.handle(.drop(session: 0, at: before(0), deferred: false))
        #expect(e.order == "a b d c")
    }

    @Test("update: order untouched; a missing item warns")
    func update() {
        var e = TEngine(container: single("a b"), layout: rows())
        #expect(e.handle(.mutation(.update(item: "a"))) == StepResult())
        #expect(e.handle(.mutation(.update(item: "q"))).warnings == [.missingItem("q", action: "update")])
        #expect(e.order == "a b")
    }

    @Test("reload: replaces the data; gone sources leave; locks that remain stay and the reload's add")
    func reload() {
        var e = TEngine(container: TContainer(collections: [.init(id: nil, items: ids("a b c"))], locked: ["c"]), layout: rows())
        _ = e.handle(.lift(session: 0, items: ["a", "b"], at: Point(x: 1, y: 1), operations: .move, external: false))
        _ = e.handle(.mutation(.reload(collections: [.init(id: nil, items: ids("c b d"))], locked: ["d"])))
        #expect(e.sessions[0]?.sources == ["b"])
        #expect(e.container.locked == ["c", "d"])
        _ = e.handle(.mutation(.unlock(items: ["c", "d"])))
        let step = e.handle(.drop(session: 0, at: before(0), deferred: false))
        #expect(step.emitted == difference("b", before: "c"))
        #expect(e.order == "b c d")
    }

    @Test("enable/disable flip isEnabled; lock/unlock skip missing IDs")
    func flags() {
        var e = TEngine(container: single("a"), layout: rows())
        _ = e.handle(.mutation(.setEnabled(false)))
        #expect(!e.container.isEnabled)
        _ = e.handle(.mutation(.setEnabled(true)))
        #expect(e.container.isEnabled)
        #expect(e.handle(.mutation(.lock(items: ["a", "z"]))).warnings == [.missingItem("z", action: "lock")])
        #expect(e.container.locked == ["a"])
        #expect(e.handle(.mutation(.unlock(items: ["z"]))).warnings == [.missingItem("z", action: "unlock")])
    }
}
