import DragCorpus
import DragFuzz
import DragRecording
import DragReplay
import ReorderCore
import Testing

// The replay half of `expectReorderInvariants` (issue 20, item 4): a
// finding of a Swift closure replays only against that closure, so the
// hint an issue prints is a call to one of these, from the test, with the
// same arguments; `dragreplay replay FILE` would run the model and pass.

/// Replays the recording at `path` against a single-collection `apply` and
/// records an issue (every failing line) unless it passes.
///
///     @Test func photosApplyRegression() {
///         replayRecording("__Recordings__/Tests/PhotoTests/photosApply-placement.jsonl", element: { Photo(id: $0) }) {
///             photos, difference in photos.apply(difference)
///         }
///     }
///
@discardableResult
public func replayRecording<Element: Identifiable>(
    _ path: String, policy: DropPolicy<StringID, StringID?>? = nil, element: @escaping @Sendable (Element.ID) -> Element,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    apply: @escaping @Sendable (inout [Element], ReorderDifference<Element.ID, ReorderableSingleCollectionIdentifier>) -> Void
) -> ReplayResult where Element.ID: ReorderFuzzableID, Element: SendableMetatype {
    replay(
        path, ReplayOptions(applier: .single(element: element, apply: apply), policy: policy),
        SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Replays the recording at `path` against a sectioned `apply`.
@discardableResult
public func replayRecording<Element: Identifiable, SectionID: Hashable & Sendable>(
    _ path: String, policy: DropPolicy<StringID, StringID?>? = nil, element: @escaping @Sendable (Element.ID) -> Element,
    section: @escaping @Sendable (String?) -> SectionID,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    apply: @escaping @Sendable (inout [ReorderSection<SectionID, Element>], ReorderDifference<Element.ID, SectionID>) -> Void
) -> ReplayResult where Element.ID: ReorderFuzzableID, Element: SendableMetatype {
    replay(
        path, ReplayOptions(applier: .sectioned(element: element, section: section, apply: apply), policy: policy),
        SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Replays the recording at `path` against a `dropConfiguration` closure
/// (with the model's own apply): its answer at every move and drop against
/// the model's.
@discardableResult
public func replayRecording(
    _ path: String, policy: DropPolicy<StringID, StringID?>,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> ReplayResult {
    replay(path, ReplayOptions(policy: policy), SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

func replay(_ path: String, _ options: ReplayOptions, _ location: SourceLocation) -> ReplayResult {
    let result = Replayer(options: judged(options)).run(path: path)
    if result.status != .pass { Issue.record(Comment(rawValue: result.description), sourceLocation: location) }
    return result
}

/// `options` judged as `dragreplay replay` judges: a finding of a fuzz in a
/// world replays (and draws) under that world's rules.
func judged(_ options: ReplayOptions) -> ReplayOptions {
    var options = options
    options.rules = World.judgement(header:)
    return options
}
