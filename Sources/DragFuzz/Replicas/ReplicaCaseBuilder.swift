import DragRecording
import DragReplay
import ReorderConformance
import ReorderCore
import ReorderReplicas

/// The state of one case being generated: the events written so far, the
/// mirror system that carries out each of them as the replay will (the
/// merge under test, the channel, the partition), and the nemesis's counts.
struct ReplicaCaseBuilder {
    let header: RecordingHeader
    let ids: [String]
    let nemeses: Set<Nemesis>
    var mirror: ReplicatedSystem<StringID, StringID?>
    var events: [RecordedEvent] = []
    var counts = ChannelCounts()
    /// The next session number per replica.
    var sessions: [String: Int] = [:]
    var fresh = 0
    /// Channel steps until the open partition heals; `nil`: none is open.
    var healIn: Int?
    /// Every ID of the header: what an inserted ID must not be.
    let headerIDs: Set<StringID>
    /// Whether the case starts from a world: drags aim at its frames.
    let inWorld: Bool
    /// With a world, drops are judged by its rules, as the replay judges them.
    let rules: RecordedRules?

    init(header: RecordingHeader, options: ReplicaFuzzOptions) {
        self.header = header
        let spec = header.replicas!
        ids = spec.ids
        nemeses = options.nemeses
        headerIDs = Set(header.collections.flatMap { $0.fixed + $0.items })
        inWorld = options.world != nil
        rules = inWorld ? options.replayOptions.rules?(header) : nil
        let start = ReplicaStart(ids: spec.ids, data: header.container, model: spec.merge, options: spec.options, layout: header.layout)
        let merge = options.replayOptions.merge.map { $0.make(start) } ?? spec.merge.merge(ids: spec.ids, data: header.container)
        guard let system = try? ReplicatedSystem(ids: spec.ids, data: header.container, merge: merge, options: spec.options) else {
            preconditionFailure("the generator's replica ids are valid")
        }
        mirror = system
    }

    mutating func emit(_ kind: RecordedEvent.Kind, replica: String? = nil, session: Int = 0) {
        events.append(RecordedEvent(t: Double(events.count), session: session, kind, replica: replica))
    }

    /// The final quiet period: `quiesce` (it heals an open partition).
    mutating func finish() {
        if healIn != nil { counts.healed += 1 }
        healIn = nil
        emit(.channel(.quiesce))
        countConcurrency()
    }

    /// The pairs of concurrent ops the case committed that name one item,
    /// place before one anchor, or place into one gap: where merges differ.
    /// - Complexity: O(m^2) for m ops (a case has a handful).
    mutating func countConcurrency() {
        let ops = mirror.ops
        for i in ops.indices {
            for j in ops.indices where j > i && mirror.areConcurrent(ops[i].id, ops[j].id) {
                let (a, b) = (ops[i], ops[j])
                if !Set(a.kind.items).isDisjoint(with: b.kind.items) { counts.concurrentOnItem += 1 }
                if let p = Self.placement(a.kind), let q = Self.placement(b.kind), p == q { counts.concurrentOnAnchor += 1 }
                if Self.placement(a.kind) != nil, Self.placement(b.kind) != nil, a.left == b.left, a.right == b.right {
                    counts.concurrentInGap += 1
                }
            }
        }
    }

    /// Where a move or an insert places its items: the collection and the anchor.
    static func placement(_ kind: ReplicaOp<StringID, StringID?>.Kind) -> Placement? {
        switch kind {
        case .move(_, let c, let before), .insert(_, let c, let before): Placement(collection: c, before: before)
        case .delete: nil
        }
    }

    struct Placement: Equatable {
        var collection: StringID?
        var before: StringID?
    }

    /// Commits `change` on the mirror, as the replay will.
    mutating func commit(_ change: LocalChange<StringID, StringID?>, on replica: String) {
        if (try? mirror.commit(change, on: replica)) != nil { counts.committedChanges += 1 }
    }

    /// One local change on a random replica: relocate (3 in 10), insert,
    /// delete (1 in 10 each), or a drag (half).
    mutating func localChange(_ c: inout ChoiceSequence) {
        let r = ids[c.draw(ids.count - 1)]
        let data = mirror.data(of: r)
        let nonEmpty = data.collections.indices.filter { !data.collections[$0].items.isEmpty }
        let kind = c.draw(9)
        if nonEmpty.isEmpty || kind == 3 { return insert(&c, on: r, data: data) }
        let from = nonEmpty[c.draw(nonEmpty.count - 1)]
        switch kind {
        case 0...2: relocate(&c, on: r, data: data, from: from)
        case 4: delete(&c, on: r, data: data, from: from)
        default: drag(&c, on: r, from: from)
        }
    }

    /// The items a change moves: one item of the collection, sometimes two.
    func sources(_ c: inout ChoiceSequence, in items: [StringID]) -> [StringID] {
        let first = c.draw(items.count - 1)
        guard items.count > 1, c.weighted(15) else { return [items[first]] }
        let second = (first + 1 + c.draw(items.count - 2)) % items.count
        return [items[first], items[second]]
    }

    mutating func relocate(_ c: inout ChoiceSequence, on r: String, data: ReorderContainer<StringID, StringID?>, from: Int) {
        let moved = sources(&c, in: Array(data.collections[from].items))
        let to = data.collections.count == 1 ? 0 : c.draw(data.collections.count - 1)
        let rest = data.collections[to].items.filter { !moved.contains($0) }
        let j = c.draw(rest.count)
        let before = j < rest.count ? rest[j] : nil
        let collection = data.collections[to].id
        emit(.mutation(.relocate(items: moved, collection: collection, before: before)), replica: r)
        commit(.relocate(moved, in: collection, before: before), on: r)
    }

    mutating func insert(_ c: inout ChoiceSequence, on r: String, data: ReorderContainer<StringID, StringID?>) {
        fresh += 1
        // A world may name its own items `n1`, `n2`: a new ID is never one of them.
        while headerIDs.contains("n\(fresh)") { fresh += 1 }
        let id: StringID = "n\(fresh)"
        let to = data.collections.count == 1 ? 0 : c.draw(data.collections.count - 1)
        let count = data.collections[to].items.count
        let j = c.draw(count)
        let index = j < count ? j : nil
        let collection = data.collections[to].id
        emit(.mutation(.insert(items: [id], collection: collection, index: index)), replica: r)
        commit(.insert([id], collection: collection, index: index), on: r)
    }

    mutating func delete(_ c: inout ChoiceSequence, on r: String, data: ReorderContainer<StringID, StringID?>, from: Int) {
        let items = Array(data.collections[from].items)
        let item = items[c.draw(items.count - 1)]
        emit(.mutation(.delete(items: [item])), replica: r)
        commit(.delete([item]), on: r)
    }

    /// The point of row `row` of collection `collection`: `dy` below the
    /// row's top (10: a lift on the row; 5: a drop in its upper half, before it).
    func point(collection: Int, row: Int, dy: Double) -> (x: Double, y: Double) {
        let maxRow = Int(ReplicaCaseGenerator.height / ReplicaCaseGenerator.rowHeight) - 1
        return (Double(collection) * ReplicaCaseGenerator.columnWidth + 10, Double(min(row, maxRow)) * ReplicaCaseGenerator.rowHeight + dy)
    }
}
