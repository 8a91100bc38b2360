import ReorderCore

extension RenderDataChange {
    /// A run longer than this is tried as what moved (a shorter one is as small as a splice).
    static let movedFrom = 16
    /// At most this many entries taken out and put in make a change stored
    /// as what moved; more (an insert of a thousand, a shuffle) is one splice.
    static let movedLimit = 64

    /// Collection `collection`'s run `e` (from `old` to `new`, its items,
    /// after `offset` fixed entries) as what moved (`ChunkedList.moves`):
    /// the entries taken out, by their index before, last first, then those
    /// put in, by their index after, first first, each run of neighbours
    /// one edit; applied in order they give `new`. A drop of one photo from
    /// the bottom of a grid of 10^4 to its top is two edits and one ID, not
    /// a splice of the 9,600 IDs between. `nil` when the run is short, or
    /// is not a few entries moved.
    static func moves(
        _ old: ChunkedList<StringID>, _ new: ChunkedList<StringID>, _ e: ChunkedListEdit, offset: Int, collection: Int
    ) -> [RenderDataEdit]? {
        guard e.removed + e.inserted > movedFrom, let m = new.moves(from: old, within: e, limit: movedLimit) else { return nil }
        var edits: [RenderDataEdit] = []
        for run in runs(m.removed).reversed() {
            edits.append(RenderDataEdit(collection: collection, start: offset + run.lowerBound, removed: run.count, inserted: []))
        }
        for run in runs(m.inserted) {
            edits.append(RenderDataEdit(collection: collection, start: offset + run.lowerBound, removed: 0, inserted: run.map { new[$0] }))
        }
        return edits
    }

    /// Ascending indices as runs of neighbours: [3, 4, 9] is 3..<5, 9..<10.
    private static func runs(_ indices: [Int]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        for k in indices {
            if let last = out.last, last.upperBound == k { out[out.count - 1] = last.lowerBound..<(k + 1) } else { out.append(k..<(k + 1)) }
        }
        return out
    }
}
