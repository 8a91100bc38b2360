import DragRecording
import KnownBugs
import ReorderCore
import ReorderReplicas

/// Writes replicated cases from a `ChoiceSequence`: a small container (a
/// list of 3 to 6 items, or a board of two columns), N replicas, local
/// changes on random replicas (relocate, insert of a fresh ID, delete, and
/// drags by geometry: lift on a row, a move, a drop at another row,
/// sometimes deferred, sometimes of two items) interleaved with the
/// nemesis's channel events, ending with `quiesce`. With a world, every
/// case starts from the world's header and drags aim at its layout's
/// frames. A mirror
/// `ReplicatedSystem` running the merge under test tracks what is in
/// flight, so only channel events the replay accepts are written.
struct ReplicaCaseGenerator: Sendable {
    let options: ReplicaFuzzOptions

    static let rowHeight = 40.0
    static let columnWidth = 160.0
    static let width = 320.0
    static let height = 480.0
    static let replicaNames = ["A", "B", "C", "D", "E", "F", "G", "H"]

    /// One case.
    /// - Complexity: O(e * f) for e events and f messages in flight, plus the mirror merge's work.
    func generate(_ c: inout ChoiceSequence) -> ReplicaCase {
        let header = makeHeader(&c)
        var b = ReplicaCaseBuilder(header: header, options: options)
        let changes = 2 + c.draw(4)
        for _ in 0..<changes {
            b.localChange(&c)
            b.channelStep(&c)
        }
        b.finish()
        return ReplicaCase(recording: Recording(header: header, events: b.events), channel: b.counts)
    }

    /// The header: the world's, with this campaign's replicas; else a list
    /// of 3 to 6 items, or (one case in five) a board of two columns
    /// holding 3 to 6 items between them.
    func makeHeader(_ c: inout ChoiceSequence) -> RecordingHeader {
        let ids = Array(Self.replicaNames.prefix(options.replicas))
        let spec = ReplicasSpec(
            ids: ids, merge: options.model, options: ReplicaOptions(deletes: options.deletes, blocks: options.blocks))
        if let world = options.world {
            return RecordingHeader(
                layout: world.layout, enabled: world.enabled, collections: world.collections, replicas: spec, world: world.world)
        }
        let names: [StringID] = ["a", "b", "c", "d", "e", "f"]
        let count = 3 + c.draw(3)
        let items = Array(names.prefix(count))
        let board = c.weighted(20)
        let layout: Layout<StringID>
        let collections: [CollectionSpec]
        if board {
            let split = c.draw(count)
            collections = [
                CollectionSpec(id: "todo", items: Array(items.prefix(count - split))),
                CollectionSpec(id: "done", items: Array(items.suffix(split))),
            ]
            layout = Layout(kind: .board(columnWidth: Self.columnWidth, rowHeight: Self.rowHeight), width: Self.width, height: Self.height)
        } else {
            collections = [CollectionSpec(items: items)]
            layout = Layout(kind: .list(rowHeight: Self.rowHeight), width: Self.width, height: Self.height)
        }
        return RecordingHeader(layout: layout, collections: collections, replicas: spec)
    }
}
