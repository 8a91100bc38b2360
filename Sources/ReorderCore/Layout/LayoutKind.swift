/// The layout kinds, by the names a recording gives them (`layout.kind`,
/// spec 1.2): the one list of them. `Layout.Kind` carries each kind's
/// metrics; this names it, for the reader, the writer, the page, `--layout`
/// and an app's `layouts`. Adding a kind: docs/decisions.md, issue 19.
public enum LayoutKind: String, CaseIterable, Hashable, Sendable {
    case list, hstack, grid, board

    /// `"list", "hstack", ...`: for messages that list what was expected.
    public static var quotedList: String { allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") }

    /// Whether the kind lays out exactly one collection (an hstack): the
    /// validator refuses more, the fuzzer draws it only for one.
    public var takesOneCollection: Bool {
        switch self {
        case .list, .grid, .board: false
        case .hstack: true
        }
    }
}

extension Layout {
    /// The name a recording gives this layout's kind.
    @inlinable public var kindName: LayoutKind {
        switch kind {
        case .list: .list
        case .hstack: .hstack
        case .grid: .grid
        case .board: .board
        }
    }
}
