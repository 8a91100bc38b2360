import ReorderCore
import ReorderSwipe

// Shared by the swipe tests of the core, the conformance and the known
// bugs. The swipe tests' fake of the engine's geometry: a `list` of sections, no
// headers or spacing, rows 10 high spanning the container's 100 points of
// width (spec 1.2). Entry k of the whole list is at y = 10 * k; in a
// section the fixed entries come first.

/// The swipe tests' data and geometry.
public struct SwipeRows: SwipeDataSource, Sendable {
    public struct Section: Hashable, Sendable {
        public var fixed: [StringID]
        public var items: [StringID]
        public init(fixed: [StringID], items: [StringID]) {
            self.fixed = fixed
            self.items = items
        }
    }

    public var sections: [Section]
    public var width = 100.0
    public var height = 1000.0

    /// One section: `SwipeRows("a b c", fixed: "h")`.
    public init(_ items: String, fixed: String = "") {
        sections = [Section(fixed: SwipeRows.ids(fixed), items: SwipeRows.ids(items))]
    }

    /// Several sections of reorderable items: `SwipeRows(sections: "a b", "c")`.
    public init(sections: String...) {
        self.sections = sections.map { Section(fixed: [], items: SwipeRows.ids($0)) }
    }

    public static func ids(_ s: String) -> [StringID] { s.split(separator: " ").map { StringID(String($0)) } }

    public func status(of item: StringID) -> SwipeRowStatus {
        for s in sections {
            if s.items.contains(item) { return .reorderable }
            if s.fixed.contains(item) { return .fixed }
        }
        return .gone
    }

    public func frame(of item: StringID) -> Rect? {
        var k = 0
        for s in sections {
            for entry in s.fixed + s.items {
                if entry == item { return Rect(x: 0, y: Double(k) * 10, width: width, height: 10) }
                k += 1
            }
        }
        return nil
    }

    public func isOutside(_ p: Point) -> Bool { !(p.x >= 0 && p.y >= 0 && p.x < width && p.y < height) }

    public func reorderableItems(inCollectionOf item: StringID) -> [StringID] {
        sections.first { $0.items.contains(item) || $0.fixed.contains(item) }?.items ?? []
    }

    /// A point in the middle of `item`'s row at `x`.
    public func point(_ item: StringID, x: Double) -> Point { Point(x: x, y: (frame(of: item)?.y ?? -100) + 5) }

    /// Every entry, fixed and reorderable, in layout order.
    public var entries: [StringID] { sections.flatMap { $0.fixed + $0.items } }

    // Mutations, as the engine would apply them.

    public mutating func insert(_ item: StringID, at index: Int, section: Int = 0) {
        sections[section].items.insert(item, at: min(index, sections[section].items.count))
    }

    public mutating func delete(_ item: StringID) {
        for s in sections.indices {
            sections[s].items.removeAll { $0 == item }
            sections[s].fixed.removeAll { $0 == item }
        }
    }

    /// Moves `item` before `anchor` (or to the end) in `section`.
    public mutating func move(_ item: StringID, before anchor: StringID?, section: Int = 0) {
        for s in sections.indices { sections[s].items.removeAll { $0 == item } }
        let index = anchor.flatMap { sections[section].items.firstIndex(of: $0) } ?? sections[section].items.count
        sections[section].items.insert(item, at: index)
    }
}

extension PresentationReport where ItemID == StringID {
    public static func opened(_ item: StringID) -> Self { Self(item: item, isPresented: true) }
    public static func closed(_ item: StringID) -> Self { Self(item: item, isPresented: false) }
}

/// Shared configurations and helpers of the swipe tests.
public enum SwipeFixture {
    public static let pin = SwipeAction(name: "pin", label: "Pin", toggle: "pinned", labelOn: "Unpin")
    public static let delete = SwipeAction(name: "delete", label: "Delete", role: .destructive)
    public static let flag = SwipeAction(name: "flag", label: "Flag")

    /// Buttons 30 wide; trailing [delete, flag] (opens at 2 * 30 / 2 = 30),
    /// leading [pin] (opens at 15); a full swipe is 0.6 * 100 = 60; "pinned"
    /// starts set on "b".
    public static func config(
        _ direction: LayoutDirection = .ltr, actionWidth: Double = 30, leadingFull: Bool = false, trailingFull: Bool = true,
        flags: [String: [StringID]] = ["pinned": ["b"]]
    ) -> SwipeConfiguration<StringID> {
        SwipeConfiguration(
            actionWidth: actionWidth, fullSwipe: 0.6, direction: direction,
            leading: SwipeEdgeActions(actions: [pin], allowsFullSwipe: leadingFull),
            trailing: SwipeEdgeActions(actions: [delete, flag], allowsFullSwipe: trailingFull),
            flags: flags)
    }

    /// The header example of spec 1 (buttons 80 wide).
    public static let specExample = SwipeConfiguration<StringID>(
        actionWidth: 80, fullSwipe: 0.6, direction: .ltr,
        leading: SwipeEdgeActions(actions: [pin], allowsFullSwipe: false),
        trailing: SwipeEdgeActions(actions: [delete, flag]),
        flags: ["pinned": ["b"]])

    /// The signed travel that points at `edge` in `direction`.
    public static func dx(_ edge: SwipeEdge, _ magnitude: Double, _ direction: LayoutDirection) -> Double {
        (edge == .trailing) == (direction == .ltr) ? -magnitude : magnitude
    }

    /// A model over `config` with `item` open on `edge` (a swipe of 50:
    /// past both edges' open thresholds, short of a full swipe).
    public static func opened(_ item: StringID, _ edge: SwipeEdge, _ config: SwipeConfiguration<StringID>, _ rows: SwipeRows) -> SwipeModel<
        StringID
    > {
        var model = SwipeModel(configuration: config)
        model.swipe(item: item, dx: dx(edge, 50, config.direction), geometry: rows)
        return model
    }
}
