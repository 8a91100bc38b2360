/// A direction in the container's space: along which a layout orders its
/// entries (`Layout.reorderAxis`), so that the fuzzer and the renderer ask
/// the layout instead of each deciding it per kind.
public enum Axis: Hashable, Sendable {
    /// Left to right, along x.
    case horizontal
    /// Top to bottom, along y.
    case vertical
}
