import ReorderConformance
import ReorderCore

extension Explorer {
    /// The world's data as the fuzzer's integers (see `CaseGenerator.makeWorldContainer`).
    func worldContainer(_ world: World) -> FuzzContainer {
        let names = world.itemNames
        var container = FuzzContainer(
            collections: world.collections.enumerated().map { c, spec in
                ReorderCollection(
                    id: c, items: spec.items.compactMap(names.id), fixed: spec.fixed.compactMap(names.id), capacity: spec.capacity)
            })
        container.locked = Set(world.collections.flatMap(\.locked).compactMap(names.id))
        container.isEnabled = world.enabled
        return container
    }

    /// In a world: lift one item (as its collection's lift offers), drop it
    /// on the leading half of every entry of every collection or past the
    /// end of each, at once or deferred with an apply.
    func worldDragScripts(_ world: World) -> [Script] {
        let container = self.container
        let frames = layout.frames(in: container)
        var targets: [(Point, Aim?)] = []
        for (c, column) in frames.enumerated() {
            targets += column.enumerated().map { (layout.leadingHalfPoint(of: $0.element), Aim(collection: c, entry: $0.offset)) }
            if let last = column.last {
                switch layout.reorderAxis {
                case .vertical: targets.append((Point(x: last.midX, y: last.y + last.height + 1), nil))
                case .horizontal: targets.append((Point(x: last.x + last.width + 1, y: last.midY), nil))
                }
            } else if case .board(let columnWidth, let spacing, _, _, _) = layout.kind {
                targets.append((Point(x: Double(c) * (columnWidth + spacing) + columnWidth / 2, y: 5), nil))
            }
        }
        var scripts: [Script] = []
        for (c, collection) in container.collections.enumerated() {
            for item in collection.items {
                let lift: (DragEvent<Int, Int>, Aim?) = (
                    .lift(session: 0, items: [item], at: Point(x: 1, y: 1), operations: world.collections[c].lifts, external: false), nil
                )
                for (p, aim) in targets {
                    scripts.append([lift, (.drop(session: 0, at: p, deferred: false), aim)])
                    scripts.append([lift, (.drop(session: 0, at: p, deferred: true), aim), (.apply(session: 0), nil)])
                }
            }
        }
        return scripts
    }

    /// In a world: insert a new item (of the world's form) first or last in
    /// each collection, delete an item, move an item to the end of another
    /// collection from outside, disable, enable.
    func worldMutations(_ world: World) -> [DataMutation<Int, Int>] {
        let container = self.container
        let fresh = world.itemNames.names.count
        var mutations: [DataMutation<Int, Int>] = [.setEnabled(false), .setEnabled(true)]
        let n = container.collections.count
        for c in 0..<n {
            mutations.append(.insert(items: [fresh], collection: c, index: 0))
            mutations.append(.insert(items: [fresh], collection: c, index: nil))
            for item in container.collections[c].items {
                mutations.append(.delete(items: [item]))
                mutations.append(.relocate(items: [item], collection: (c + 1) % n, before: nil))
            }
        }
        return mutations
    }
}
