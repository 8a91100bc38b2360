extension Layout {
    /// The axis along which a collection's entries follow each other and
    /// the hit test picks the slot within a row: down a list and a board's
    /// columns, across an hstack and a grid's rows. The fuzzer aims and the
    /// renderer draws the placeholder by it.
    @inlinable public var reorderAxis: Axis {
        switch kind {
        case .list, .board: .vertical
        case .hstack, .grid: .horizontal
        }
    }

    /// The axes along which the hit test's answer changes at an entry's
    /// leading edge and midpoint: the reorder axis and, where rows wrap (a
    /// grid), the one across it. The fuzzer's boundary points pick one.
    @inlinable public var boundaryAxes: [Axis] {
        switch kind {
        case .list, .board, .hstack: [reorderAxis]
        case .grid: [.horizontal, .vertical]
        }
    }

    /// A point in the leading half of `frame` along the axis that orders
    /// entries (top half in lists and boards, left half in stacks and grids).
    @inlinable public func leadingHalfPoint(of frame: Rect) -> Point {
        switch reorderAxis {
        case .vertical: Point(x: frame.midX, y: frame.y + frame.height / 4)
        case .horizontal: Point(x: frame.x + frame.width / 4, y: frame.midY)
        }
    }

    /// Whether `p` is before the middle of `frame` along the reorder axis:
    /// in an entry's leading half, the hit test gives that entry's slot.
    @inlinable public func isInLeadingHalf(_ p: Point, of frame: Rect) -> Bool {
        switch reorderAxis {
        case .vertical: p.y < frame.y + frame.height / 2
        case .horizontal: p.x < frame.x + frame.width / 2
        }
    }
}
