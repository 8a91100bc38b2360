import DragReader
import DragRecording
import DragReplay
import DragSystem
import ReorderConformance
import ReorderCore

extension Replayer {
    /// Replays the recording at `path` (the json-c reader as its source) and
    /// draws it. `document` is `nil` when there is nothing to draw: the file
    /// cannot be opened or its header is bad (the result's `error` says
    /// why). An input error further down ends the document at the line
    /// before it; the result and the document's header say so.
    /// The page is bounded by `RenderSizeLimit` of the file's size: past it
    /// the document's `tooLarge` is set and no page should be written.
    /// With a `spool`, steps and paths go to it as they close (see
    /// `RenderBuilder`): only `HTMLRenderer.write` reads that document.
    ///
    ///     var subject: (any ReorderSubject<StringID, StringID?>)? = nil
    ///     let (result, doc) = Replayer().render(path: "bug.jsonl", subject: &subject, subjectName: "applier canonical")
    public func render(
        path: String, subject: inout (any ReorderSubject<StringID, StringID?>)?, subjectName: String, pathLimit: Int = 2000,
        spool: RenderStepSpool? = nil
    ) -> (result: ReplayResult, document: RenderDocument?) {
        do {
            var reader = try RecordingReader(path: path)
            // A regular file's size bounds its page; a pipe has no size to go by.
            let status = try? SystemCall.status(ofPath: path)
            let limit = status.flatMap { $0.isRegularFile ? RenderSizeLimit(inputBytes: Int($0.size)) : nil }
            let (result, document) = render(
                &reader, subject: &subject, subjectName: subjectName, pathLimit: pathLimit, sizeLimit: limit,
                spool: spool)
            return (result, document)
        } catch {
            return (.inputError(path: path, error.diagnostic), nil)
        }
    }
}
