/// A hit target (spec 1.3): the collection's index in the snapshot and the
/// slot, an index into that collection's entries (`0 ... entries.count`).
public struct RenderHit: Hashable, Sendable {
    public var collection: Int
    public var slot: Int

    public init(collection: Int, slot: Int) {
        self.collection = collection
        self.slot = slot
    }
}
