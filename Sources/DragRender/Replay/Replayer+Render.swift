import DragRecording
import DragReplay
import ReorderConformance
import ReorderCore

extension Replayer {
    /// Replays `source` and draws every step it replayed: the replay's
    /// result and the document the page and the SVG are made from. With a
    /// `subject` (an app) it is the code under test, as in `run`; without
    /// one, `options.applier` is. An input error ends the replay and the
    /// document at the line before it (the result says which line).
    ///
    ///     var source = recording.source(path: "bug.jsonl")
    ///     var subject: (any ReorderSubject<StringID, StringID?>)? = nil
    ///     let (result, doc) = Replayer().render(&source, subject: &subject, subjectName: "applier canonical")
    ///     HTMLRenderer.page(doc)
    ///
    /// - Complexity: O(events) time plus, per data change, the chunks it
    ///   touched; memory grows with the collapsed steps and what they
    ///   changed, not with the container times the steps (see `RenderBuilder`).
    public func render<Source: RecordingSource>(
        _ source: inout Source, subject: inout (any ReorderSubject<StringID, StringID?>)?, subjectName: String, pathLimit: Int = 2000,
        sizeLimit: RenderSizeLimit? = nil, spool: RenderStepSpool? = nil
    ) -> (result: ReplayResult, document: RenderDocument) {
        var adapter = ReplayRenderAdapter(
            header: source.header, path: source.path, subject: subjectName, pathLimit: pathLimit, sizeLimit: sizeLimit,
            spool: spool)
        let result =
            subject == nil
            ? run(&source, onStep: { adapter.append($0) })
            : run(&source, subject: &subject, onStep: { adapter.append($0) })
        return (result, adapter.finish(result))
    }
}
