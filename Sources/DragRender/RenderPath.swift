import DragRecording
import ReorderCore

/// One drag's finger path (lift, moves, drop), from its lift step to its
/// drop or cancel step. A path longer than the builder's limit is sampled:
/// only every `stride`-th point is kept (the first included); the page draws
/// the kept points and then the finger's current location, so the last
/// point is never lost.
public struct RenderPath: Sendable {
    public var session: Int
    public var firstStep: Int
    /// The step of the drop or cancel; `nil` while the drag is still active
    /// at the end of the recording.
    public var lastStep: Int?
    /// `drop` or `cancel` when the drag ended.
    public var end: EventKind?
    /// The kept points: original points `0, stride, 2 * stride, ...`.
    public private(set) var points: [Point] = []
    /// 1 when nothing was dropped.
    public private(set) var stride = 1
    /// Every point the drag had, kept or not (a point equal to the one
    /// before it is not counted).
    public private(set) var total = 0
    private var latest: Point?
    /// For each step that added points: the step and the original point
    /// count at its end.
    public private(set) var marks: [(step: Int, count: Int)] = []

    init(session: Int, firstStep: Int) {
        self.session = session
        self.firstStep = firstStep
    }

    public var isSampled: Bool { stride > 1 }

    /// The latest step at or before `step` that added points, and the
    /// original point count at its end.
    public func mark(at step: Int) -> (step: Int, count: Int)? {
        var lo = 0
        var hi = marks.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if marks[mid].step <= step { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : marks[lo - 1]
    }

    /// The kept points drawn at `step`: those the finger had passed by then.
    public func keptCount(at step: Int) -> Int {
        guard let m = mark(at: step) else { return 0 }
        return (m.count + stride - 1) / stride
    }

    /// Whether the path is drawn at `step` (from its lift to its end).
    public func isVisible(at step: Int) -> Bool { step >= firstStep && step <= (lastStep ?? Int.max) }

    /// Adds the finger's location at `step`, halving the kept points (and
    /// doubling the stride) whenever there are more than `limit`.
    mutating func add(_ p: Point, step: Int, limit: Int) {
        if p != latest {  // a drop where the last move was adds nothing to draw
            latest = p
            if total % stride == 0 { points.append(p) }
            total += 1
        }
        if let last = marks.last, last.step == step {
            marks[marks.count - 1].count = total
        } else {
            marks.append((step, total))
        }
        if points.count > max(limit, 2) {
            stride *= 2
            var kept: [Point] = []
            kept.reserveCapacity(points.count / 2 + 1)
            var i = 0
            while i < points.count {
                kept.append(points[i])
                i += 2
            }
            points = kept
        }
    }
}
