import ReorderCore

/// One button of a swipe edge (`swipe-v1` 1): a `name` unique on its edge,
/// a `label`, and at most one effect: `role: .destructive` deletes the row's
/// item, `toggle` flips one of the item's flags (and shows `labelOn` while it
/// is set). Other actions change no data.
///
///     let pin = SwipeAction(name: "pin", label: "Pin", toggle: "pinned", labelOn: "Unpin")
///     pin.label(isOn: true)  // "Unpin"
public struct SwipeAction: Hashable, Sendable {
    public enum Role: String, CaseIterable, Hashable, Sendable {
        case destructive
    }

    public var name: String
    public var label: String
    public var role: Role?
    /// The flag this action flips, or `nil`.
    public var toggle: String?
    /// The label while `toggle` is set on the item.
    public var labelOn: String?

    @inlinable
    public init(name: String, label: String, role: Role? = nil, toggle: String? = nil, labelOn: String? = nil) {
        self.name = name
        self.label = label
        self.role = role
        self.toggle = toggle
        self.labelOn = labelOn
    }

    /// Performing it deletes the item. The format allows only one of
    /// `destructive` and `toggle`; given both, the model deletes.
    @inlinable public var isDestructive: Bool { role == .destructive }

    /// The label shown while the action's flag is `isOn` (`label` for an
    /// action without a toggle, and for a toggle without `labelOn`).
    /// - Complexity: O(1).
    @inlinable
    public func label(isOn: Bool) -> String {
        isOn && toggle != nil ? labelOn ?? label : label
    }

    /// The label shown for `item` under `flags`.
    /// - Complexity: O(1) on average.
    @inlinable
    public func label<ItemID: Hashable>(for item: ItemID, flags: [String: Set<ItemID>]) -> String {
        guard let toggle else { return label }
        return label(isOn: flags[toggle]?.contains(item) ?? false)
    }
}

/// The actions of one edge (`swipe-v1` 1), first action outermost.
///
///     let trailing = SwipeEdgeActions(actions: [.init(name: "delete", label: "Delete", role: .destructive)])
///     trailing.allowsFullSwipe  // true
public struct SwipeEdgeActions: Hashable, Sendable {
    public var actions: [SwipeAction]
    /// Whether a long enough swipe performs the first action at once.
    public var allowsFullSwipe: Bool

    @inlinable
    public init(actions: [SwipeAction], allowsFullSwipe: Bool = true) {
        self.actions = actions
        self.allowsFullSwipe = allowsFullSwipe
    }

    /// The labels these actions show for `item` under `flags`, in order.
    ///
    ///     edge.labels(for: "b", flags: ["pinned": ["b"]])  // ["Unpin"]
    ///
    /// - Complexity: O(n) for n actions.
    @inlinable
    public func labels<ItemID: Hashable>(for item: ItemID, flags: [String: Set<ItemID>]) -> [String] {
        actions.map { $0.label(for: item, flags: flags) }
    }

    /// The action named `name`, if this edge has one.
    /// - Complexity: O(n) for n actions.
    @inlinable
    public func action(named name: String) -> SwipeAction? {
        actions.first { $0.name == name }
    }
}
