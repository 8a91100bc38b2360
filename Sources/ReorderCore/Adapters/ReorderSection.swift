/// One section of a sectioned model, as `reorderContainer(for:in:)` sees it:
/// the section's ID and its elements in order. The sectioned adapter hands
/// an app's `apply` an array of these.
///
///     var sections = [ReorderSection(id: "todo", elements: [card1, card2]), ReorderSection(id: "done", elements: [])]
public struct ReorderSection<SectionID: Hashable & Sendable, Element> {
    public var id: SectionID
    public var elements: [Element]

    @inlinable
    public init(id: SectionID, elements: [Element]) {
        self.id = id
        self.elements = elements
    }
}

extension ReorderSection: Sendable where Element: Sendable {}
extension ReorderSection: Equatable where Element: Equatable {}
