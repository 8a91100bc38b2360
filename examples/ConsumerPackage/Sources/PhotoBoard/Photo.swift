import Foundation
import ReorderCore

/// The app's own model: photos identified by UUID, in one grid.
public struct Photo: Identifiable, Hashable, Sendable {
    public var id: UUID
    public var caption: String

    public init(id: UUID, caption: String = "") {
        self.id = id
        self.caption = caption
    }
}

// The list article's helper, verbatim.
@available(iOS 27.0, *)
extension Array where Element: Identifiable, Element.ID: Sendable {
    public mutating func apply(
        _ difference: ReorderDifference<Element.ID, ReorderableSingleCollectionIdentifier>
    ) {
        let moved = difference.sources.compactMap { id in
            first { $0.id == id }
        }
        removeAll { difference.sources.contains($0.id) }

        switch difference.destination.position {
        case .before(let id):
            let index = firstIndex { $0.id == id } ?? endIndex
            insert(contentsOf: moved, at: index)
        case .end:
            append(contentsOf: moved)
        }
    }
}

extension Array where Element == Photo {
    /// The grid article's helper, verbatim: its `filter` keeps the moved
    /// photos in array order, not in the order they were selected.
    public mutating func applyGridArticle(_ difference: ReorderDifference<UUID, ReorderableSingleCollectionIdentifier>) {
        let moving = filter { difference.sources.contains($0.id) }
        guard !moving.isEmpty else { return }
        removeAll { difference.sources.contains($0.id) }

        switch difference.destination.position {
        case .before(let target):
            let index = firstIndex { $0.id == target } ?? endIndex
            insert(contentsOf: moving, at: index)
        case .end:
            append(contentsOf: moving)
        }
    }

    /// The bug the grid article warns of ("insert before removing"): the
    /// insertion index is taken before the moved photos are removed, so
    /// every forward move lands one slot too far.
    public mutating func applyIndexFirst(_ difference: ReorderDifference<UUID, ReorderableSingleCollectionIdentifier>) {
        let moving = filter { difference.sources.contains($0.id) }
        guard !moving.isEmpty else { return }
        let index: Int
        switch difference.destination.position {
        case .before(let target): index = firstIndex { $0.id == target } ?? endIndex
        case .end: index = endIndex
        }
        removeAll { difference.sources.contains($0.id) }
        insert(contentsOf: moving, at: Swift.min(index, endIndex))
    }
}
