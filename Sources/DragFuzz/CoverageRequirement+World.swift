import DragRecording
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
    ///
    /// A collection whose drops allow only an operation no lift offers (only
    /// `copy` into it, and no lift offers copy) can never receive a drop: it
    /// is not required, and `unreachable` says why (issue 44 class 11: such
    /// a requirement failed every run).
    public init(world: World) {
        let lifts = world.collections.reduce(into: DropOperation.Set()) { $0.formUnion($1.lifts) }
            .union(world.external.reduce(into: DropOperation.Set()) { $0.formUnion($1) })
        let drops = world.collections.reduce(into: DropOperation.Set()) { $0.formUnion($1.drops) }
        let possible = lifts.intersection(drops)
        let droppable = world.collections.filter { !$0.drops.isEmpty }
        self.init(
            collections: droppable.filter { !$0.drops.intersection(lifts).isEmpty }.map(\.id.string),
            operations: [DropOperation.move, .copy].filter { possible.contains($0 == .move ? .move : .copy) })
        for c in world.collections where c.drops.isEmpty {
            unreachable.append(
                "coverage: collection \(Format.quoted(c.id)) is not required: the world's rules allow no drop into it")
        }
        for c in droppable where c.drops.intersection(lifts).isEmpty {
            // Non-empty drops that no lift meets: exactly one operation, one no lift offers.
            let op = c.drops.contains(.move) ? "move" : "copy"
            unreachable.append(
                "coverage: collection \(Format.quoted(c.id)) is not required: the world's rules make a drop into it unreachable "
                    + "(a drop into it allows only \(op), and no lift offers \(op))")
        }
    }
}
