import ReorderCore

/// The `layout.kind` names of a recording (spec 1.2): the one list of them.
public enum LayoutKind: String, CaseIterable, Hashable, Sendable {
    case list, hstack, grid, board

    /// `"list", "hstack", ...`: for messages that list what was expected.
    public static var quotedList: String { allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") }
}

extension Layout {
    /// The name a recording gives this layout's kind.
    public var kindName: LayoutKind {
        switch kind {
        case .list: .list
        case .hstack: .hstack
        case .grid: .grid
        case .board: .board
        }
    }
}
