import DragRecording

/// Where `render` puts a recording's page by default, and where
/// `replay --format junit` looks for one: beside the recording, the same
/// name with `.html` (or `.svg`) for `.jsonl`.
///
///     RenderedPage.path(forRecording: "found/placement-1a2b.jsonl")  // "found/placement-1a2b.html"
public enum RenderedPage {
    public static func path(forRecording path: String, extension ext: String = "html") -> String {
        (path.hasSuffix(".jsonl") ? String(path.dropLast(".jsonl".count)) : path) + "." + ext
    }

    /// The page beside `recording`, when there is one.
    public static func existing(forRecording path: String) -> String? {
        let page = Self.path(forRecording: path)
        return FileSystem.exists(page) ? page : nil
    }
}
