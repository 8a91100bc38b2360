import ReorderCore

extension CoverageRequirement {
    /// What a run in `world` must cover: every collection of the world
    /// whose rules allow a drop into it receives one, and every operation that a lift from some collection
    /// offers, and a drop into some collection allows, is answered
    /// (external lifts count as lifts). `forbidden` is never required: a
    /// world whose rules forbid nothing need never answer it.
    ///
    ///     let world = World(collections: ["todo": [], "done": []], ...)
    ///     CoverageRequirement(world: world).collections   // ["done", "todo"]
    ///
    /// - Complexity: O(c) for c collections.
    public init(world: World) {
        let lifts = world.collections.reduce(into: DropOperation.Set()) { $0.formUnion($1.lifts) }
            .union(world.external.reduce(into: DropOperation.Set()) { $0.formUnion($1) })
        let drops = world.collections.reduce(into: DropOperation.Set()) { $0.formUnion($1.drops) }
        let possible = lifts.intersection(drops)
        self.init(
            collections: world.collections.filter { !$0.drops.isEmpty }.map(\.id),
            operations: [DropOperation.move, .copy].filter { possible.contains($0 == .move ? .move : .copy) })
    }
}
