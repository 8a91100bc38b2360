/// The data after an event, laid out: what the page draws.
public struct RenderSnapshot: Hashable, Sendable {
    public var collections: [RenderCollection]
    /// The container's `isEnabled`.
    public var enabled: Bool

    public init(collections: [RenderCollection], enabled: Bool = true) {
        self.collections = collections
        self.enabled = enabled
    }
}
