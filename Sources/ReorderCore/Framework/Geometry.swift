/// A point in the container's local coordinate space (origin top-left).
/// `ReorderCore` imports nothing but the standard library, so no `CGPoint`.
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double
    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A size in points.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double
    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}
