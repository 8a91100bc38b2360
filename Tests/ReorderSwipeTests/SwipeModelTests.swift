import ReorderConformance
import ReorderCore
import ReorderSwipe
import TestSupport
import Testing

// Rows "a b c d" (a at y 0..<10, b 10..<20, ...), 100 wide. The standard
// configuration (SwipeFixture.config): buttons 30 wide, trailing [delete,
// flag] opens at 30, leading [pin] opens at 15 and has no full swipe, a full
// swipe is 60, "pinned" starts set on "b".

private typealias Fix = SwipeFixture
private let directions: [LayoutDirection] = [.ltr, .rtl]

@Suite("Swipe model: the swipe event (swipe-v1 3)")
struct SwipeEventTests {
    let rows = SwipeRows("a b c d", fixed: "")

    @Test(
        "the edge rule: dx < 0 is trailing in ltr and leading in rtl; dx == 0 (and NaN) is none",
        arguments: [
            (-1.0, LayoutDirection.ltr, SwipeEdge?.some(.trailing)), (1, .ltr, .leading), (0, .ltr, nil), (-0.0, .ltr, nil),
            (-1, .rtl, .leading), (1, .rtl, .trailing), (0, .rtl, nil), (.nan, .ltr, nil), (.nan, .rtl, nil),
            (-.infinity, .ltr, .trailing), (.leastNonzeroMagnitude, .rtl, .trailing),
        ])
    func edgeRule(dx: Double, direction: LayoutDirection, edge: SwipeEdge?) {
        #expect(SwipeEdge(dx: dx, direction: direction) == edge)
    }

    @Test("step 6: |dx| >= n * actionWidth / 2 opens the row on that edge", arguments: directions, SwipeEdge.allCases)
    func opensAtThreshold(direction: LayoutDirection, edge: SwipeEdge) {
        var model = SwipeModel(configuration: Fix.config(direction))
        let threshold = edge == .trailing ? 2 * 30.0 / 2 : 1 * 30.0 / 2
        let step = model.swipe(item: "b", dx: Fix.dx(edge, threshold, direction), geometry: rows)
        #expect(step == SwipeStepResult(opened: SwipeOpenRow(item: "b", edge: edge)))
        #expect(Array(step.reports) == [.opened("b")])
        #expect(model.open == SwipeOpenRow(item: "b", edge: edge))
        #expect(model.presentations == [.opened("b")])
        #expect(model.performed == nil)
    }

    @Test("step 7: just below n * actionWidth / 2 nothing changes", arguments: directions, SwipeEdge.allCases)
    func shortOfThreshold(direction: LayoutDirection, edge: SwipeEdge) {
        var model = SwipeModel(configuration: Fix.config(direction))
        let threshold = edge == .trailing ? 2 * 30.0 / 2 : 1 * 30.0 / 2
        let step = model.swipe(item: "b", dx: Fix.dx(edge, threshold.nextDown, direction), geometry: rows)
        #expect(step.isEmpty)
        #expect(model.open == nil)
        #expect(model.presentations.isEmpty)
    }

    @Test("step 5: |dx| >= fullSwipe * width performs the first action on a closed row, reporting nothing", arguments: directions)
    func fullSwipeAtThreshold(direction: LayoutDirection) {
        var model = SwipeModel(configuration: Fix.config(direction))
        let step = model.swipe(item: "b", dx: Fix.dx(.trailing, 0.6 * 100, direction), geometry: rows)
        #expect(step == SwipeStepResult(action: SwipeActionResult(item: "b", edge: .trailing, action: "delete", effect: .delete("b"))))
        #expect(step.reports.isEmpty)
        #expect(model.open == nil)
        #expect(model.presentations.isEmpty)
        #expect(model.performed == PerformedAction(item: "b", action: "delete"))
    }

    @Test("step 5: just below fullSwipe * width it is no full swipe (here it opens)", arguments: directions)
    func shortOfFullSwipe(direction: LayoutDirection) {
        var model = SwipeModel(configuration: Fix.config(direction))
        let step = model.swipe(item: "b", dx: Fix.dx(.trailing, (0.6 * 100).nextDown, direction), geometry: rows)
        #expect(step == SwipeStepResult(opened: SwipeOpenRow(item: "b", edge: .trailing)))
        #expect(model.performed == nil)
    }

    @Test("step 5: a full swipe on an open row closes it before the action", arguments: directions)
    func fullSwipeOnOpenRow(direction: LayoutDirection) {
        var model = Fix.opened("b", .trailing, Fix.config(direction), rows)
        let step = model.swipe(item: "b", dx: Fix.dx(.trailing, 60, direction), geometry: rows)
        let delete = SwipeActionResult<StringID>(item: "b", edge: .trailing, action: "delete", effect: .delete("b"))
        #expect(step == SwipeStepResult(closed: "b", action: delete))
        #expect(Array(step.reports) == [.closed("b")])
        #expect(step.messages == [.close("b"), .perform(delete)])
        #expect(model.open == nil)
        #expect(model.presentations == [.opened("b"), .closed("b")])
    }

    @Test("a destructive full swipe: the engine's delete and data change report nothing more; the item's flags go")
    func destructiveFullSwipe() {
        var rows = rows
        var model = Fix.opened("b", .trailing, Fix.config(), rows)
        #expect(model.isFlagSet("pinned", on: "b"))
        let step = model.swipe(item: "b", dx: -100, geometry: rows)
        #expect(step.action?.effect == .delete("b"))
        rows.delete("b")
        #expect(model.dataChanged(geometry: rows).isEmpty)
        #expect(model.presentations == [.opened("b"), .closed("b")])
        #expect(model.flags.isEmpty)
        #expect(model.labels(item: "b", edge: .trailing, geometry: rows) == [])
    }

    @Test("step 5: without allowsFullSwipe a long swipe only opens", arguments: [1e6, .infinity, .greatestFiniteMagnitude])
    func noFullSwipe(magnitude: Double) {
        var model = SwipeModel(configuration: Fix.config())
        let step = model.swipe(item: "a", dx: Fix.dx(.leading, magnitude, .ltr), geometry: rows)
        #expect(step == SwipeStepResult(opened: SwipeOpenRow(item: "a", edge: .leading)))
        #expect(model.performed == nil)
    }

    @Test("step 5: a toggle's full swipe flips the item's flag")
    func fullSwipeToggle() {
        var model = SwipeModel(configuration: Fix.config(leadingFull: true))
        #expect(model.labels(item: "b", edge: .leading, geometry: rows) == ["Unpin"])
        let off = model.swipe(item: "b", dx: 60, geometry: rows)
        let unpin = SwipeActionResult<StringID>(
            item: "b", edge: .leading, action: "pin", effect: .toggle(flag: "pinned", item: "b", isSet: false))
        #expect(off.action == unpin)
        #expect(model.flags.isEmpty)
        #expect(model.labels(item: "b", edge: .leading, geometry: rows) == ["Pin"])
        let on = model.swipe(item: "b", dx: 61, geometry: rows)
        #expect(on.action?.effect == .toggle(flag: "pinned", item: "b", isSet: true))
        #expect(model.flags == ["pinned": ["b"]])
        #expect(model.labels(item: "b", edge: .leading, geometry: rows) == ["Unpin"])
        #expect(model.presentations.isEmpty)
    }

    @Test("step 5: an action with no role and no toggle changes nothing")
    func fullSwipePlainAction() {
        var config = Fix.config()
        config.trailing = SwipeEdgeActions(actions: [Fix.flag, Fix.delete])
        var model = SwipeModel(configuration: config)
        let step = model.swipe(item: "c", dx: -60, geometry: rows)
        #expect(step.action == SwipeActionResult<StringID>(item: "c", edge: .trailing, action: "flag", effect: .none))
        #expect(model.performed == PerformedAction(item: "c", action: "flag"))
        #expect(model.flags == ["pinned": ["b"]])
    }

    @Test("step 5 comes before step 6: with the spec's 80-point buttons a trailing swipe of 60 is a full swipe")
    func fullSwipeBeforeOpen() {
        var model = SwipeModel(configuration: Fix.specExample)
        #expect(model.swipe(item: "b", dx: -59.5, geometry: rows).isEmpty)  // below 60 and below 2 * 80 / 2
        #expect(model.swipe(item: "b", dx: -60, geometry: rows).action?.action == "delete")
        // Leading [pin]: opens at 1 * 80 / 2 = 40; no full swipe there.
        #expect(model.swipe(item: "a", dx: 39.5, geometry: rows).isEmpty)
        #expect(model.swipe(item: "a", dx: 40, geometry: rows).opened == SwipeOpenRow(item: "a", edge: .leading))
    }

    @Test("step 1: another open row closes first, whatever happens next", arguments: directions)
    func anotherRowCloses(direction: LayoutDirection) {
        let config = Fix.config(direction)
        var rows = SwipeRows("a b c d", fixed: "h")
        var model = Fix.opened("a", .trailing, config, rows)
        let open = model.swipe(item: "b", dx: Fix.dx(.trailing, 30, direction), geometry: rows)
        #expect(Array(open.reports) == [.closed("a"), .opened("b")])
        #expect(model.open == SwipeOpenRow(item: "b", edge: .trailing))

        let short = model.swipe(item: "c", dx: Fix.dx(.trailing, 10, direction), geometry: rows)
        #expect(short == SwipeStepResult(closed: "b"))

        model.swipe(item: "c", dx: Fix.dx(.leading, 20, direction), geometry: rows)
        #expect(model.swipe(item: "h", dx: -50, geometry: rows) == SwipeStepResult(closed: "c"))

        model.swipe(item: "d", dx: Fix.dx(.leading, 20, direction), geometry: rows)
        rows.delete("z")
        #expect(model.swipe(item: "z", dx: -50, geometry: rows) == SwipeStepResult(closed: "d", warnings: [.swipedGoneItem("z")]))
        #expect(
            model.presentations == [
                .opened("a"), .closed("a"), .opened("b"), .closed("b"), .opened("c"), .closed("c"),
                .opened("d"), .closed("d"),
            ])
    }

    @Test("step 2: a fixed item has no actions; a gone item warns")
    func notReorderable() {
        let rows = SwipeRows("a b", fixed: "h")
        var model = SwipeModel(configuration: Fix.config())
        #expect(model.swipe(item: "h", dx: -30, geometry: rows).isEmpty)
        #expect(model.swipe(item: "h", dx: -100, geometry: rows).isEmpty)
        #expect(model.swipe(item: "zz", dx: -30, geometry: rows) == SwipeStepResult(warnings: [.swipedGoneItem("zz")]))
        #expect(model.open == nil && model.performed == nil && model.presentations.isEmpty)
        #expect("\(SwipeWarning<StringID>.swipedGoneItem("zz"))" == "swipe: item \"zz\" does not exist; nothing happens")
    }

    @Test(
        "step 3: an open row swiped towards its other edge, or with dx == 0, closes and nothing more",
        arguments: directions, [15.0, 60, 1e9, 0, .nan])
    func otherEdgeCloses(direction: LayoutDirection, magnitude: Double) {
        var model = Fix.opened("b", .trailing, Fix.config(direction, leadingFull: true), rows)
        let step = model.swipe(item: "b", dx: Fix.dx(.leading, magnitude, direction), geometry: rows)
        #expect(step == SwipeStepResult(closed: "b"))
        #expect(model.open == nil)
        #expect(model.performed == nil)
        #expect(model.flags == ["pinned": ["b"]])
    }

    @Test("step 4: an edge without actions (absent, or an empty list) does nothing")
    func edgeWithoutActions() {
        var config = Fix.config()
        config.leading = nil
        var model = SwipeModel(configuration: config)
        #expect(model.swipe(item: "b", dx: 100, geometry: rows).isEmpty)
        config.leading = SwipeEdgeActions(actions: [])
        model = SwipeModel(configuration: config)
        #expect(model.swipe(item: "b", dx: 100, geometry: rows).isEmpty)
        #expect(model.swipe(item: "b", dx: 1, geometry: rows).isEmpty)
        #expect(model.labels(item: "b", edge: .leading, geometry: rows) == [])
    }

    @Test("step 6: a row already open on that edge does not change", arguments: directions, [30.0, 45, 59.9])
    func alreadyOpen(direction: LayoutDirection, magnitude: Double) {
        var model = Fix.opened("b", .trailing, Fix.config(direction), rows)
        #expect(model.swipe(item: "b", dx: Fix.dx(.trailing, magnitude, direction), geometry: rows).isEmpty)
        #expect(model.open == SwipeOpenRow(item: "b", edge: .trailing))
        #expect(model.presentations == [.opened("b")])
    }

    @Test("step 7: a short swipe leaves an open row open (it snaps back)", arguments: directions)
    func shortSwipeOnOpenRow(direction: LayoutDirection) {
        var model = Fix.opened("b", .trailing, Fix.config(direction), rows)
        #expect(model.swipe(item: "b", dx: Fix.dx(.trailing, 5, direction), geometry: rows).isEmpty)
        #expect(model.open == SwipeOpenRow(item: "b", edge: .trailing))
    }

    @Test("the same row reopens on its other edge after a second swipe, with two reports")
    func reopenOtherEdge() {
        var model = Fix.opened("b", .trailing, Fix.config(), rows)
        model.swipe(item: "b", dx: 20, geometry: rows)  // closes
        model.swipe(item: "b", dx: 20, geometry: rows)  // opens leading
        #expect(model.open == SwipeOpenRow(item: "b", edge: .leading))
        #expect(model.presentations == [.opened("b"), .closed("b"), .opened("b")])
    }
}

@Suite("Swipe model: scroll, lift and tap (swipe-v1 2, 3)")
struct SwipeDismissTests {
    let rows = SwipeRows("a b c d")

    @Test("scroll and lift close the open row; with none open they do nothing")
    func scrollAndLift() {
        var model = Fix.opened("b", .trailing, Fix.config(), rows)
        #expect(model.scroll() == SwipeStepResult(closed: "b"))
        #expect(model.scroll().isEmpty)
        model.swipe(item: "c", dx: 20, geometry: rows)
        #expect(model.handle(.lift, geometry: rows) == SwipeStepResult(closed: "c"))
        #expect(model.lift().isEmpty)
        #expect(model.handle(.scroll(dy: 0), geometry: rows).isEmpty)
        #expect(model.presentations == [.opened("b"), .closed("b"), .opened("c"), .closed("c")])
    }

    @Test("a tap with no row open does nothing, even where buttons would be")
    func tapNothingOpen() {
        var model = SwipeModel(configuration: Fix.config())
        #expect(model.tap(at: Point(x: 95, y: 15), geometry: rows).isEmpty)
        #expect(model.performed == nil)
    }

    /// Button k of 2 on the trailing edge, 30 wide: on the right side in ltr
    /// (`right - (k + 1) * 30 <= x < right - k * 30`), on the left in rtl
    /// (`left + k * 30 <= x < left + (k + 1) * 30`).
    static func trailingBounds(_ k: Int, _ direction: LayoutDirection) -> (low: Double, high: Double) {
        direction == .ltr ? (100 - Double(k + 1) * 30, 100 - Double(k) * 30) : (Double(k) * 30, Double(k + 1) * 30)
    }

    /// (k, at the high end of its range): each button at both of its ends.
    static let buttonEnds = [(0, false), (0, true), (1, false), (1, true)]

    @Test("a tap on button k performs action k, then closes the row once", arguments: directions, buttonEnds)
    func tapButton(direction: LayoutDirection, button: (k: Int, atHigh: Bool)) {
        let (k, atHigh) = button
        var model = Fix.opened("b", .trailing, Fix.config(direction), rows)
        let (low, high) = Self.trailingBounds(k, direction)
        let x = atHigh ? high.nextDown : low
        let step = model.tap(at: Point(x: x, y: 10), geometry: rows)
        let name = ["delete", "flag"][k]
        let action = SwipeActionResult<StringID>(item: "b", edge: .trailing, action: name, effect: k == 0 ? .delete("b") : .none)
        #expect(step == SwipeStepResult(closed: "b", action: action, actionPrecedesClose: true))
        #expect(step.messages == [.perform(action), .close("b")])
        #expect(model.open == nil)
        #expect(model.performed == PerformedAction(item: "b", action: name))
        #expect(model.presentations == [.opened("b"), .closed("b")])
    }

    @Test("just past the last button is no button: the row closes, no action", arguments: directions)
    func tapJustOutside(direction: LayoutDirection) {
        var model = Fix.opened("b", .trailing, Fix.config(direction), rows)
        let (low, high) = Self.trailingBounds(1, direction)
        let x = direction == .ltr ? low.nextDown : high
        #expect(model.tap(at: Point(x: x, y: 19.999), geometry: rows) == SwipeStepResult(closed: "b"))
        #expect(model.performed == nil)
    }

    @Test(
        "leading buttons sit on the left in ltr and on the right in rtl",
        arguments: [
            (LayoutDirection.ltr, 0.0, true), (.ltr, 29.99, true), (.ltr, 30, false),
            (.rtl, 70, true), (.rtl, 99.99, true), (.rtl, 69.99, false),
        ])
    func leadingButton(direction: LayoutDirection, x: Double, hits: Bool) {
        var model = Fix.opened("b", .leading, Fix.config(direction), rows)
        let step = model.tap(at: Point(x: x, y: 15), geometry: rows)
        #expect(step.closed == "b")
        #expect(
            step.action
                == (hits
                    ? SwipeActionResult(
                        item: "b", edge: .leading, action: "pin",
                        effect: .toggle(flag: "pinned", item: "b", isSet: false)) : nil))
        #expect(model.isFlagSet("pinned", on: "b") == !hits)
    }

    @Test(
        "any other point closes the row: its own content, another row, outside the container",
        arguments: [
            Point(x: 20, y: 15), Point(x: 80, y: 25), Point(x: 80, y: 9.99), Point(x: 100, y: 15), Point(x: -1, y: 15),
            Point(x: .nan, y: 15), Point(x: 80, y: -1e300),
        ])
    func tapElsewhere(point: Point) {
        var model = Fix.opened("b", .trailing, Fix.config(), rows)
        #expect(model.tap(at: point, geometry: rows) == SwipeStepResult(closed: "b"))
        #expect(model.performed == nil)
    }

    @Test("a point outside the container is on no button, even inside the row's frame")
    func outsideContainer() {
        var rows = rows
        rows.height = 15  // b's frame is 10..<20: its lower half is outside
        var model = Fix.opened("b", .trailing, Fix.config(), rows)
        #expect(model.tap(at: Point(x: 80, y: 16), geometry: rows) == SwipeStepResult(closed: "b"))
        model = Fix.opened("b", .trailing, Fix.config(), rows)
        #expect(model.tap(at: Point(x: 80, y: 14), geometry: rows).action?.action == "delete")
    }

    @Test(
        "only the parts of buttons inside the frame count",
        arguments: [
            (LayoutDirection.ltr, 0.0, "flag"), (.ltr, 19.99, "flag"), (.ltr, 20, "delete"), (.ltr, 99.99, "delete"),
            (.rtl, 99.99, "flag"), (.rtl, 80, "flag"), (.rtl, 79.99, "delete"), (.rtl, 0, "delete"),
        ])
    func clippedButtons(direction: LayoutDirection, x: Double, action: String) {
        // 80-point buttons on a 100-point row: button 1 of the right edge covers -60..<20, clipped to 0..<20.
        var model = SwipeModel(configuration: Fix.config(direction, actionWidth: 80, trailingFull: false))
        model.swipe(item: "b", dx: Fix.dx(.trailing, 80, direction), geometry: rows)
        #expect(model.open == SwipeOpenRow(item: "b", edge: .trailing))
        #expect(model.tap(at: Point(x: x, y: 15), geometry: rows).action?.action == action)
    }

    @Test("a tap on a destructive button closes the row once; the engine's delete reports nothing more")
    func tapDelete() {
        var rows = rows
        var model = Fix.opened("b", .trailing, Fix.config(), rows)
        let step = model.tap(at: Point(x: 85, y: 15), geometry: rows)
        #expect(step.action?.effect == .delete("b"))
        #expect(Array(step.reports) == [.closed("b")])
        rows.delete("b")
        #expect(model.dataChanged(geometry: rows).isEmpty)
        #expect(model.presentations == [.opened("b"), .closed("b")])
        #expect(model.performed == PerformedAction(item: "b", action: "delete"))
    }

    @Test("button geometry on a frame that does not start at x = 0 (an hstack entry)")
    func offsetFrame() {
        let frame = Rect(x: 200, y: 0, width: 100, height: 50)
        let ltr = Fix.config(.ltr)
        let rtl = Fix.config(.rtl)
        // Trailing, ltr: right side, 270..<300 and 240..<270.
        #expect(ltr.button(at: Point(x: 270, y: 0), in: frame, edge: .trailing) == 0)
        #expect(ltr.button(at: Point(x: 269.99, y: 49.99), in: frame, edge: .trailing) == 1)
        #expect(ltr.button(at: Point(x: 239.99, y: 1), in: frame, edge: .trailing) == nil)
        #expect(ltr.button(at: Point(x: 300, y: 1), in: frame, edge: .trailing) == nil)
        #expect(ltr.button(at: Point(x: 280, y: 50), in: frame, edge: .trailing) == nil)
        // Trailing, rtl: left side, 200..<230 and 230..<260.
        #expect(rtl.button(at: Point(x: 200, y: 1), in: frame, edge: .trailing) == 0)
        #expect(rtl.button(at: Point(x: 230, y: 1), in: frame, edge: .trailing) == 1)
        #expect(rtl.button(at: Point(x: 260, y: 1), in: frame, edge: .trailing) == nil)
        #expect(rtl.button(at: Point(x: 199.99, y: 1), in: frame, edge: .trailing) == nil)
        // Leading, ltr: left side 200..<230; rtl: right side 270..<300.
        #expect(ltr.button(at: Point(x: 229.99, y: 1), in: frame, edge: .leading) == 0)
        #expect(rtl.button(at: Point(x: 270, y: 1), in: frame, edge: .leading) == 0)
        #expect(rtl.button(at: Point(x: 269.99, y: 1), in: frame, edge: .leading) == nil)
        // The part of each button inside the frame, for aiming.
        #expect(ltr.buttonFrame(1, in: frame, edge: .trailing) == Rect(x: 240, y: 0, width: 30, height: 50))
        #expect(rtl.buttonFrame(1, in: frame, edge: .trailing) == Rect(x: 230, y: 0, width: 30, height: 50))
        #expect(ltr.buttonFrame(2, in: frame, edge: .trailing) == nil)
        let wide = Fix.config(.ltr, actionWidth: 80)
        #expect(wide.buttonFrame(1, in: frame, edge: .trailing) == Rect(x: 200, y: 0, width: 20, height: 50))
        #expect(Fix.config(.ltr, actionWidth: 120).buttonFrame(1, in: frame, edge: .trailing) == nil)
    }
}

@Suite("Swipe model: labels and flags (swipe-v1 1, 4)")
struct SwipeLabelTests {
    @Test("labels come from the current flags, whether or not the row is open")
    func labels() {
        let rows = SwipeRows("a b c", fixed: "h")
        let model = SwipeModel(configuration: Fix.config())
        #expect(model.labels(item: "a", edge: .leading, geometry: rows) == ["Pin"])
        #expect(model.labels(item: "b", edge: .leading, geometry: rows) == ["Unpin"])
        #expect(model.labels(item: "b", edge: .trailing, geometry: rows) == ["Delete", "Flag"])
        #expect(model.labels(item: "h", edge: .trailing, geometry: rows) == [])  // fixed
        #expect(model.labels(item: "zz", edge: .trailing, geometry: rows) == [])  // gone
        var config = Fix.config()
        config.leading = nil
        #expect(SwipeModel(configuration: config).labels(item: "a", edge: .leading, geometry: rows) == [])
    }

    @Test("a tap on a toggle flips the flag and the labels follow")
    func toggleLabels() {
        let rows = SwipeRows("a b c")
        var model = Fix.opened("a", .leading, Fix.config(), rows)
        let step = model.tap(at: Point(x: 5, y: 5), geometry: rows)
        #expect(step.action?.effect == .toggle(flag: "pinned", item: "a", isSet: true))
        #expect(model.flags == ["pinned": ["a", "b"]])
        #expect(model.labels(item: "a", edge: .leading, geometry: rows) == ["Unpin"])
        #expect(model.labels(item: "c", edge: .leading, geometry: rows) == ["Pin"])
    }

    @Test("an action's label: labelOn only for a set toggle; a toggle without labelOn keeps its label")
    func actionLabels() {
        #expect(Fix.pin.label(isOn: true) == "Unpin" && Fix.pin.label(isOn: false) == "Pin")
        #expect(Fix.flag.label(isOn: true) == "Flag")
        #expect(SwipeAction(name: "x", label: "X", toggle: "f").label(isOn: true) == "X")
        #expect(SwipeAction(name: "x", label: "X", labelOn: "Y").label(isOn: true) == "X")
    }

    @Test("initial flags: empty lists are dropped; several flags and items")
    func initialFlags() {
        let model = SwipeModel(configuration: Fix.config(flags: ["pinned": ["a", "c"], "starred": [], "read": ["b"]]))
        #expect(model.flags == ["pinned": ["a", "c"], "read": ["b"]])
        #expect(model.isFlagSet("pinned", on: "c") && !model.isFlagSet("read", on: "a") && !model.isFlagSet("nope", on: "a"))
    }

    @Test("performed stays the last action; presentations keep every report in order")
    func expectationState() {
        let rows = SwipeRows("a b c")
        var model = SwipeModel(configuration: Fix.config())
        model.swipe(item: "c", dx: -60, geometry: rows)  // full swipe: delete c (not applied here)
        model.swipe(item: "a", dx: -30, geometry: rows)
        model.tap(at: Point(x: 20, y: 5), geometry: rows)  // a's content: buttons are 40..<100
        model.swipe(item: "b", dx: 20, geometry: rows)
        model.scroll()
        #expect(model.performed == PerformedAction(item: "c", action: "delete"))
        #expect(model.presentations == [.opened("a"), .closed("a"), .opened("b"), .closed("b")])
        #expect(model.open == nil)
    }
}

@Suite("Swipe model: data changes (swipe-v1 1, 3)")
struct SwipeDataChangeTests {
    @Test(
        "an open row stays open on its item across data changes that keep it",
        arguments: [
            "insert above", "insert below", "delete another", "move to the end", "move to the top", "reload keeping it",
            "move to another section", "fix another",
        ])
    func keeps(change: String) {
        var rows = SwipeRows(sections: "a b c", "d")
        var model = Fix.opened("b", .trailing, Fix.config(), rows)
        switch change {
        case "insert above": rows.insert("x", at: 0)
        case "insert below": rows.insert("x", at: 3)
        case "delete another": rows.delete("a")
        case "move to the end": rows.move("b", before: nil)
        case "move to the top": rows.move("b", before: "a")
        case "reload keeping it": rows.sections = [.init(fixed: ["h"], items: ["q", "b"]), .init(fixed: [], items: [])]
        case "move to another section": rows.move("b", before: "d", section: 1)
        default: rows.sections[0] = .init(fixed: ["a"], items: ["b", "c"])
        }
        #expect(model.dataChanged(geometry: rows).isEmpty)
        #expect(model.open == SwipeOpenRow(item: "b", edge: .trailing))
        #expect(model.presentations == [.opened("b")])
        // And the buttons follow the row to its new frame.
        let frame = rows.frame(of: "b")!
        #expect(model.tap(at: Point(x: 85, y: frame.y + 1), geometry: rows).action?.action == "delete")
    }

    @Test(
        "a row whose item is deleted, gone after a reload, or fixed after a reload closes",
        arguments: ["delete", "reload without it", "reload fixing it"])
    func closes(change: String) {
        var rows = SwipeRows("a b c")
        var model = Fix.opened("b", .trailing, Fix.config(), rows)
        switch change {
        case "delete": rows.delete("b")
        case "reload without it": rows.sections = [.init(fixed: [], items: ["a", "c", "x"])]
        default: rows.sections = [.init(fixed: ["b"], items: ["a", "c"])]
        }
        #expect(model.dataChanged(geometry: rows) == SwipeStepResult(closed: "b"))
        #expect(model.open == nil)
        #expect(model.presentations == [.opened("b"), .closed("b")])
        #expect(model.dataChanged(geometry: rows).isEmpty)
    }

    @Test("a flag of an item that is gone is gone: inserted again, the item starts with none")
    func flagsOfGoneItems() {
        var rows = SwipeRows("a b c")
        var model = SwipeModel(configuration: Fix.config(flags: ["pinned": ["b", "c"], "read": ["b"]]))
        rows.delete("b")
        model.dataChanged(geometry: rows)
        #expect(model.flags == ["pinned": ["c"]])
        rows.insert("b", at: 0)
        model.dataChanged(geometry: rows)
        #expect(model.labels(item: "b", edge: .leading, geometry: rows) == ["Pin"])
        #expect(model.labels(item: "c", edge: .leading, geometry: rows) == ["Unpin"])
    }

    @Test("itemsRemoved drops the flags of the items named, and only those")
    func itemsRemoved() {
        var model = SwipeModel(configuration: Fix.config(flags: ["pinned": ["a", "b"], "read": ["b"]]))
        model.itemsRemoved(["b", "zz"])
        #expect(model.flags == ["pinned": ["a"]])
        model.itemsRemoved(["a"])
        #expect(model.flags.isEmpty)
    }

    @Test("a reload that makes a flagged item fixed keeps its flag (it is still present); its labels are empty while fixed")
    func fixedKeepsFlag() {
        var rows = SwipeRows("a b")
        var model = SwipeModel(configuration: Fix.config())
        rows.sections = [.init(fixed: ["b"], items: ["a"])]
        model.dataChanged(geometry: rows)
        #expect(model.isFlagSet("pinned", on: "b"))
        #expect(model.labels(item: "b", edge: .leading, geometry: rows) == [])
        rows.sections = [.init(fixed: [], items: ["a", "b"])]
        #expect(model.labels(item: "b", edge: .leading, geometry: rows) == ["Unpin"])
    }
}

@Suite("Swipe model: no configuration traps")
struct SwipeRobustnessTests {
    static let weird: [SwipeConfiguration<StringID>] = {
        var configs: [SwipeConfiguration<StringID>] = []
        for width in [0, -5, .nan, .infinity, -.infinity, 1e308, .leastNonzeroMagnitude] as [Double] {
            for full in [0, -1, .nan, .infinity, 1e-300, 1] as [Double] {
                var c = Fix.config(width.isNaN ? .rtl : .ltr, actionWidth: width, leadingFull: true)
                c.fullSwipe = full
                configs.append(c)
            }
        }
        configs.append(SwipeConfiguration(leading: SwipeEdgeActions(actions: []), trailing: SwipeEdgeActions(actions: [])))
        configs.append(SwipeConfiguration())
        // Both roles at once, a toggle without labelOn, duplicate names: the format rejects them; the model must not trap.
        let odd = SwipeAction(name: "x", label: "X", role: .destructive, toggle: "f")
        let bare = SwipeAction(name: "y", label: "Y", toggle: "f")
        configs.append(SwipeConfiguration(leading: .init(actions: [odd, odd]), trailing: .init(actions: [bare])))
        return configs
    }()

    @Test("any configuration, any travel, any point: no trap, and the reports stay consistent", arguments: weird)
    func noTrap(config: SwipeConfiguration<StringID>) {
        var rows = SwipeRows("a b c", fixed: "h")
        var model = SwipeModel(configuration: config)
        let travels: [Double] = [0, -0.0, 1, -1, 15, -30, 60, -60, 1e308, -1e308, .infinity, -.infinity, .nan, .leastNonzeroMagnitude]
        let points = [Point(x: 0, y: 15), Point(x: 99.99, y: 15), Point(x: .nan, y: .nan), Point(x: .infinity, y: 15), Point(x: 50, y: 25)]
        for (i, dx) in travels.enumerated() {
            for item in ["a", "b", "h", "zz"] as [StringID] {
                model.swipe(item: item, dx: dx, geometry: rows)
                if let effect = model.swipe(item: item, dx: -dx, geometry: rows).action?.effect, case .delete(let gone) = effect {
                    rows.delete(gone)
                    rows.insert(gone, at: 0)
                }
                model.dataChanged(geometry: rows)
                model.tap(at: points[i % points.count], geometry: rows)
            }
            _ = model.labels(item: "a", edge: .leading, geometry: rows)
            if i % 3 == 0 { model.scroll() }
        }
        #expect(SwipePresentationLedger.check(model.presentations, open: model.open) == nil)
    }

    @Test("zero-width buttons open at any travel but cannot be tapped; NaN widths never open; a NaN fullSwipe never fires")
    func degenerate() {
        let rows = SwipeRows("a b")
        var zero = SwipeModel(configuration: Fix.config(actionWidth: 0))
        #expect(zero.swipe(item: "a", dx: -.leastNonzeroMagnitude, geometry: rows).opened == SwipeOpenRow(item: "a", edge: .trailing))
        #expect(zero.tap(at: Point(x: 99.99, y: 5), geometry: rows) == SwipeStepResult(closed: "a"))
        var nan = SwipeModel(configuration: Fix.config(actionWidth: .nan))
        #expect(nan.swipe(item: "a", dx: -59, geometry: rows).isEmpty)
        #expect(nan.swipe(item: "a", dx: -60, geometry: rows).action?.action == "delete")
        var config = Fix.config()
        config.fullSwipe = .nan
        var noFull = SwipeModel(configuration: config)
        #expect(noFull.swipe(item: "a", dx: -.infinity, geometry: rows).opened?.edge == .trailing)
    }
}
