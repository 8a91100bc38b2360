import KnownBugs
import ReorderConformance
import ReorderCore
import ReorderSwipe
import TestSupport
import Testing

private typealias Fix = SwipeFixture
private typealias Run = SwipeConformance<SwipeHandler<StringID>>

/// A handler that writes down what it is told, in order.
private struct LoggingHandler: SwipeHandling, Sendable {
    var name: String { "logging" }
    var log: [String] = []
    var inner = SwipeHandler<StringID>(.correct)

    mutating func reset(configuration: SwipeConfiguration<StringID>) {
        log.append("reset")
        inner.reset(configuration: configuration)
    }
    mutating func open(item: StringID, edge: SwipeEdge, labels: [String], data: SwipeData<StringID>) {
        log.append("open \(item) \(edge.rawValue) \(labels) in \(data.items)")
    }
    mutating func close(item: StringID) { log.append("close \(item)") }
    mutating func perform(item: StringID, edge: SwipeEdge, action: String, data: SwipeData<StringID>) -> SwipeEffect<StringID> {
        log.append("perform \(action) on \(item)")
        return inner.perform(item: item, edge: edge, action: action, data: data)
    }
    func labels(item: StringID, edge: SwipeEdge, data: SwipeData<StringID>) -> [String] {
        inner.labels(item: item, edge: edge, data: data)
    }
    func edge(forDX dx: Double, direction: LayoutDirection) -> SwipeEdge? { inner.edge(forDX: dx, direction: direction) }
}

@Suite("Swipe action handlers under test (swipe-v1 6)")
struct SwipeHandlerTests {
    @Test("one table: builtIns, builtInNames and named(_:) agree, in order")
    func catalogue() {
        #expect(SwipeHandler<StringID>.builtInNames == ["correct", "index-captured", "stale-labels", "unmirrored"])
        #expect(SwipeHandler<StringID>.builtIns.map(\.name) == SwipeHandler<StringID>.builtInNames)
        for name in SwipeHandler<StringID>.builtInNames { #expect(SwipeHandler<StringID>.named(name)?.name == name) }
        #expect(SwipeHandler<StringID>.named("nope") == nil)
        #expect(SwipeHandlerKind.allCases.map(\.breaks) == [nil, .actionTarget, .freshLabels, .edge])
    }

    @Test("the handler is told what the app would be, in the app protocol's order")
    func messageOrder() {
        var rows = SwipeRows("a b c")
        var run = SwipeConformance(configuration: Fix.config(), handler: LoggingHandler())
        #expect(run.handle(.swipe(item: "a", dx: -30), data: rows).violation == nil)
        #expect(run.handle(.swipe(item: "b", dx: 20), data: rows).violation == nil)  // closes a, opens b
        #expect(run.handle(.tap(Point(x: 10, y: 15)), data: rows).violation == nil)  // pin, then close
        #expect(run.handle(.swipe(item: "c", dx: -30), data: rows).violation == nil)
        let full = run.handle(.swipe(item: "c", dx: -60), data: rows)  // close, then delete
        #expect(full.violation == nil)
        rows.delete("c")
        #expect(run.dataChanged(data: rows).violation == nil)
        #expect(
            run.handler.log == [
                "reset", "open a trailing [\"Delete\", \"Flag\"] in [\"a\", \"b\", \"c\"]", "close a",
                "open b leading [\"Unpin\"] in [\"a\", \"b\", \"c\"]", "perform pin on b", "close b",
                "open c trailing [\"Delete\", \"Flag\"] in [\"a\", \"b\", \"c\"]", "close c", "perform delete on c",
            ])
        #expect(run.model.presentations == [.opened("a"), .closed("a"), .opened("b"), .closed("b"), .opened("c"), .closed("c")])
    }

    @Test(
        "index-captured deletes the row at the index it opened at: after a sync inserted a row above, the wrong one",
        arguments: SwipeHandlerKind.allCases)
    func indexCaptured(kind: SwipeHandlerKind) {
        var rows = SwipeRows("a b c")
        var run = Run(configuration: Fix.config(), handler: SwipeHandler(kind))
        #expect(run.handle(.swipe(item: "b", dx: -30), data: rows).violation == nil)
        rows.insert("x", at: 0)  // a sync, while b is open: b moves to index 2
        #expect(run.dataChanged(data: rows).violation == nil)
        let tap = run.handle(.tap(rows.point("b", x: 85)), data: rows)
        #expect(tap.step.action?.effect == .delete("b"))
        if kind == .indexCaptured {
            let message = "delete on \"b\" should delete \"b\", the code under test did: delete \"a\""
            #expect(tap.violation == SwipeViolation(.actionTarget, message))
        } else {
            #expect(tap.violation == nil)
        }
    }

    @Test("index-captured is right when nothing moved the row")
    func indexCapturedUnmoved() {
        let rows = SwipeRows("a b c")
        var run = Run(configuration: Fix.config(), handler: .named("index-captured")!)
        #expect(run.handle(.swipe(item: "b", dx: -30), data: rows).violation == nil)
        #expect(run.handle(.tap(rows.point("b", x: 85)), data: rows).violation == nil)
    }

    @Test("stale-labels keeps the labels of a row's first opening: Unpin never turns into Pin", arguments: SwipeHandlerKind.allCases)
    func staleLabels(kind: SwipeHandlerKind) {
        let rows = SwipeRows("a b c")
        var run = Run(configuration: Fix.config(), handler: SwipeHandler(kind))
        #expect(run.handle(.swipe(item: "b", dx: 20), data: rows).violation == nil)  // shows "Unpin"
        let pin = run.handle(.tap(rows.point("b", x: 5)), data: rows)
        #expect(pin.step.action?.effect == .toggle(flag: "pinned", item: "b", isSet: false))
        #expect(pin.violation == nil)  // closed: nothing shown
        let reopen = run.handle(.swipe(item: "b", dx: 20), data: rows)
        if kind == .staleLabels {
            let message = "row \"b\" (leading) shows [\"Unpin\"], the current flags give [\"Pin\"]"
            #expect(reopen.violation == SwipeViolation(.freshLabels, message))
        } else {
            #expect(reopen.violation == nil)
        }
    }

    @Test(
        "unmirrored: in rtl the gesture keeps the left-to-right direction",
        arguments: SwipeHandlerKind.allCases, [LayoutDirection.ltr, .rtl])
    func unmirrored(kind: SwipeHandlerKind, direction: LayoutDirection) {
        let rows = SwipeRows("a b c")
        var run = Run(configuration: Fix.config(direction), handler: SwipeHandler(kind))
        let step = run.handle(.swipe(item: "b", dx: -30), data: rows)
        #expect(step.step.opened == SwipeOpenRow(item: "b", edge: direction == .ltr ? .trailing : .leading))
        #expect(step.violation?.invariant == (kind == .unmirrored && direction == .rtl ? .edge : nil))
        #expect(SwipeHandler<StringID>(kind).edge(forDX: 0, direction: direction) == nil)
    }

    @Test(
        "every handler shows no labels for an item that is not a present reorderable item, as the model derives (spec 4)",
        arguments: SwipeHandlerKind.allCases)
    func labelsOfAbsentItems(kind: SwipeHandlerKind) {
        var rows = SwipeRows("a b c", fixed: "h")
        var run = Run(configuration: Fix.config(), handler: SwipeHandler(kind))
        #expect(run.handle(.swipe(item: "b", dx: 20), data: rows).violation == nil)  // b's leading edge opened once
        _ = run.handle(.scroll(dy: 1), data: rows)
        func shown(_ item: StringID, _ edge: SwipeEdge) -> [String] {
            run.handler.labels(
                item: item, edge: edge, data: SwipeData(items: rows.reorderableItems(inCollectionOf: item), flags: run.model.flags))
        }
        #expect(shown("a", .trailing) == ["Delete", "Flag"])
        #expect(shown("h", .trailing) == [])  // fixed: a row without actions
        #expect(shown("h", .trailing) == run.model.labels(item: "h", edge: .trailing, geometry: rows))
        #expect(shown("zz", .leading) == [])  // never present
        rows.delete("b")
        #expect(run.dataChanged(data: rows).violation == nil)
        #expect(shown("b", .leading) == [])  // gone, even for the handler that remembers its first labels
        #expect(shown("b", .leading) == run.model.labels(item: "b", edge: .leading, geometry: rows))
    }

    @Test("the conformance driver catches an engine-shaped mistake: identity across a data change")
    func identityThroughDriver() {
        var rows = SwipeRows("a b c")
        var run = Run(configuration: Fix.config(), handler: .named("correct")!)
        _ = run.handle(.swipe(item: "b", dx: -30), data: rows)
        rows.move("b", before: nil)
        #expect(run.dataChanged(data: rows).violation == nil)
        #expect(run.model.open == SwipeOpenRow(item: "b", edge: .trailing))
        rows.sections = [.init(fixed: ["b"], items: ["a", "c"])]
        let fixed = run.dataChanged(data: rows)
        #expect(fixed.violation == nil)
        #expect(fixed.step.closed == "b")
    }

    @Test(
        "a random campaign: each built-in breaks exactly the invariant it is built to break; correct breaks none",
        arguments: SwipeHandlerKind.allCases)
    func campaign(kind: SwipeHandlerKind) {
        var found: [Invariant: Int] = [:]
        var rng = SplitMix64(seed: 0x5EED_0000 &+ UInt64(SwipeHandlerKind.allCases.firstIndex(of: kind)!))
        for _ in 0..<400 {
            if let v = SwipeRandomCase.run(SwipeHandler(kind), steps: 40, using: &rng) { found[v.invariant, default: 0] += 1 }
        }
        #expect(Set(found.keys) == Set([kind.breaks].compactMap { $0 }), "found \(found)")
    }
}

/// One random case: a random configuration and data, then swipes, taps,
/// scrolls, lifts and mutations, with the test acting as the engine
/// (it performs the deletes destructive actions ask for and reports every
/// data change). Returns the first violation.
enum SwipeRandomCase {
    static func run<G: RandomNumberGenerator>(_ handler: SwipeHandler<StringID>, steps: Int, using rng: inout G) -> SwipeViolation? {
        let config = configuration(using: &rng)
        var rows = SwipeRows(sections: "a b c d", "e f")
        if Bool.random(using: &rng) { rows.sections[0].fixed = ["h"] }
        var run = SwipeConformance(configuration: config, handler: handler)
        var fresh = 0
        var gone: [StringID] = ["zz"]
        for _ in 0..<steps {
            let entries = rows.entries
            let roll = Int.random(in: 0..<100, using: &rng)
            var checked: SwipeCheckedStep<StringID>
            if roll < 40 {
                let item = (entries + gone).randomElement(using: &rng)!
                let magnitude: Double = [0, 5, 10, 15, 20, 30, 45, 59, 60, 100].randomElement(using: &rng)!
                checked = run.handle(.swipe(item: item, dx: Bool.random(using: &rng) ? magnitude : -magnitude), data: rows)
            } else if roll < 60 {
                var point = Point(x: Double.random(in: -5..<105, using: &rng), y: Double.random(in: -5..<90, using: &rng))
                if let open = run.model.open, Int.random(in: 0..<10, using: &rng) < 8, let frame = rows.frame(of: open.item) {
                    let k = Int.random(in: 0..<3, using: &rng)
                    if let button = config.buttonFrame(k, in: frame, edge: open.edge) { point = Point(x: button.midX, y: button.midY) }
                }
                checked = run.handle(.tap(point), data: rows)
            } else if roll < 65 {
                checked = run.handle(.scroll(dy: 3), data: rows)
            } else if roll < 70 {
                checked = run.handle(.lift, data: rows)
            } else {
                mutate(&rows, fresh: &fresh, gone: &gone, using: &rng)
                checked = run.dataChanged(data: rows)
            }
            if let violation = checked.violation { return violation }
            if case .delete(let item) = checked.step.action?.effect {
                rows.delete(item)
                gone.append(item)
                if let violation = run.dataChanged(data: rows).violation { return violation }
            }
        }
        return nil
    }

    static func configuration<G: RandomNumberGenerator>(using rng: inout G) -> SwipeConfiguration<StringID> {
        let archive = SwipeAction(name: "archive", label: "Archive")
        let trailing = [[Fix.delete, Fix.flag], [Fix.delete], [Fix.flag, Fix.delete]].randomElement(using: &rng)!
        return SwipeConfiguration(
            actionWidth: [20, 25, 30, 40].randomElement(using: &rng)!,
            fullSwipe: [0.6, 0.9, 1].randomElement(using: &rng)!,
            direction: Bool.random(using: &rng) ? .ltr : .rtl,
            leading: SwipeEdgeActions(
                actions: Bool.random(using: &rng) ? [Fix.pin] : [Fix.pin, archive],
                allowsFullSwipe: Bool.random(using: &rng)),
            trailing: SwipeEdgeActions(actions: trailing, allowsFullSwipe: Bool.random(using: &rng)),
            flags: ["pinned": ["a", "b", "c", "d", "e"].filter { _ in Bool.random(using: &rng) }])
    }

    static func mutate<G: RandomNumberGenerator>(_ rows: inout SwipeRows, fresh: inout Int, gone: inout [StringID], using rng: inout G) {
        let items = rows.sections.flatMap(\.items)
        switch Int.random(in: 0..<5, using: &rng) {
        case 0, 1:
            // A sync inserts a new row, or brings back a deleted ID, mostly at the top.
            var id: StringID = "n\(fresh)"
            if let back = gone.last, back != "zz", Bool.random(using: &rng) {
                id = back
                gone.removeLast()
            } else {
                fresh += 1
            }
            let section = Int.random(in: 0..<rows.sections.count, using: &rng)
            rows.insert(id, at: Bool.random(using: &rng) ? 0 : Int.random(in: 0...5, using: &rng), section: section)
        case 2:
            guard let victim = items.randomElement(using: &rng) else { return }
            rows.delete(victim)
            gone.append(victim)
        case 3:
            guard let moved = items.randomElement(using: &rng) else { return }
            rows.move(
                moved, before: items.randomElement(using: &rng).flatMap { $0 == moved ? nil : $0 },
                section: Int.random(in: 0..<rows.sections.count, using: &rng))
        default:
            // A reload: the same rows shuffled, one of them fixed now or none.
            var all = items.shuffled(using: &rng)
            let fixed = Bool.random(using: &rng) && !all.isEmpty ? [all.removeFirst()] : []
            let cut = Int.random(in: 0...all.count, using: &rng)
            rows.sections = [.init(fixed: fixed, items: Array(all[..<cut])), .init(fixed: [], items: Array(all[cut...]))]
        }
    }
}
