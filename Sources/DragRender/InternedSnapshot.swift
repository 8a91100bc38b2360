/// A snapshot stored once, its collections as indices into the store's
/// collection table.
struct InternedSnapshot: Hashable, Sendable {
    var collections: [Int]
    var enabled: Bool
}
