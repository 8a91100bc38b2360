/// The limits a recording must stay within besides the spec's own (section
/// 1: line length, nesting, ID length), chosen so that every computation of
/// hit testing and layout stays finite and every float that becomes an
/// integer fits one (docs/decisions.md, "Limits"):
///
/// - a coordinate `x`, `y` of a lift, move or drop: |v| <= 1e12;
/// - a size that must be > 0 (`width`, `height`, `rowHeight`, `itemWidth`,
///   `columnWidth`, `minimum`, every `heights` and `widths` value):
///   from 1e-6 to 1e12;
/// - a spacing or header height (>= 0): at most 1e12;
/// - a grid's columns, given or resolved from `minimum`: at most 1,000,000.
///
/// Then a section or row index (a coordinate over a pitch) is at most about
/// 2e18, below Int64.max (9.2e18), and a position (at most n entries of 2e12)
/// is finite for any n a machine can hold. The reader and the `Recorder`
/// refuse what is outside; the core clamps instead of trapping for callers
/// that skip them (ReorderCore's hit testing takes any Double).
public enum Limits {
    /// The largest |x| or |y| of a location.
    public static let maxCoordinate = 1e12
    /// The largest size, spacing or header height.
    public static let maxSize = 1e12
    /// The smallest size that must be > 0.
    public static let minPositiveSize = 1e-6
    /// The most columns a grid may have.
    public static let maxColumns = 1_000_000
    /// The longest line the reader takes (spec section 1), without its
    /// newline. Every writer of a recording (`Recorder`, findings, `bless`,
    /// `corpus merge`) checks its lines against it before it reports success.
    public static let maxLineBytes = 1 << 20

    /// Why a line of `count` bytes is refused, or `nil`: the reader's message.
    public static func lineLengthProblem(_ count: Int) -> String? {
        count <= maxLineBytes ? nil : "line is longer than the limit of 1 MiB (\(maxLineBytes) bytes)"
    }

    /// Why a coordinate is out of bounds, or `nil`.
    public static func coordinateProblem(_ v: Double, field: String) -> String? {
        v.isFinite && abs(v) <= maxCoordinate
            ? nil : "field \"\(field)\" must be a finite number from -1e12 to 1e12 (the limit on coordinates), got \(Format.number(v))"
    }
}
