import ReorderCore
import TestSupport
import Testing

@Suite("Default drop configuration (spec 3.3)")
struct DropPolicyTests {
    func engine(_ c: TContainer, _ layout: Layout<StringID> = rows()) -> TEngine { TEngine(container: c, layout: layout) }

    func answer(_ e: inout TEngine, lift items: String, ops: DropOperation.Set = .move, external: Bool = false, at p: Point)
        -> DropConfiguration<StringID, StringID?>?
    {
        _ = e.handle(.lift(session: 0, items: ids(items), at: Point(x: 1, y: 1), operations: ops, external: external))
        return e.handle(.move(session: 0, at: p)).configuration
    }

    @Test("1. a disabled container forbids")
    func disabled() {
        var e = engine(single("a b c"))
        _ = e.handle(.lift(session: 0, items: ["a"], at: Point(x: 1, y: 1), operations: .move, external: false))
        _ = e.handle(.mutation(.setEnabled(false)))
        #expect(e.handle(.move(session: 0, at: before(2))).configuration == .forbidden)
    }

    @Test("2. outside, or no target, forbids")
    func noTarget() {
        var e = engine(single("a b c"))
        #expect(answer(&e, lift: "a", at: Point(x: -1, y: 5))?.operation == .forbidden)
        var b = engine(
            named(["x": "a", "y": "b"]),
            Layout(kind: .board(columnWidth: 10, spacing: 0, rowHeight: 10, rowSpacing: 0, headerHeight: 0), width: 100, height: 100))
        #expect(answer(&b, lift: "a", at: Point(x: 50, y: 5))?.operation == .forbidden)
        _ = b.handle(.cancel(session: 0))
        #expect(answer(&b, lift: "a", at: Point(x: 15, y: 5))?.operation == .move)
    }

    @Test(
        "3. the operation the drag suggests",
        arguments: [
            (DropOperation.Set.move, false, DropOperation.move),
            (DropOperation.Set.copy, false, .forbidden),
            (DropOperation.Set.all, false, .move),
            (DropOperation.Set.all, true, .copy),
            (DropOperation.Set.move, true, .move),
            (DropOperation.Set.copy, true, .copy),
        ])
    func operation(ops: DropOperation.Set, external: Bool, expected: DropOperation) {
        var e = engine(single("a b c"))
        #expect(answer(&e, lift: external ? "x" : "a", ops: ops, external: external, at: before(2))?.operation == expected)
    }

    @Test("4. a locked item that is not a source forbids the collection")
    func locked() {
        var e = engine(named(["x": "a b", "y": "c d"]))
        _ = e.handle(.mutation(.lock(items: ["d"])))
        // rows: x = a(0) b(1), y = c(2) d(3)
        #expect(answer(&e, lift: "a", at: before(2))?.operation == .forbidden)
        _ = e.handle(.cancel(session: 0))
        #expect(answer(&e, lift: "a", at: before(1))?.operation == .move)
    }

    @Test("4. locks on fixed entries count too")
    func lockedFixed() {
        var e = engine(TContainer(collections: [.init(id: nil, items: ids("a b"), fixed: ["h"])], locked: ["h"]))
        #expect(answer(&e, lift: "a", at: before(2))?.operation == .forbidden)
    }

    @Test("5. capacity blocks additions, never reordering inside")
    func capacity() {
        let c = TContainer(collections: [.init(id: "x", items: ids("a b")), .init(id: "y", items: ids("c d"), capacity: 2)])
        var e = engine(c)
        #expect(answer(&e, lift: "a", at: before(3))?.operation == .forbidden)
        _ = e.handle(.cancel(session: 0))
        #expect(answer(&e, lift: "d", at: before(2))?.operation == .move)
        _ = e.handle(.cancel(session: 0))
        var roomy = c
        roomy.setCapacity(3, in: 1)
        var f = engine(roomy)
        #expect(answer(&f, lift: "a", at: before(3))?.operation == .move)
        _ = f.handle(.cancel(session: 0))
        #expect(answer(&f, lift: "a b", at: before(3))?.operation == .forbidden)
        _ = f.handle(.cancel(session: 0))
        // external drags add all of their items
        #expect(answer(&f, lift: "p q", ops: .copy, external: true, at: before(3))?.operation == .forbidden)
    }

    @Test("6. otherwise the operation and the destination of 1.4")
    func destinationAnswered() {
        var e = engine(single("a b c d"))
        #expect(answer(&e, lift: "b", at: before(2)) == DropConfiguration(operation: .move, destination: destination(nil, "c")))
        _ = e.handle(.cancel(session: 0))
        #expect(answer(&e, lift: "b", at: before(1)) == DropConfiguration(operation: .move, destination: destination(nil, "c")))
    }

    @Test("a custom policy replaces the default, as dropConfiguration { ... } does")
    func custom() {
        var e = engine(single("a b c"))
        e.policy = DropPolicy { request in
            request.session.location.y > 15 ? .forbidden : DropConfiguration(operation: .move, destination: request.destination)
        }
        #expect(answer(&e, lift: "c", at: before(0))?.operation == .move)
        #expect(e.handle(.drop(session: 0, at: before(2), deferred: false)).outcome == .rejected)
    }

    @Test("the engine's own answer to the standard policy is standardConfiguration's on the request, at every point")
    func standardInPlaceAgrees() {
        // Locks, capacity, a fixed entry and sources inside and outside the
        // target: the request path (a policy that is not marked standard)
        // against the engine's in-place answer.
        let c = TContainer(
            collections: [
                .init(id: "x", items: ids("a b"), fixed: ["h"]), .init(id: "y", items: ids("c d"), capacity: 3),
                .init(id: "z", items: ids("e f")),
            ],
            locked: ["f"])
        let lifts: [(String, DropOperation.Set, Bool)] = [
            ("a", .move, false), ("a c", .move, false), ("b", .copy, false), ("p q", [.move, .copy], true),
        ]
        for (items, ops, external) in lifts {
            var inPlace = engine(c)
            var byRequest = engine(c)
            byRequest.policy = DropPolicy { standardConfiguration($0) }
            for y in stride(from: -5.0, through: 100, by: 2.5) {
                let p = Point(x: 5, y: y)
                #expect(
                    answer(&inPlace, lift: items, ops: ops, external: external, at: p)
                        == answer(&byRequest, lift: items, ops: ops, external: external, at: p), "\(items) at \(y)")
                _ = inPlace.handle(.cancel(session: 0))
                _ = byRequest.handle(.cancel(session: 0))
            }
        }
    }

    @Test("setting configure on the standard policy replaces it")
    func standardReplaced() {
        var policy = DropPolicy<StringID, StringID?>.standard
        policy.configure = { _ in .forbidden }
        var e = engine(single("a b c"))
        e.policy = policy
        #expect(answer(&e, lift: "a", at: before(2))?.operation == .forbidden)
    }
}
