/// A point in the container's local space (origin top-left, points), as the
/// replayer saw it. Its own type so the renderer needs nothing from the core.
public struct RenderPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
