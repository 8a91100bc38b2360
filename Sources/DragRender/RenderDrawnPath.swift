import ReorderCore

/// A finger path where the page draws it (page.js `drawnPath`): a point was
/// recorded on the layout the finger saw then (the data after the step
/// before it); a change since (an insert, a delete, a drop, this drag's own)
/// moved the entries under it, so each point before step `n` is moved as far
/// as the drag's anchor entry (its source under the lift point, else its
/// first source) moved between then and the data drawn at `n`. The points of
/// step `n` itself stay where the finger is (its hit and placeholder are on
/// the layout before `n`). Without a change during the drag, the recorded
/// points (`recordedPath`).
extension RenderDocument {
    /// A kept point of a path and the step that recorded it.
    struct RecordedPoint {
        var point: Point
        var step: Int
    }

    /// The path as recorded at step `n`: the kept points the finger had
    /// passed, then its latest location (never sampled away).
    public func recordedPath(_ path: RenderPath, at n: Int) -> [Point] { recordedPoints(path, at: n).map(\.point) }

    /// The path as drawn at step `n` (the page's `drawnPath`).
    /// - Complexity: O(points), plus, when the data changed during the drag,
    ///   O(steps up to `n` + n entries per layout a point was recorded on).
    public func drawnPath(_ path: RenderPath, at n: Int) -> [Point] {
        let raw = recordedPoints(path, at: n)
        let counts = changeCounts(upTo: n)
        func changes(_ k: Int) -> Int { k < 0 ? 0 : counts[min(k, counts.count - 1)] }
        guard let first = raw.first, changes(n) != changes(first.step - 1), let id = anchor(of: path) else { return raw.map(\.point) }
        // The layouts a moved point was recorded on, and the one drawn.
        let moved = raw.filter { $0.step != n && changes($0.step - 1) != changes(n) }
        let frames = frames(of: id, after: Set(moved.map { $0.step - 1 } + [n]))
        guard let target = frames[n] else { return raw.map(\.point) }
        return raw.map { r in
            guard r.step != n, changes(r.step - 1) != changes(n) else { return r.point }
            guard let f = frames[r.step - 1] else { return r.point }
            return Point(x: r.point.x + target.x - f.x, y: r.point.y + target.y - f.y)
        }
    }

    /// Each kept point with the step whose marks first include it, then the
    /// latest location at its mark's step (page.js `pointsAt`).
    func recordedPoints(_ path: RenderPath, at n: Int) -> [RecordedPoint] {
        let marks = path.marks
        var out: [RecordedPoint] = []
        var j = 0
        for q in 0..<path.keptCount(at: n) {
            while j + 1 < marks.count && marks[j].count <= q * path.stride { j += 1 }
            out.append(RecordedPoint(point: path.points[q], step: marks[j].step))
        }
        guard let m = path.mark(at: n), m.step < steps.count, let last = steps[m.step].location else { return out }
        if let tail = out.last, tail.point == last {
            out[out.count - 1].step = m.step  // the finger is still there at the mark's step (a drop where the last move was)
        } else {
            out.append(RecordedPoint(point: last, step: m.step))
        }
        return out
    }

    /// How many steps up to each step (to `n`) changed the model's data.
    private func changeCounts(upTo n: Int) -> [Int] {
        var c = 0
        return steps.prefix(max(n + 1, 1)).map { s in
            if s.modelChange != nil { c += 1 }
            return c
        }
    }

    /// The entry a drag holds on to: its source under the lift point (on the
    /// data before the lift), else its first source; `nil` for a drag
    /// without an active session at its lift (a rejected lift).
    private func anchor(of path: RenderPath) -> StringID? {
        guard path.firstStep < steps.count else { return nil }
        let lift = steps[path.firstStep]
        guard let sources = lift.activeSessions.first(where: { $0.number == path.session })?.sources, let first = sources.first
        else { return nil }
        guard let p = lift.location else { return first }
        let frames = frames(of: sources, after: path.firstStep - 1)
        return sources.first { id in
            frames[id].map { p.x >= $0.x && p.x <= $0.maxX && p.y >= $0.y && p.y <= $0.maxY } ?? false
        } ?? first
    }

    /// The frame of entry `id` in the data after each of `wanted` steps
    /// (-1: the initial data), absent where the entry is not there. One
    /// pass over the changes up to the last step wanted.
    private func frames(of id: StringID, after wanted: Set<Int>) -> [Int: Rect] {
        var state = modelState(after: -1)
        var out: [Int: Rect] = [:]
        guard let last = wanted.max(), last < steps.count else { return out }
        for k in -1...last {
            if k >= 0 { state.apply(steps[k].modelChange) }
            if wanted.contains(k), let f = frame(of: id, in: state) { out[k] = f }
        }
        return out
    }

    private func frames(of ids: [StringID], after step: Int) -> [StringID: Rect] {
        let state = modelState(after: step)
        var out: [StringID: Rect] = [:]
        for id in ids { out[id] = frame(of: id, in: state) }
        return out
    }

    /// Where entry `id` stands in `state`, laid out by the header's layout.
    private func frame(of id: StringID, in state: RenderDataState) -> Rect? {
        for (ci, c) in state.collections.enumerated() {
            guard let k = c.entries.firstIndex(of: id) else { continue }
            return header.layout.frame(ofEntry: k, inCollection: ci, of: state.data.collections)
        }
        return nil
    }
}
