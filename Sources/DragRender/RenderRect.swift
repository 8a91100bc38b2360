import ReorderCore

/// A rectangle in the container's local space: an entry's frame, a
/// collection's area, a placeholder slot or a swipe button.
public struct RenderRect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The core's rectangle, as drawn.
    public init(_ r: Rect) { self.init(x: r.x, y: r.y, width: r.width, height: r.height) }

    var maxX: Double { x + width }
    var maxY: Double { y + height }
}
