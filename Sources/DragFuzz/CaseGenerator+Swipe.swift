import ReorderCore
import ReorderSwipe

// Swipe actions in generated cases (`swipe-v1`): a swipe section per case,
// and gestures aimed where the rules change their answer: the open
// threshold `n * actionWidth / 2` and the full-swipe threshold
// `fullSwipe * width`, a hundredth either side; taps on each button of the
// open row and beside them; scrolls. Every choice shrinks to the plainest.

extension CaseGenerator {
    /// The case's swipe section, when its profile has swipes.
    mutating func makeSwipe() {
        guard profile.swipes > 0 else { return }
        let all = setup.container.collections.flatMap { Array($0.items) }
        var flags: [String: [Int]] = [:]
        var toggles = 0
        func edge(_ maxActions: Int) -> SwipeEdgeActions {
            var actions: [SwipeAction] = []
            for k in 0..<(1 + choices.draw(maxActions - 1)) {
                switch choices.draw(2) {
                case 1: actions.append(SwipeAction(name: "delete\(k)", label: "Delete", role: .destructive))
                case 2:
                    let flag = "f\(toggles)"
                    toggles += 1
                    actions.append(SwipeAction(name: "pin\(k)", label: "Pin", toggle: flag, labelOn: "Unpin"))
                    if !all.isEmpty && choices.weighted(50) { flags[flag] = [all[choices.draw(all.count - 1)]] }
                default: actions.append(SwipeAction(name: "flag\(k)", label: "Flag \(k)"))
                }
            }
            return SwipeEdgeActions(actions: actions, allowsFullSwipe: !choices.weighted(30))
        }
        let trailing = choices.weighted(85) ? edge(3) : nil
        let leading = choices.weighted(60) ? edge(2) : nil
        let swipe = SwipeConfiguration<Int>(
            actionWidth: [40, 80, 25][choices.draw(2)], fullSwipe: [0.6, 1, 0.3][choices.draw(2)],
            direction: choices.weighted(40) ? .rtl : .ltr, leading: leading, trailing: trailing, flags: flags)
        fuzzCase.swipe = swipe
    }

    /// A `swipe`, `tap` or `scroll`.
    mutating func nextGesture() -> SessionEvent<Int, Int> {
        // With a row open, taps come first: its buttons are what to press.
        let open = engine.swipe?.open != nil
        switch choices.draw(2) {
        case 0: return open ? .tap(at: tapPoint()) : nextSwipe()
        case 1: return open ? nextSwipe() : .tap(at: tapPoint())
        default: return .scroll(dy: choices.weighted(50) ? -12 : 12)
        }
    }

    /// A swipe on an entry (or, rarely, a gone item), its travel at or a
    /// hair below a threshold of the edge it points at.
    mutating func nextSwipe() -> SessionEvent<Int, Int> {
        let entries = entries()
        // Half the time the row swiped last (its labels after a toggle, its
        // edge again, a second swipe while open); otherwise any entry.
        let recent = engine.swipe?.presentations.last?.item
        let item =
            if let recent, choices.weighted(50) { recent } else if entries.isEmpty || choices.weighted(5) { FuzzIDs.absentBase } else {
                pick(entries)
            }
        guard let swipe = fuzzCase.swipe else { return .swipe(item: item, dx: -40) }
        let sign = choices.weighted(50) ? 1.0 : -1.0
        let edge = SwipeEdge(dx: sign, direction: swipe.direction) ?? .trailing
        let n = Double(max(1, swipe.actions(on: edge).count))
        let width = engine.layout.frame(of: item, in: engine.container)?.width ?? engine.layout.width
        let open = n * swipe.actionWidth / 2
        let full = swipe.fullSwipe * width
        let travel: Double =
            switch choices.draw(7) {
            case 0: open
            case 1: full
            case 2: open - 0.01
            case 3: full - 0.01
            case 4: max(open, full) + 20
            case 5: 5
            case 6: 0
            default: width
            }
        return .swipe(item: item, dx: sign * travel)
    }

    /// On a button of the open row (the centre of button k), on the row
    /// beside its buttons, on another row, or outside the container.
    mutating func tapPoint() -> Point {
        let layout = engine.layout
        if let swipe = fuzzCase.swipe, let open = engine.swipe?.open, let frame = layout.frame(of: open.item, in: engine.container) {
            switch choices.draw(3) {
            case 0:
                let n = swipe.actions(on: open.edge).count
                if let button = swipe.buttonFrame(choices.draw(max(0, n - 1)), in: frame, edge: open.edge) {
                    return Point(x: button.midX, y: button.midY)
                }
            case 1:
                // The row's own content: the side away from the open edge.
                let right = open.edge.isRightSide(in: swipe.direction)
                return Point(x: right ? frame.x + 1 : frame.x + frame.width - 1, y: frame.midY)
            case 2:
                return Point(x: -1, y: frame.midY)
            default:
                break
            }
        }
        let entries = entries()
        guard !entries.isEmpty, let frame = layout.frame(of: pick(entries), in: engine.container) else { return Point(x: 1, y: 1) }
        return Point(x: frame.midX, y: frame.midY)
    }
}
