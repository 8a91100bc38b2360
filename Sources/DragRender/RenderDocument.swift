/// Everything a page or an SVG needs, bounded in size: steps (move runs
/// collapsed), finger paths (long ones sampled), the initial data once,
/// and per step only what it changed in the data (`RenderStep.modelChange`,
/// `appChange`). Built by `RenderBuilder`.
///
/// Built with a `RenderStepSpool`, the steps and paths are in the spool,
/// not in `steps` and `paths` (both empty): only `HTMLRenderer.write` reads
/// such a document, and the counts below stand in for the arrays.
public struct RenderDocument: Sendable {
    public var header: RenderHeader
    public internal(set) var steps: [RenderStep]
    public internal(set) var paths: [RenderPath]
    /// Where the steps and paths are when they are not in memory.
    public internal(set) var spool: RenderStepSpool? = nil
    /// The data before the first event (the header's).
    public internal(set) var initialData: RenderData
    /// Events appended, before collapsing.
    public internal(set) var eventCount: Int
    /// Points kept per drag before its path is sampled.
    public internal(set) var pathLimit: Int
    public internal(set) var firstFailingStep: Int?
    /// Set when the document reached its `RenderSizeLimit`: it then ends
    /// early, and no page should be written from it.
    public internal(set) var tooLarge: RenderTooLarge?
    /// Version 3: the channel's messages, partitions, operations and failed
    /// checks; `nil` for other recordings.
    public internal(set) var replicas: RenderReplicas?
    /// About the bytes of the document as JSON (what `RenderSizeLimit`
    /// bounds): the writer reserves it rather than grow by doubling.
    var byteEstimate = 0

    /// Steps, in memory or spooled.
    public var stepCount: Int { spool?.stepCount ?? steps.count }
    /// Failing steps (`RenderStep.isFailing`).
    /// - Complexity: O(1) spooled, O(steps) in memory.
    public var failingStepCount: Int { spool?.failingStepCount ?? steps.count(where: \.isFailing) }
    /// Steps that changed the model's data (`modelChange` set).
    /// - Complexity: O(1) spooled, O(steps) in memory.
    public var changingStepCount: Int { spool?.changingStepCount ?? steps.count { $0.modelChange != nil } }
    /// Finger paths, in memory or spooled.
    public var pathCount: Int { spool?.pathCount ?? paths.count }

    /// Where a page opens without `#step=N`: the first failing step, else the last.
    public var initialStep: Int { firstFailingStep ?? max(stepCount - 1, 0) }

    /// The model's data after `step` (before the first one for a negative step).
    /// - Complexity: O(n + k) for n entries and the k entries the changes up to `step` move.
    public func data(after step: Int) -> RenderData { modelState(after: step).data }

    /// The model's data after `step` as plain arrays, to go on applying changes from.
    /// - Complexity: as `data(after:)`.
    func modelState(after step: Int) -> RenderDataState {
        var s = RenderDataState(initialData)
        for st in steps.prefix(max(step + 1, 0)) { s.apply(st.modelChange) }
        return s
    }

    /// The app's data after `step`, when the step shows it.
    /// - Complexity: as `data(after:)`.
    public func appData(after step: Int) -> RenderData? {
        guard step >= 0, step < steps.count, steps[step].showsApp else { return nil }
        var s = RenderDataState(initialData)
        for st in steps.prefix(step + 1) { s.apply(st.appChange) }
        return s.data
    }

    /// The model's data after `step`, laid out by the header's layout.
    public func snapshot(after step: Int) -> RenderSnapshot { RenderSnapshot(data(after: step), header.layout) }
    /// The app's data after `step`, laid out, when the step shows it.
    public func appSnapshot(after step: Int) -> RenderSnapshot? { appData(after: step).map { RenderSnapshot($0, header.layout) } }
}
