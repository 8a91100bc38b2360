import ReorderCore

/// The app's sectioned model: cards in columns (`reorderContainer(for:in:)`).
public struct Card: Identifiable, Hashable, Sendable {
    public var id: String
    public init(id: String) { self.id = id }
}

/// The app's move closure for the board: remove the moved cards wherever
/// they are, insert them as one block before the anchor in the target column.
public func applyToBoard(_ board: inout [ReorderSection<String, Card>], _ difference: ReorderDifference<String, String>) {
    let moved = difference.sources.compactMap { id in board.lazy.flatMap(\.elements).first { $0.id == id } }
    var seen = Set<String>()
    let block = moved.filter { seen.insert($0.id).inserted }
    guard !block.isEmpty, let t = board.firstIndex(where: { $0.id == difference.destination.collectionID }) else { return }
    for k in board.indices { board[k].elements.removeAll { difference.sources.contains($0.id) } }
    let at =
        difference.destination.position.anchor.flatMap { anchor in board[t].elements.firstIndex { $0.id == anchor } }
        ?? board[t].elements.endIndex
    board[t].elements.insert(contentsOf: block, at: at)
}

/// The drop-configuration article's board: columns 220 wide, 16 apart.
public enum KanbanGeometry {
    public static let columnWidth = 220.0
    public static let spacing = 16.0

    /// The article's `columnIndex(for:)`, exactly as published.
    public static func columnIndex(for location: Point) -> Int {
        let alignedX = location.x - spacing / 2
        return max(0, Int(alignedX / (columnWidth + spacing)))
    }

    /// The layout the board draws: the fuzzer generates cases in it.
    public static let layout = Layout<StringID>(kind: .board(columnWidth: columnWidth, spacing: spacing, rowHeight: 40), width: 0, height: 600)
}

/// The article's `dropConfiguration` closure: the highlighted column from
/// its `columnIndex(for:)`; everything else (the operation, a locked card,
/// capacity) as the framework answers it, and the place inside the column
/// the framework's.
public let kanbanDropConfiguration = DropPolicy<StringID, StringID?> { request in
    let index = KanbanGeometry.columnIndex(for: request.session.location)
    let columns = request.container.collections
    let standard = standardConfiguration(request)
    guard standard.operation != .forbidden, columns.indices.contains(index) else { return .forbidden }
    return DropConfiguration(
        operation: standard.operation,
        destination: .init(collectionID: columns[index].id, position: request.destination?.position ?? .end))
}

/// The app's whole closure: the article's (its `columnIndex(for:)` picks the
/// column), plus the app's intended rule that a card lifted from
/// "templates" is copied (its lift offers only copy) and nothing is dropped
/// into "templates". Locks and capacity as the framework answers them.
public let kanbanBoardConfiguration = DropPolicy<StringID, StringID?> { request in
    let index = KanbanGeometry.columnIndex(for: request.session.location)
    let columns = request.container.collections
    guard columns.indices.contains(index), columns[index].id != "templates" else { return .forbidden }
    let offered = request.session.suggestedOperations
    var asMove = request
    asMove.session.suggestedOperations = .move
    guard standardConfiguration(asMove).operation == .move else { return .forbidden }
    return DropConfiguration(
        operation: request.isExternal || !offered.contains(.move) ? (offered.contains(.copy) ? .copy : .move) : .move,
        destination: .init(collectionID: columns[index].id, position: request.destination?.position ?? .end))
}
