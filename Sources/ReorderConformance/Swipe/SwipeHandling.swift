import ReorderCore
import ReorderSwipe

/// What an action handler under test sees of the app's data: the
/// reorderable items of the row's collection, in order, and the flags.
public struct SwipeData<ItemID: Hashable & Sendable>: Hashable, Sendable {
    public var items: [ItemID]
    public var flags: [String: Set<ItemID>]

    @inlinable
    public init(items: [ItemID], flags: [String: Set<ItemID>]) {
        self.items = items
        self.flags = flags
    }
}

/// The code under test for swipe: the app's action handlers, labels and
/// gesture, shaped like the app protocol messages of `swipe-v1` 6. The model
/// decides what happens; the handler is told (`open`, `close`, `perform`) and
/// asked (`labels`, `edge(forDX:direction:)`), and its answers are compared
/// with the model's (`SwipeConformance`).
///
///     var handler = SwipeHandler<StringID>.named("stale-labels")!
///     handler.reset(configuration: swipe)
///     handler.open(item: "b", edge: .leading, labels: ["Pin"], data: data)
public protocol SwipeHandling<ItemID> {
    associatedtype ItemID: Hashable & Sendable
    /// The name findings and the CLI use.
    var name: String { get }
    /// A case starts: forget everything, take these actions.
    mutating func reset(configuration: SwipeConfiguration<ItemID>)
    /// `{"op":"open",...}`: the row opened; the app draws its actions now.
    mutating func open(item: ItemID, edge: SwipeEdge, labels: [String], data: SwipeData<ItemID>)
    /// `{"op":"close",...}`: the row closed.
    mutating func close(item: ItemID)
    /// `{"op":"perform",...}`: runs the handler of `action` on `edge` for
    /// `item`, with the data as it is before the action; returns what the
    /// app changed.
    mutating func perform(item: ItemID, edge: SwipeEdge, action: String, data: SwipeData<ItemID>) -> SwipeEffect<ItemID>
    /// `{"op":"labels",...}`: the labels the app shows on `edge` of `item`.
    func labels(item: ItemID, edge: SwipeEdge, data: SwipeData<ItemID>) -> [String]
    /// The edge the app's gesture reveals for a swipe of `dx` (in-process
    /// handlers only; an app process cannot be asked).
    func edge(forDX dx: Double, direction: LayoutDirection) -> SwipeEdge?
}
