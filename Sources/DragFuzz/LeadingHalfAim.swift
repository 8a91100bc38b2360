import ReorderConformance
import ReorderCore

/// The entry whose leading half holds `p` in the current data, if any: the
/// hit-test oracle's expectation for a point the generator did not aim.
public func leadingHalfAim(_ p: Point, layout: Layout<Int>, container: FuzzContainer) -> Aim? {
    for (c, frames) in layout.frames(in: container).enumerated() {
        for (k, f) in frames.enumerated() where p.x >= f.x && p.x < f.x + f.width && p.y >= f.y && p.y < f.y + f.height {
            if layout.isInLeadingHalf(p, of: f) { return Aim(collection: c, entry: k) }
        }
    }
    return nil
}
