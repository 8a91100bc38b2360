/// Every distinct snapshot of a document, stored once in three interned
/// tables (entries, collections, snapshots), so that memory and output grow
/// with the number of distinct states, not with the number of events.
public struct SnapshotStore: Sendable {
    private(set) var entries: [RenderEntry] = []
    private(set) var collections: [InternedCollection] = []
    private(set) var snapshots: [InternedSnapshot] = []
    private var entryIndex: [RenderEntry: Int] = [:]
    private var collectionIndex: [InternedCollection: Int] = [:]
    private var snapshotIndex: [InternedSnapshot: Int] = [:]

    init() {}

    /// About the bytes the tables take as the page's JSON (an index is a
    /// few digits and a comma, an entry its ID and frame): what
    /// `RenderSizeLimit` bounds.
    public private(set) var byteEstimate = 0

    public var count: Int { snapshots.count }
    /// Distinct entries (id, frame and marks) across all snapshots.
    public var entryCount: Int { entries.count }

    /// The index of `s`, adding it when it is new.
    mutating func intern(_ s: RenderSnapshot) -> Int {
        var cs: [Int] = []
        cs.reserveCapacity(s.collections.count)
        for c in s.collections {
            var es: [Int] = []
            es.reserveCapacity(c.entries.count)
            for e in c.entries {
                if let i = entryIndex[e] {
                    es.append(i)
                } else {
                    entryIndex[e] = entries.count
                    es.append(entries.count)
                    entries.append(e)
                    byteEstimate += e.id.utf8.count + 48
                }
            }
            let ic = InternedCollection(id: c.id, capacity: c.capacity, area: c.area, entries: es)
            if let i = collectionIndex[ic] {
                cs.append(i)
            } else {
                collectionIndex[ic] = collections.count
                cs.append(collections.count)
                collections.append(ic)
                byteEstimate += 6 * es.count + 48
            }
        }
        let snap = InternedSnapshot(collections: cs, enabled: s.enabled)
        if let i = snapshotIndex[snap] { return i }
        snapshotIndex[snap] = snapshots.count
        byteEstimate += 6 * cs.count + 8
        snapshots.append(snap)
        return snapshots.count - 1
    }

    /// Frees the lookup tables once nothing more will be added.
    mutating func seal() {
        entryIndex = [:]
        collectionIndex = [:]
        snapshotIndex = [:]
    }

    /// Snapshot `index` as the caller gave it.
    public subscript(index: Int) -> RenderSnapshot {
        let s = snapshots[index]
        return RenderSnapshot(
            collections: s.collections.map { ci in
                let c = collections[ci]
                return RenderCollection(id: c.id, capacity: c.capacity, area: c.area, entries: c.entries.map { entries[$0] })
            }, enabled: s.enabled)
    }
}
