/// `layout.kind` of the recording (spec 1.2); the page words its areas after it.
public enum RenderLayoutKind: String, Hashable, Sendable {
    case list, hstack, grid, board
}
