/// Everything a page or an SVG needs, bounded in size: steps (move runs
/// collapsed), finger paths (long ones sampled), and each distinct snapshot
/// once. Built by `RenderBuilder`.
public struct RenderDocument: Sendable {
    public var header: RenderHeader
    public internal(set) var steps: [RenderStep]
    public internal(set) var paths: [RenderPath]
    public internal(set) var snapshots: SnapshotStore
    /// The data before the first event (the header's), when the caller gave it.
    public internal(set) var initialSnapshot: Int?
    /// Events appended, before collapsing.
    public internal(set) var eventCount: Int
    /// Points kept per drag before its path is sampled.
    public internal(set) var pathLimit: Int
    public internal(set) var firstFailingStep: Int?
    /// Set when the document reached its `RenderSizeLimit`: it then ends
    /// early, and no page should be written from it.
    public internal(set) var tooLarge: RenderTooLarge?

    /// Where a page opens without `#step=N`: the first failing step, else the last.
    public var initialStep: Int { firstFailingStep ?? max(steps.count - 1, 0) }

    /// The snapshot index of the data before `step`: the previous step's, or the initial data.
    public func snapshotBefore(step: Int) -> Int? {
        step > 0 ? steps[step - 1].snapshot : initialSnapshot
    }
}
