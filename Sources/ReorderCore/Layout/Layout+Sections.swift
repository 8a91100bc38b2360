extension Layout {
    /// Each collection's section, for the frames `frames(in:)` gave.
    /// - Complexity: O(c) for c collections.
    public func sections(frames: [[Rect]]) -> [LayoutSection] {
        var result: [LayoutSection] = []
        result.reserveCapacity(frames.count)
        switch kind {
        case .list(_, let spacing, let header, _), .grid(_, _, let spacing, let header):
            // Sections stack: each from its header's top to past its last row.
            var top = 0.0
            for f in frames {
                let contentTop = top + header
                let end = f.last.map { $0.y + $0.height + spacing } ?? contentTop
                result.append(LayoutSection(area: Rect(x: 0, y: top, width: width, height: end - top), contentStart: contentTop))
                top = end
            }
        case .hstack(_, let spacing, _):
            if frames.count == 1 {
                result.append(LayoutSection(area: Rect(x: 0, y: 0, width: width, height: height), contentStart: 0))
            } else {
                var left = 0.0
                for f in frames {
                    let end = f.last.map { $0.x + $0.width + spacing } ?? left
                    result.append(LayoutSection(area: Rect(x: left, y: 0, width: end - left, height: height), contentStart: left))
                    left = end
                }
            }
        case .board(let columnWidth, let spacing, _, _, let header):
            for i in frames.indices {
                result.append(
                    LayoutSection(
                        area: Rect(x: Double(i) * (columnWidth + spacing), y: 0, width: columnWidth, height: height), contentStart: header))
            }
        }
        return result
    }

    /// The placeholder bar for hit slot `slot`, 2 points thick, on the data
    /// the hit test ran on (`frames` and `section` of the hit collection):
    /// across the leading edge of entry `slot` along the reorder axis, after
    /// the last entry, or at the content start of an empty collection.
    public func placeholder(slot: Int, frames: [Rect], section: LayoutSection) -> Rect {
        let area = section.area
        let slot = max(0, slot)
        switch kind {
        case .list, .board:
            let y: Double
            if slot < frames.count {
                y = frames[slot].y
            } else if let last = frames.last {
                y = last.y + last.height
            } else {
                y = section.contentStart
            }
            return Rect(x: area.x, y: y - 1, width: area.width, height: 2)
        case .hstack:
            let x: Double
            if slot < frames.count {
                x = frames[slot].x
            } else if let last = frames.last {
                x = last.x + last.width
            } else {
                x = section.contentStart
            }
            return Rect(x: x - 1, y: area.y, width: 2, height: area.height)
        case .grid(_, let rowHeight, _, _):
            if slot < frames.count {
                let f = frames[slot]
                return Rect(x: f.x - 1, y: f.y, width: 2, height: f.height)
            } else if let last = frames.last {
                return Rect(x: last.x + last.width - 1, y: last.y, width: 2, height: last.height)
            }
            return Rect(x: area.x, y: section.contentStart, width: 2, height: rowHeight)
        }
    }
}
