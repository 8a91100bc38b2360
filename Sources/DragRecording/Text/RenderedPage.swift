/// The name of a recording's page: beside the recording, the same name with
/// `.html` (or `.svg`) for `.jsonl`. `render` writes it there by default,
/// and a finding's hint names it; `replay --format junit` links it when the
/// CLI finds it on disk (the report itself is told, it does not look).
///
///     RenderedPage.path(forRecording: "found/placement-1a2b.jsonl")  // "found/placement-1a2b.html"
public enum RenderedPage {
    public static func path(forRecording path: String, extension ext: String = "html") -> String {
        (path.hasSuffix(".jsonl") ? String(path.dropLast(".jsonl".count)) : path) + "." + ext
    }
}
