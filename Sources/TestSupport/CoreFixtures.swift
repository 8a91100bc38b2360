import ReorderCore

public typealias TContainer = ReorderContainer<StringID, StringID?>
public typealias TEngine = DragEngine<StringID, StringID?>
public typealias TDifference = ReorderDifference<StringID, StringID?>

/// "a b c" -> ["a", "b", "c"].
public func ids(_ s: String) -> [StringID] { s.split(separator: " ").map { StringID(String($0)) } }

extension Sequence where Element == StringID {
    /// The IDs' text joined, as `[String].joined(separator:)`: fixtures
    /// compare orders as space-joined strings.
    public func joined(separator: String) -> String { map(\.string).joined(separator: separator) }
}

/// A single unnamed collection of reorderable items.
public func single(_ items: String, fixed: String = "", capacity: Int? = nil) -> TContainer {
    TContainer(collections: [.init(id: nil, items: ids(items), fixed: ids(fixed), capacity: capacity)])
}

/// Named collections: `named(["todo": "a b", "done": "c"])` keeps the argument order.
public func named(_ pairs: KeyValuePairs<String, String>) -> TContainer {
    TContainer(collections: pairs.map { .init(id: StringID($0.key), items: ids($0.value)) })
}

/// A list layout with rows of 10 points, no spacing, 100 x 1000.
public func rows(rowHeight: Double = 10) -> Layout<StringID> {
    Layout(kind: .list(rowHeight: rowHeight, spacing: 0, headerHeight: 0, heights: [:]), width: 100, height: 1000)
}

/// In `rows()`: a point in the leading half of entry `i` (targets slot i).
public func before(_ i: Int) -> Point { Point(x: 50, y: Double(i) * 10 + 2) }

/// The end of a one-section `rows()` layout (past every midpoint).
public let endPoint = Point(x: 50, y: 999)

public func destination(_ collection: String?, _ anchor: String?) -> TDifference.Destination {
    .init(collectionID: collection.map { StringID($0) }, position: anchor.map { .before(StringID($0)) } ?? .end)
}

public func difference(_ sources: String, before anchor: String?, in collection: String? = nil) -> TDifference {
    TDifference(sources: ids(sources), destination: destination(collection, anchor))
}

/// Applies `d` with `applier` to a copy of `container` and returns the orders, space-joined.
public func applied(_ applier: Applier<StringID, StringID?>, _ d: TDifference, to container: TContainer) -> [String] {
    var c = container
    var warnings: [ReorderWarning<StringID, StringID?>] = []
    applier.apply(applier.capture(d, c), &c, &warnings)
    return c.orders.map { $0.joined(separator: " ") }
}

extension DragEngine where ItemID == StringID, CollectionID == StringID? {
    /// Reorderable items of every collection, space-joined, collections split by " | ".
    public var order: String { container.orders.map { $0.joined(separator: " ") }.joined(separator: " | ") }
}
