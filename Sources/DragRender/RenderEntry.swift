/// One entry of a collection (fixed or reorderable item) at its frame.
public struct RenderEntry: Hashable, Sendable {
    public var id: String
    public var frame: RenderRect
    /// Part of the non-reorderable `ForEach` before the items (spec 1.1).
    public var fixed: Bool
    public var locked: Bool

    public init(id: String, frame: RenderRect, fixed: Bool = false, locked: Bool = false) {
        self.id = id
        self.frame = frame
        self.fixed = fixed
        self.locked = locked
    }
}
