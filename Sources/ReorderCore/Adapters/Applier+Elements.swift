// An app's own `apply` over its own element types, as an `Applier`: the
// replayer, the engine and the fuzzer then put it under test like a built-in
// applier. Recordings name items with `StringID`s; an `IDMaker` turns each
// name's text into the app's ID, and the app's answer is read back by those
// IDs (two names the app's IDs make one come back as the first one).

extension Applier where ItemID == StringID, CollectionID == StringID? {
    /// A single-collection `apply`, shaped like the articles' helper
    /// (`extension Array where Element: Identifiable { mutating func apply(_:) }`).
    ///
    ///     let yours = Applier.single(element: { Photo(id: $0) }) { photos, difference in photos.apply(difference) }
    ///     Replayer(options: ReplayOptions(applier: yours)).run(path: "corpora/reports/task-lands-one-row-too-far.jsonl")
    ///
    /// In a recording with several collections it gets the destination
    /// collection (sources elsewhere are not in its array: a conservation
    /// failure, as in the app).
    /// - Complexity: O(n) per delivery for n items, plus `apply`.
    public static func single<Element: Identifiable>(
        name: String = "yours", ids: IDMaker<Element.ID>, element: @escaping @Sendable (Element.ID) -> Element,
        apply: @escaping @Sendable (inout [Element], ReorderDifference<Element.ID, ReorderableSingleCollectionIdentifier>) -> Void
    ) -> Self where Element.ID: Sendable, Element: SendableMetatype {
        .orders(name: name) { orders, collectionIDs, d in
            guard let t = collectionIDs.firstIndex(of: d.destination.collectionID) ?? (orders.count == 1 ? 0 : nil) else {
                return orders
            }
            var names: [Element.ID: StringID] = [:]
            names.reserveCapacity(orders[t].count + d.sources.count + 1)
            func id(_ name: StringID) -> Element.ID {
                let id = ids.make(name.string)
                if names[id] == nil { names[id] = name }
                return id
            }
            // Loops, not closures: a closure here would capture Element's
            // metatype, which need not be Sendable.
            var elements: [Element] = []
            elements.reserveCapacity(orders[t].count)
            for name in orders[t] { elements.append(element(id(name))) }
            let difference = ReorderDifference<Element.ID, ReorderableSingleCollectionIdentifier>(
                sources: d.sources.map(id),
                destination: .init(collectionID: .init(), position: d.destination.position.anchor.map { .before(id($0)) } ?? .end))
            apply(&elements, difference)
            var result = orders
            result[t] = elements.map { names[$0.id] ?? StringID("\($0.id)") }
            return result
        }
    }

    /// `single` with the ID type's own maker (`String`, `Int`, and `UUID` with `DragTesting`).
    public static func single<Element: Identifiable>(
        name: String = "yours", element: @escaping @Sendable (Element.ID) -> Element,
        apply: @escaping @Sendable (inout [Element], ReorderDifference<Element.ID, ReorderableSingleCollectionIdentifier>) -> Void
    ) -> Self where Element.ID: ReorderFuzzableID, Element: SendableMetatype {
        single(name: name, ids: .standard, element: element, apply: apply)
    }

    /// A sectioned `apply` (`reorderContainer(for:in:)`): every collection
    /// as a `ReorderSection` with the app's section ID, in the recording's
    /// order, and the difference in the app's IDs. The app may reorder its
    /// sections; they are read back by ID.
    ///
    ///     let yours = Applier.sectioned(element: { Card(id: $0) }, section: { $0 }) { board, difference in
    ///         board.apply(difference)
    ///     }
    ///
    /// - Complexity: O(n) per delivery for n items, plus `apply`.
    public static func sectioned<Element: Identifiable, SectionID: Hashable & Sendable>(
        name: String = "yours", ids: IDMaker<Element.ID>, element: @escaping @Sendable (Element.ID) -> Element,
        section: @escaping @Sendable (String?) -> SectionID,
        apply: @escaping @Sendable (inout [ReorderSection<SectionID, Element>], ReorderDifference<Element.ID, SectionID>) -> Void
    ) -> Self where Element.ID: Sendable, Element: SendableMetatype {
        .orders(name: name) { orders, collectionIDs, d in
            var names: [Element.ID: StringID] = [:]
            func id(_ name: StringID) -> Element.ID {
                let id = ids.make(name.string)
                if names[id] == nil { names[id] = name }
                return id
            }
            let sectionIDs = collectionIDs.map { section($0?.string) }
            var sections: [ReorderSection<SectionID, Element>] = []
            for (s, items) in zip(sectionIDs, orders) {
                var elements: [Element] = []
                for name in items { elements.append(element(id(name))) }
                sections.append(ReorderSection(id: s, elements: elements))
            }
            let difference = ReorderDifference<Element.ID, SectionID>(
                sources: d.sources.map(id),
                destination: .init(
                    collectionID: section(d.destination.collectionID?.string),
                    position: d.destination.position.anchor.map { .before(id($0)) } ?? .end))
            apply(&sections, difference)
            return sectionIDs.map { s in
                (sections.first { $0.id == s }?.elements ?? []).map { names[$0.id] ?? StringID("\($0.id)") }
            }
        }
    }

    /// `sectioned` with the ID type's own maker.
    public static func sectioned<Element: Identifiable, SectionID: Hashable & Sendable>(
        name: String = "yours", element: @escaping @Sendable (Element.ID) -> Element,
        section: @escaping @Sendable (String?) -> SectionID,
        apply: @escaping @Sendable (inout [ReorderSection<SectionID, Element>], ReorderDifference<Element.ID, SectionID>) -> Void
    ) -> Self where Element.ID: ReorderFuzzableID, Element: SendableMetatype {
        sectioned(name: name, ids: .standard, element: element, section: section, apply: apply)
    }
}
