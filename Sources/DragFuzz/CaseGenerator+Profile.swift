import ReorderConformance
import ReorderCore

/// How one case is drawn, from the case's own choices. Swarm testing (Groce
/// et al., 2012): a case leaves some actions out and makes others common, so
/// campaigns reach states a single fixed mix rarely does. And depth: some
/// bugs need many operations before they show (position keys that run out of
/// precision after dozens of moves into one gap, counters that wrap, caches
/// that go stale), so some cases are long (hundreds of drags on a few items)
/// and some repeat one positional drag many times. Every choice shrinks to
/// 0, which is the plain short mix: a shrunk case is as simple as the bug allows,
/// and stays long only when only a long case fails.
struct CaseProfile {
    enum Shape {
        /// The default: a short mix of drags and mutations.
        case mix
        /// Hundreds of steps on a few items.
        case long
        /// Lift the item at position `from`, drop it on the leading half of
        /// the entry at position `to`, `count` times (positions among the
        /// items, fixed entries not counted; collections `repeatIn`).
        case repeated(from: Int, to: Int, count: Int, deferred: Bool)
    }

    var shape: Shape = .mix
    /// The collection indices a repeated drag lifts from and drops into:
    /// the only one without a world, drawn among its collections in one.
    var repeatIn = (lift: 0, drop: 0)
    /// Percent of steps that are mutations.
    var mutations = 30
    /// Percent of drops that defer their apply.
    var deferred = 30
    /// Percent of lifts that come from outside.
    var external = 10
    /// Percent of steps that are swipe gestures (`swipe`, `tap`, `scroll`);
    /// 0 for a case without swipe actions.
    var swipes = 0
    var maxEvents: Int
    /// Items the container may hold.
    var maxItems: Int
}

extension CaseGenerator {
    mutating func drawProfile() -> CaseProfile {
        var p = CaseProfile(maxEvents: runner.maxEvents, maxItems: runner.maxItems)
        guard runner.mode == .sessions else { return p }
        p.mutations = [30, 0, 10, 60][choices.draw(3)]
        p.deferred = [30, 0, 70][choices.draw(2)]
        p.external = [10, 0, 40][choices.draw(2)]
        if code.swipes && choices.weighted(runner.swipeCases) { p.swipes = [30, 60, 10][choices.draw(2)] }
        if choices.weighted(10) {
            p.shape = .long
            p.maxEvents = 100 + choices.draw(400)
            p.maxItems = min(runner.maxItems, 2 + choices.draw(3))
        } else if choices.weighted(10) {
            let from = choices.draw(3)
            let to = choices.draw(3)
            p.shape = .repeated(from: from, to: to, count: 1 + choices.draw(299), deferred: choices.weighted(20))
            p.maxItems = max(from, to) + 1 + choices.draw(2)
        }
        return p
    }

    /// The repeated drag of `profile`: lift by position, drop by position.
    /// In a world the lift offers what its collection's `lifts` says.
    mutating func runRepeated(from: Int, to: Int, count: Int, deferred: Bool) -> Violation? {
        let (c, t) = profile.repeatIn
        for _ in 0..<count {
            let items = checked.container.collections[c].items
            guard from < items.count else { return nil }
            sessions += 1
            let id = items[from]
            let ops = runner.world.map { worldLiftOperations($0, items: [id]) } ?? .move
            if let v = execute(.lift(session: 0, items: [id], at: Point(x: 1, y: 1), operations: ops, external: false), aim: nil) {
                return v
            }
            // The one frame aimed at (as `frames(in:)` gives it), read from
            // the model in place: `engine` would copy the whole model.
            let collections = checked.container.collections
            let layout = checked.model.layout
            let fixed = collections[t].fixed.count
            let (p, aim): (Point, Aim?) =
                fixed + to < collections[t].entryCount
                ? (
                    layout.leadingHalfPoint(of: layout.frame(ofEntry: fixed + to, inCollection: t, of: collections)),
                    Aim(collection: t, entry: fixed + to)
                )
                : (Point(x: 1, y: layout.height - 1), nil)
            if let v = execute(.drop(session: 0, at: p, deferred: deferred), aim: aim) { return v }
            if deferred, let v = execute(.apply(session: 0), aim: nil) { return v }
        }
        return nil
    }
}

extension CaseProfile {
    var isLong: Bool {
        if case .long = shape { return true }
        return false
    }
}
