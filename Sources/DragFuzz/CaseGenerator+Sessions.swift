import ReorderConformance
import ReorderCore
import ReorderSwipe

extension CaseGenerator {
    mutating func nextSessionEvent() -> (SessionEvent<Int, Int>, Aim?) {
        if choices.weighted(profile.mutations) { return (.drag(nextMutation()), nil) }
        if profile.swipes > 0 && choices.weighted(profile.swipes) { return (nextGesture(), nil) }
        let (event, aim) = nextDragEvent()
        return (.drag(event), aim)
    }

    mutating func nextDragEvent() -> (DragEvent<Int, Int>, Aim?) {
        // Read once: each `engine` is a copy of the whole model.
        let inFlight = checked.model.sessions
        let active = inFlight.keys.sorted()
        let pending = checked.model.pending.keys.sorted()
        let wantsApply = choices.weighted(40)  // drawn always, like `wantsLift` below
        if !pending.isEmpty && wantsApply { return (.apply(session: pending[choices.draw(pending.count - 1)]), nil) }
        let free = (0..<(profile.isLong ? 1 : runner.maxSessions)).filter { inFlight[$0]._isNone }
        // Drawn whatever the state, so deleting an earlier step (a lift) does
        // not shift the choices of the steps after it: shrinking stays aligned.
        let wantsLift = choices.weighted(25)
        if active.isEmpty || (!free.isEmpty && wantsLift) {
            return (lift(session: free[choices.draw(free.count - 1)]), nil)
        }
        let s = active[choices.draw(active.count - 1)]
        switch choices.draw(2) {
        case 0:
            let (p, aim) = location()
            return (.drop(session: s, at: p, deferred: choices.weighted(profile.deferred)), aim)
        case 1:
            let (p, aim) = location()
            return (.move(session: s, at: p), aim)
        default:
            return (.cancel(session: s), nil)
        }
    }

    mutating func lift(session s: Int) -> DragEvent<Int, Int> {
        sessions += 1
        let all = entries()
        let world = runner.world
        var external = all.isEmpty || choices.weighted(profile.external)
        if let world, world.external.isEmpty, !all.isEmpty { external = false }
        var items: [Int] = []
        if external {
            for _ in 0..<(1 + choices.draw(1)) { items.append(choices.weighted(10) && !all.isEmpty ? pick(all) : fresh()) }
        } else {
            for _ in 0..<(1 + choices.draw(2)) {
                let id = pick(all)
                if !items.contains(id) { items.append(id) }
            }
        }
        var seen = Set<Int>()
        items = items.filter { seen.insert($0).inserted }
        if let world, !external && !items.isEmpty {
            return .lift(
                session: s, items: items, at: Point(x: 1, y: 1), operations: worldLiftOperations(world, items: items), external: false)
        }
        if let world, external {
            let ops = world.external.isEmpty ? .move : world.external[choices.draw(world.external.count - 1)]
            return .lift(session: s, items: items, at: Point(x: 1, y: 1), operations: ops, external: true)
        }
        let ops: DropOperation.Set =
            external ? [.copy, .all, .move][choices.draw(2)] : (choices.weighted(10) ? [.copy, .all][choices.draw(1)] : .move)
        return .lift(session: s, items: items, at: Point(x: 1, y: 1), operations: ops, external: external)
    }

    /// An entry's centre (simplest), its leading half (checked against hit
    /// testing), a hair either side of an edge the hit test decides at,
    /// anywhere inside, or outside.
    mutating func location() -> (Point, Aim?) {
        let start = choices.choices.count
        let drawn = drawLocation()
        if runner.recordsSteps { locationChoices[stepCount] = start..<choices.choices.count }
        return drawn
    }

    /// `location()`'s draw. Its boundary mode on a board, drawn as
    /// `[2, 0, 0, c]`, is a hundredth of a point inside column `c`'s leading
    /// edge: the shrinker's `intoFrame` writes those choices.
    mutating func drawLocation() -> (Point, Aim?) {
        let layout = engine.layout
        let mode = choices.draw(4)
        if mode <= 1 {
            let frames = layout.frames(in: engine.container)
            let c = choices.draw(frames.count - 1)
            let k = choices.draw(frames[c].count)
            if k < frames[c].count {
                let f = frames[c][k]
                return mode == 0 ? (Point(x: f.midX, y: f.midY), nil) : (layout.leadingHalfPoint(of: f), Aim(collection: c, entry: k))
            }
            // Past the last entry of that collection.
            if let last = frames[c].last {
                switch layout.reorderAxis {
                case .vertical: return (Point(x: last.midX, y: last.y + last.height + 1), nil)
                case .horizontal: return (Point(x: last.x + last.width + 1, y: last.midY), nil)
                }
            }
            return (Point(x: 1, y: 1), nil)
        }
        if mode == 2 { return (boundaryLocation(), nil) }
        if mode == 3 {
            return (Point(x: Double(choices.draw(999)) / 1000 * layout.width, y: Double(choices.draw(999)) / 1000 * layout.height), nil)
        }
        return ([Point(x: -1, y: 5), Point(x: layout.width, y: 1), Point(x: 1, y: layout.height + 3)][choices.draw(2)], nil)
    }

    /// A hundredth of a point inside (simplest) or outside an edge where the
    /// hit test changes its answer: a board column's leading edge or the
    /// middle of the gap before it; an entry's leading edge or its middle.
    /// Boundary bugs (a column index off by `spacing / 2`, a `<` for a `<=`)
    /// live within a hair of these, where a uniform coordinate rarely falls.
    mutating func boundaryLocation() -> Point {
        let layout = engine.layout
        let hair = choices.draw(1) == 0 ? 0.01 : -0.01
        let atMiddle = choices.draw(1) == 1
        if case .board(let columnWidth, let spacing, _, _, _) = layout.kind {
            let column = Double(choices.draw(max(0, engine.container.collections.count - 1)))
            let edge = column * (columnWidth + spacing) - (atMiddle ? spacing / 2 : 0)
            return Point(x: edge + hair, y: 1)
        }
        let frames = layout.frames(in: engine.container)
        let c = choices.draw(frames.count - 1)
        guard !frames[c].isEmpty else { return Point(x: 1, y: 1) }
        let f = frames[c][choices.draw(frames[c].count - 1)]
        // One axis, or a draw between them where rows wrap (a grid).
        let axes = layout.boundaryAxes
        switch axes.count == 1 ? axes[0] : axes[choices.draw(axes.count - 1)] {
        case .horizontal: return Point(x: (atMiddle ? f.midX : f.x) + hair, y: f.midY)
        case .vertical: return Point(x: f.midX, y: (atMiddle ? f.midY : f.y) + hair)
        }
    }
}
