import ReorderConformance
import ReorderCore
import ReorderSwipe

/// The built-in action handlers: one correct, and three that reproduce the
/// reported bug classes of `swipe-v1`. This enum is the one table of them:
/// its cases in order, its raw values their names.
///
///     SwipeHandlerKind(rawValue: "index-captured")  // .indexCaptured
public enum SwipeHandlerKind: String, CaseIterable, Hashable, Sendable {
    /// Deletes and flips by ID, labels from the current flags, the gesture
    /// follows the direction rule.
    case correct
    /// The delete handler uses the index the row had when it opened: after a
    /// sync inserted a row above it, it deletes the wrong row. Breaks
    /// `action-target`.
    case indexCaptured = "index-captured"
    /// The labels are computed the first time a row opens and never again,
    /// so "Pin" never turns into "Unpin". Breaks `fresh-labels`.
    case staleLabels = "stale-labels"
    /// In `rtl` the gesture keeps the left-to-right direction (`dx < 0`
    /// reveals the trailing edge) while the buttons sit on the mirrored
    /// edge. Breaks `edge`.
    case unmirrored

    /// The invariant this handler is built to break; `nil` for `correct`.
    @inlinable
    public var breaks: Invariant? {
        switch self {
        case .correct: nil
        case .indexCaptured: .actionTarget
        case .staleLabels: .freshLabels
        case .unmirrored: .edge
        }
    }
}

/// An in-process action handler from the built-in catalogue.
///
///     let all = SwipeHandler<StringID>.builtIns.map(\.name)  // ["correct", "index-captured", "stale-labels", "unmirrored"]
///     var handler = SwipeHandler<StringID>.named("unmirrored")!
///     handler.edge(forDX: -30, direction: .rtl)           // .trailing (the rule says .leading)
public struct SwipeHandler<ItemID: Hashable & Sendable>: SwipeHandling, Hashable, Sendable {
    public let kind: SwipeHandlerKind
    /// The correct handlers, which every kind follows except where its bug is.
    @usableFromInline var reference: ReferenceSwipeHandler<ItemID>
    /// `index-captured`: the index each row had in its collection when it last opened.
    @usableFromInline var openedAt: [ItemID: Int] = [:]
    /// `stale-labels`: the labels each row showed the first time it opened.
    @usableFromInline var firstLabels: [SwipeOpenRow<ItemID>: [String]] = [:]

    /// A handler of `kind`, with `configuration`'s actions (or none until `reset`).
    @inlinable
    public init(_ kind: SwipeHandlerKind, configuration: SwipeConfiguration<ItemID>? = nil) {
        self.kind = kind
        reference = ReferenceSwipeHandler(configuration: configuration)
    }

    @inlinable public var name: String { kind.rawValue }

    /// Every built-in handler, in the order of `SwipeHandlerKind`.
    public static var builtIns: [Self] { SwipeHandlerKind.allCases.map { Self($0) } }

    /// The names `named(_:)` accepts, in the same order.
    public static var builtInNames: [String] { SwipeHandlerKind.allCases.map(\.rawValue) }

    /// A built-in handler by name, `nil` for an unknown name.
    /// - Complexity: O(1).
    @inlinable
    public static func named(_ name: String) -> Self? {
        SwipeHandlerKind(rawValue: name).map { Self($0) }
    }

    @inlinable
    public mutating func reset(configuration: SwipeConfiguration<ItemID>) {
        self = Self(kind, configuration: configuration)
    }

    @inlinable
    public mutating func open(item: ItemID, edge: SwipeEdge, labels: [String], data: SwipeData<ItemID>) {
        switch kind {
        case .indexCaptured:
            openedAt[item] = data.items.firstIndex(of: item)
        case .staleLabels:
            let row = SwipeOpenRow(item: item, edge: edge)
            if firstLabels[row] == nil { firstLabels[row] = reference.fresh(item: item, edge: edge, flags: data.flags) }
        case .correct, .unmirrored:
            break
        }
    }

    /// Nothing to do: `index-captured` keeps the index of the row's last
    /// opening, as a closure captured when the row was drawn would.
    @inlinable
    public mutating func close(item: ItemID) {}

    @inlinable
    public mutating func perform(item: ItemID, edge: SwipeEdge, action: String, data: SwipeData<ItemID>) -> SwipeEffect<ItemID> {
        if kind == .indexCaptured, reference.actions(on: edge)?.action(named: action)?.isDestructive == true,
            let index = openedAt[item]
        {
            // The captured index may point past the end now: the app's
            // `items[index]` would trap, and deletes nothing here.
            return data.items.indices.contains(index) ? .delete(data.items[index]) : .none
        }
        return reference.perform(item: item, edge: edge, action: action, data: data)
    }

    /// The labels `edge` of `item` shows. An item that is not among the
    /// reorderable items (`data.items`: gone, or fixed) is no row with
    /// actions and shows none (spec 4), whatever the kind.
    /// - Complexity: O(n) for n items in `data`, plus the labels.
    @inlinable
    public func labels(item: ItemID, edge: SwipeEdge, data: SwipeData<ItemID>) -> [String] {
        guard data.items.contains(item) else { return [] }
        if kind == .staleLabels, let labels = firstLabels[SwipeOpenRow(item: item, edge: edge)] { return labels }
        return reference.labels(item: item, edge: edge, data: data)
    }

    @inlinable
    public func edge(forDX dx: Double, direction: LayoutDirection) -> SwipeEdge? {
        kind == .unmirrored ? SwipeEdge(dx: dx, direction: .ltr) : reference.edge(forDX: dx, direction: direction)
    }
}
