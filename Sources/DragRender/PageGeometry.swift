import ReorderCore

/// A layout as numbers that place every entry and area with no branch on
/// the layout's kind: what the page's script lays each step out from
/// (`DocumentLayoutJSON` writes it; docs/page-document.md, "The layout").
/// Along the main axis (`axis`) lines of `wrap` entries follow one another
/// at `length + gap` (or, with `sizes`, each at its own length + `gap`),
/// the first `header` past its section's start; within a line, entries are
/// `cross` apart. Sections either stack along the main axis (`stack`), each
/// from where the last ended, or stand side by side `stride` apart across
/// it. The script's frames are `Layout.frames(in:)`'s and its areas
/// `Layout.sections(frames:)`'s (Tests/page/geometry.test.mjs, on fixtures
/// `PageGeometryTests` writes for every `LayoutKind`), so a new layout kind
/// is one more case here and nothing in the page.
struct PageGeometry<ItemID: Hashable & Sendable> {
    enum Axis: String {
        case x, y
    }

    /// The axis along which lines of entries follow one another.
    var axis: Axis
    /// From a section's start to its first line, along the main axis.
    var header: Double
    /// An entry's length along the main axis (without `sizes`, or for an
    /// item that has none) and its breadth across it.
    var length: Double
    var breadth: Double
    /// After each line, along the main axis.
    var gap: Double
    /// Entries per line (a grid's columns; 1 otherwise) and the step across
    /// from one to the next within a line.
    var wrap: Int
    var cross: Double
    /// A section's area across the main axis (a list's width, a board
    /// column's width); along it, a stacked section's run of lines, or the
    /// whole container.
    var band: Double
    /// Whether each section starts where the last ended, along the main
    /// axis; otherwise section c stands at `c * stride` across it.
    var stack: Bool
    var stride: Double
    /// Whether a lone collection's area is the whole container (an
    /// hstack's, as `Layout.sections(frames:)` gives it).
    var lone: Bool
    /// Per-item lengths along the main axis: when present (even empty),
    /// each entry starts where the last ended plus `gap`, as the core
    /// sums them; without, line k starts at `k * (length + gap)`.
    var sizes: [ItemID: Double]?
    /// The pixels an entry's length is drawn at on a windowed page: when
    /// the page is fitted to its height (the main axis is x, or the
    /// content is wider than tall) and when fitted to its width.
    var legible: (fittedToHeight: Double, fittedToWidth: Double)

    /// The one place that reads each kind's metrics for the page.
    init(_ layout: Layout<ItemID>) {
        let (width, height) = (layout.width, layout.height)
        switch layout.kind {
        case .list(let rowHeight, let spacing, let headerHeight, let heights):
            self.init(
                axis: .y, header: headerHeight, length: rowHeight, breadth: width, gap: spacing, band: width, sizes: heights,
                legible: (56, 24))
        case .hstack(let itemWidth, let spacing, let widths):
            self.init(
                axis: .x, header: 0, length: itemWidth, breadth: height, gap: spacing, band: height, lone: true, sizes: widths,
                legible: (60, 60))
        case .grid(_, let rowHeight, let spacing, let headerHeight):
            let (columns, cellWidth) = layout.gridMetrics()!
            self.init(
                axis: .y, header: headerHeight, length: rowHeight, breadth: cellWidth, gap: spacing, wrap: columns,
                cross: cellWidth + spacing, band: width, legible: (56, 56))
        case .board(let columnWidth, let spacing, let rowHeight, let rowSpacing, let headerHeight):
            self.init(
                axis: .y, header: headerHeight, length: rowHeight, breadth: columnWidth, gap: rowSpacing, band: columnWidth,
                stack: false, stride: columnWidth + spacing, legible: (56, 56))
        }
    }

    init(
        axis: Axis, header: Double, length: Double, breadth: Double, gap: Double, wrap: Int = 1, cross: Double = 0, band: Double,
        stack: Bool = true, stride: Double = 0, lone: Bool = false, sizes: [ItemID: Double]? = nil,
        legible: (fittedToHeight: Double, fittedToWidth: Double)
    ) {
        self.axis = axis
        self.header = header
        self.length = length
        self.breadth = breadth
        self.gap = gap
        self.wrap = wrap
        self.cross = cross
        self.band = band
        self.stack = stack
        self.stride = stride
        self.lone = lone
        self.sizes = sizes
        self.legible = legible
    }
}
