import ReorderCore

/// What the builder and the adapter keep of the last data: the container's
/// collections, locks and `isEnabled`, not the container. A container
/// holds an ID index of every item; keeping one alive while the engine
/// mutates its own copy would copy that index at every data change
/// (O(n)), where keeping the collections copies only the chunks touched.
struct RenderDataVersion {
    var collections: [ReorderCollection<StringID, StringID?>]
    var locked: Set<StringID>
    var enabled: Bool

    /// - Complexity: O(1): the collections are shared, not copied.
    init(_ data: RenderData) {
        collections = data.collections
        locked = data.locked
        enabled = data.isEnabled
    }
}
