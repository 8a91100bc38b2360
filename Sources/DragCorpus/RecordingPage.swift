import DragRecording
import DragRender
import DragReplay
import DragSystem
import ReorderConformance
import ReorderCore

/// A recording drawn to its page: what `fuzz --render` writes beside each
/// finding and `renderRecording` (DragTesting) beside a Swift test's.
public struct RecordingPage: Sendable, CustomStringConvertible {
    /// Where the page was written.
    public var path: String
    /// The replay the page draws (the code under test's verdict).
    public var result: ReplayResult
    public var eventCount: Int
    public var stepCount: Int
    public var failingStepCount: Int

    public init(path: String, result: ReplayResult, eventCount: Int, stepCount: Int, failingStepCount: Int) {
        self.path = path
        self.result = result
        self.eventCount = eventCount
        self.stepCount = stepCount
        self.failingStepCount = failingStepCount
    }

    /// What `document` holds, written to `path`.
    public init(path: String, result: ReplayResult, document: RenderDocument) {
        self.init(
            path: path, result: result, eventCount: document.eventCount, stepCount: document.stepCount,
            failingStepCount: document.failingStepCount)
    }

    /// Writes the page of `drawn` (what `Replayer.render` returned) to
    /// `page`. Throws, with nothing written, when there is nothing to draw
    /// (the file cannot be opened or its header is bad: the replay's
    /// error), when the page would pass its size limit, or when the file
    /// cannot be written.
    public static func write(
        _ drawn: (result: ReplayResult, document: RenderDocument?), to page: String
    ) throws(RecordingError) -> RecordingPage {
        guard let document = drawn.document else {
            throw .input(drawn.result.error ?? Diagnostic(path: drawn.result.path, line: 0, message: "nothing to draw"))
        }
        if let tooLarge = document.tooLarge { throw .input(tooLarge.diagnostic) }
        do throws(SystemError) { try AtomicFile.write(HTMLRenderer.page(document), to: page) } catch { throw .system(error) }
        return RecordingPage(path: page, result: drawn.result, document: document)
    }

    /// `FAIL found/placement.jsonl: 2 events, 2 steps, 1 failing -> found/placement.html`
    /// (as `dragreplay render` says it).
    public var description: String {
        "\(result.status.rawValue.uppercased()) \(SafeText.path(result.path)): \(eventCount) events, \(stepCount) steps, "
            + "\(failingStepCount) failing -> \(SafeText.path(path))"
    }
}

extension Replayer {
    /// Replays the recording at `path` with this replayer's code under test
    /// (`options.applier` and `options.policy`: a test's own closures), or
    /// with `subject` when there is one, and writes its page to `page`
    /// (by default beside the recording, `RenderedPage.path(forRecording:)`).
    ///
    ///     var subject: (any ReorderSubject<StringID, StringID?>)? = nil
    ///     let page = try Replayer(options: ReplayOptions(applier: mine)).writePage(
    ///         forRecording: "found/placement.jsonl", subject: &subject, subjectName: "applier mine")
    ///     print(page)  // FAIL found/placement.jsonl: 2 events, 2 steps, 1 failing -> found/placement.html
    public func writePage(
        forRecording path: String, subject: inout (any ReorderSubject<StringID, StringID?>)?, subjectName: String, to page: String? = nil
    ) throws(RecordingError) -> RecordingPage {
        try RecordingPage.write(
            render(path: path, subject: &subject, subjectName: subjectName), to: page ?? RenderedPage.path(forRecording: path))
    }
}
