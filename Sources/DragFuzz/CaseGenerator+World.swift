import ReorderConformance
import ReorderCore

extension CaseGenerator {
    /// The world's data, as the fuzzer's integers: its items numbered in
    /// order (fixed first, collection by collection), new items after them.
    mutating func makeWorldContainer(_ world: World) {
        let names = world.itemNames
        var collections: [ReorderCollection<Int, Int>] = []
        for (c, spec) in world.collections.enumerated() {
            collections.append(
                ReorderCollection(
                    id: c, items: spec.items.compactMap(names.id), fixed: spec.fixed.compactMap(names.id), capacity: spec.capacity))
        }
        var container = FuzzContainer(collections: collections)
        container.locked = Set(world.collections.flatMap(\.locked).compactMap(names.id))
        container.isEnabled = world.enabled
        nextID = names.names.count
        setup.container = container
        fuzzCase.container = container
        fuzzCase.collectionNames = world.collectionIDs
        fuzzCase.itemNames = names
    }

    /// The world's layout, its per-item sizes keyed by the fuzzer's integers.
    mutating func makeWorldLayout(_ world: World) {
        let names = world.itemNames
        let layout = world.layout.mapIDs { names.id($0) ?? FuzzIDs.absentBase }
        setup.layout = layout
        fuzzCase.layout = layout
    }

    /// A repeated drag (`CaseProfile.Shape.repeated`) scaled to the world,
    /// drawn after its data: the collection lifted from (one with items),
    /// the one dropped into (mostly the same), the position lifted and the
    /// item dropped before, among those whose leading half lies inside the
    /// window (a finger reaches it). The count and deferral are the
    /// profile's. With nothing to lift or no item a finger reaches, the
    /// case is the plain mix.
    mutating func scaleRepeatToWorld() {
        guard case .repeated(_, _, let count, let deferred) = profile.shape else { return }
        let data = setup.container
        let layout = setup.layout
        let liftable = data.collections.indices.filter { !data.collections[$0].items.isEmpty }
        guard !liftable.isEmpty else {
            profile.shape = .mix
            return
        }
        let c = liftable[choices.draw(liftable.count - 1)]
        var t = choices.weighted(70) ? c : choices.draw(data.collections.count - 1)
        let frames = layout.frames(in: data)
        func reachable(_ t: Int) -> [Int] {
            let fixed = data.collections[t].fixed.count
            return data.collections[t].items.indices.filter { i in
                let p = layout.leadingHalfPoint(of: frames[t][fixed + i])
                return p.x >= 0 && p.x < layout.width && p.y >= 0 && p.y < layout.height
            }
        }
        var targets = reachable(t)
        if targets.isEmpty && t != c {
            t = c
            targets = reachable(c)
        }
        guard !targets.isEmpty else {
            profile.shape = .mix
            return
        }
        let from = choices.draw(data.collections[c].items.count - 1)
        let to = targets[choices.draw(targets.count - 1)]
        profile.shape = .repeated(from: from, to: to, count: count, deferred: deferred)
        profile.repeatIn = (c, t)
    }

    /// What a lift of `items` from the world offers: what every collection
    /// they come from offers (the first one's, if those have nothing in common).
    func worldLiftOperations(_ world: World, items: [Int]) -> DropOperation.Set {
        let container = engine.container
        let offers = items.compactMap { container.home(of: $0).map { world.collections[$0.collection].lifts } }
        guard let first = offers.first else { return .move }
        let common = offers.reduce(first) { $0.intersection($1) }
        return common.isEmpty ? first : common
    }
}
