/// A difference as an applier captured it at the drop. ID-based appliers keep
/// only the difference; the legacy path also freezes offsets then (3.4).
public struct CapturedDifference<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Hashable, Sendable {
    public var difference: ReorderDifference<ItemID, CollectionID>
    public var offsets: LegacyOffsets?

    @inlinable public init(difference: ReorderDifference<ItemID, CollectionID>, offsets: LegacyOffsets? = nil) {
        self.difference = difference
        self.offsets = offsets
    }
}

/// The arguments of `move(fromOffsets:toOffset:)`, taken in the target
/// collection's reorderable items at the drop.
public struct LegacyOffsets: Hashable, Sendable {
    public var collection: Int
    public var from: [Int]
    public var to: Int

    @inlinable
    public init(collection: Int, from: [Int], to: Int) {
        self.collection = collection
        self.from = from
        self.to = to
    }
}

/// "Apply this difference to the data": the function under test.
///
/// `capture` runs at the drop and `apply` when the difference is applied (at
/// once, or at a later `apply` event for a deferred drop).
public struct Applier<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Sendable {
    public typealias Container = ReorderContainer<ItemID, CollectionID>
    public typealias Difference = ReorderDifference<ItemID, CollectionID>
    public typealias Warnings = [ReorderWarning<ItemID, CollectionID>]

    /// The name recordings and the CLI use (`canonical`, `offsets`, ...).
    public let name: String
    public let capture: @Sendable (Difference, Container) -> CapturedDifference<ItemID, CollectionID>
    public let apply: @Sendable (CapturedDifference<ItemID, CollectionID>, inout Container, inout Warnings) -> Void
    /// The plain function over the orders when it was made by `orders(name:_:)`
    /// (`apply` then wraps it): an adapter that already has the orders calls
    /// it without building a container to read them back from.
    public internal(set) var ordersFunction: (@Sendable ([[ItemID]], [CollectionID], Difference) -> [[ItemID]])?

    @inlinable public init(
        name: String,
        capture: @escaping @Sendable (Difference, Container) -> CapturedDifference<ItemID, CollectionID> = { d, _ in
            CapturedDifference(difference: d)
        },
        apply: @escaping @Sendable (CapturedDifference<ItemID, CollectionID>, inout Container, inout Warnings) -> Void
    ) {
        self.name = name
        self.capture = capture
        self.apply = apply
    }

    /// Wraps a plain function over the reorderable items of each collection,
    /// the shape of an app's own `apply(_:)`: it gets the orders and the
    /// difference, and returns the new orders.
    @inlinable public static func orders(
        name: String,
        _ body: @escaping @Sendable ([[ItemID]], [CollectionID], Difference) -> [[ItemID]]
    ) -> Self {
        Self(
            name: name,
            apply: { captured, container, _ in
                container.setOrders(body(container.orders, container.collections.map { $0.id }, captured.difference))
            }, ordersFunction: body)
    }

    /// `apply` of an applier made by `orders(name:_:)`, on the orders
    /// alone: what the container's orders would be after it (a collection
    /// the function does not return keeps its items, as in `setOrders`);
    /// `nil` for any other applier.
    /// - Complexity: that of the function, plus O(collections).
    @inlinable
    public func orders(applying d: Difference, to orders: [[ItemID]], collections: [CollectionID]) -> [[ItemID]]? {
        guard let function = ordersFunction else { return nil }
        let returned = function(orders, collections, d)
        if returned.count == orders.count { return returned }
        return orders.indices.map { $0 < returned.count ? returned[$0] : orders[$0] }
    }

    @usableFromInline init(
        name: String,
        apply: @escaping @Sendable (CapturedDifference<ItemID, CollectionID>, inout Container, inout Warnings) -> Void,
        ordersFunction: @escaping @Sendable ([[ItemID]], [CollectionID], Difference) -> [[ItemID]]
    ) {
        self.init(name: name, apply: apply)
        self.ordersFunction = ordersFunction
    }

    /// Spec 3.1: the reference.
    @inlinable public static var canonical: Self {
        Self(name: "canonical") { captured, container, warnings in
            container.applyCanonical(captured.difference, warnings: &warnings)
        }
    }
}
