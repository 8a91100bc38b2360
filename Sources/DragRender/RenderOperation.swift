/// The operation the drop configuration answered (spec 3.3).
public enum RenderOperation: String, Hashable, Sendable {
    case move
    case copy
    case forbidden
}
