/// A collection stored once, its entries as indices into the store's entry
/// table: a move changes the frames of a few entries, so consecutive
/// snapshots share most entries (and, on a board, most columns).
struct InternedCollection: Hashable, Sendable {
    var id: String?
    var capacity: Int?
    var area: RenderRect
    var entries: [Int]
}
