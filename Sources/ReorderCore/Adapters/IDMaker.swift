/// How an app's own ID type is made from the names recordings and the
/// fuzzer use (`"a"`, `"buy-milk"`, `"i26"`): the same name always gives the
/// same ID, and different names different IDs.
///
///     let ids = IDMaker<Int>.int
///     ids.make("a") == ids.make("a")  // true
///
/// `String` and `Int` have one each (`.string`, `.int`); `DragTesting` adds
/// `.uuid`. Any other type: `IDMaker { name in MyID(rawValue: name) }`.
public struct IDMaker<ID: Hashable & Sendable>: Sendable {
    public var make: @Sendable (String) -> ID

    @inlinable
    public init(_ make: @escaping @Sendable (String) -> ID) {
        self.make = make
    }
}

extension IDMaker where ID == String {
    /// The name itself.
    @inlinable public static var string: Self { Self { $0 } }
}

extension IDMaker where ID == Int {
    /// A 63-bit FNV-1a hash of the name's UTF-8 bytes: stable across runs
    /// and machines, and distinct for distinct names in practice.
    @inlinable public static var int: Self { Self { Int(truncatingIfNeeded: _fnv1a64($0) & 0x7FFF_FFFF_FFFF_FFFF) } }
}

/// An ID type with a default `IDMaker`, so an adapter needs no `ids:`.
public protocol ReorderFuzzableID: Hashable, Sendable {
    /// The ID for a recording's or the fuzzer's item name.
    static func reorderID(named name: String) -> Self
}

extension String: ReorderFuzzableID {
    @inlinable public static func reorderID(named name: String) -> String { name }
}

extension Int: ReorderFuzzableID {
    @inlinable public static func reorderID(named name: String) -> Int { IDMaker<Int>.int.make(name) }
}

extension IDMaker where ID: ReorderFuzzableID {
    /// The type's own `reorderID(named:)`.
    @inlinable public static var standard: Self { Self { ID.reorderID(named: $0) } }
}

/// `FNV1a64` over UTF-8: a stable hash (Swift's `Hasher` is seeded per run).
/// - Complexity: O(n) for n bytes.
@inlinable
public func _fnv1a64(_ s: String) -> UInt64 {
    var h = FNV1a64()
    h.add(s.utf8)
    return h.value
}
