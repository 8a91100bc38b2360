import DragCorpus
import DragFuzz
import DragRecording
import DragReplay
import ReorderConformance
import ReorderCore
import Testing

// The drawing half of `replayRecording` (issue 41, item 4): `dragreplay
// render FILE` replays the model, so its page of a Swift finding shows PASS
// and not the bug. These replay the recording with the test's own closures,
// as `replayRecording` does, and write the page beside it.

/// Draws the recording at `path` replayed against a single-collection
/// `apply` (and `policy`, when given): a page beside it (`NAME.html` for
/// `NAME.jsonl`, or `page`) showing, at each step, your closure's data
/// beside the model's and every failure. Prints one line (`FAIL path: 2
/// events, 2 steps, 1 failing -> page`) and returns the page; records an issue and
/// returns `nil` when the page cannot be drawn or written. A failing
/// recording is no issue here: `replayRecording` is the check.
///
///     @Test func photosApplyPage() {
///         renderRecording("__Recordings__/Tests/PhotoTests/photosApply-placement.jsonl", element: { Photo(id: $0) }) {
///             photos, difference in photos.apply(difference)
///         }
///     }
///
@discardableResult
public func renderRecording<Element: Identifiable>(
    _ path: String, policy: DropPolicy<StringID, StringID?>? = nil, element: @escaping @Sendable (Element.ID) -> Element,
    page: String? = nil, function: String = #function, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    column: Int = #column,
    apply: @escaping @Sendable (inout [Element], ReorderDifference<Element.ID, ReorderableSingleCollectionIdentifier>) -> Void
) -> RecordingPage? where Element.ID: ReorderFuzzableID, Element: SendableMetatype {
    draw(
        path, ReplayOptions(applier: .single(element: element, apply: apply), policy: policy), page: page,
        test: testName(function, fileID), SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Draws the recording at `path` replayed against a sectioned `apply`; see
/// the single-collection form.
@discardableResult
public func renderRecording<Element: Identifiable, SectionID: Hashable & Sendable>(
    _ path: String, policy: DropPolicy<StringID, StringID?>? = nil, element: @escaping @Sendable (Element.ID) -> Element,
    section: @escaping @Sendable (String?) -> SectionID, page: String? = nil,
    function: String = #function, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
    apply: @escaping @Sendable (inout [ReorderSection<SectionID, Element>], ReorderDifference<Element.ID, SectionID>) -> Void
) -> RecordingPage? where Element.ID: ReorderFuzzableID, Element: SendableMetatype {
    draw(
        path, ReplayOptions(applier: .sectioned(element: element, section: section, apply: apply), policy: policy), page: page,
        test: testName(function, fileID), SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Draws the recording at `path` replayed against a `dropConfiguration`
/// closure (with the model's own apply): its answer at every move and drop.
@discardableResult
public func renderRecording(
    _ path: String, policy: DropPolicy<StringID, StringID?>, page: String? = nil,
    function: String = #function, fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) -> RecordingPage? {
    draw(
        path, ReplayOptions(policy: policy), page: page, test: testName(function, fileID),
        SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The page of `path` replayed with `options` (the test's closures) under
/// the world's rules when it states a world, as `replay` does.
func draw(_ path: String, _ options: ReplayOptions, page: String?, test: String, _ location: SourceLocation) -> RecordingPage? {
    var subject: (any ReorderSubject<StringID, StringID?>)? = nil
    do {
        let drawn = try Replayer(options: judged(options)).writePage(
            forRecording: path, subject: &subject, subjectName: "the closures of \(test)", to: page)
        print(drawn)
        return drawn
    } catch {
        Issue.record(Comment(rawValue: "renderRecording: \(error.description)"), sourceLocation: location)
        return nil
    }
}
