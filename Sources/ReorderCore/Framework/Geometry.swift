/// A point in the container's local coordinate space (origin top-left).
/// `ReorderCore` imports nothing but the standard library, so no `CGPoint`.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    public var description: String { "(\(formatCoordinate(x)), \(formatCoordinate(y)))" }
}

/// A size in points.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double
    @inlinable public init(width: Double, height: Double) { self.width = width; self.height = height }
}

/// `12` rather than `12.0` for integral values: what people write in recordings.
@usableFromInline
func formatCoordinate(_ v: Double) -> String {
    if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
    return String(v)
}
