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
