/// The id of an operation: its origin replica and its seq there, printed
/// `A#3` (the third op committed on replica A).
///
///     OpID(origin: "A", seq: 3).description  // "A#3"
public struct OpID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The replica that committed the op.
    public var origin: String
    /// 1, 2, ... in the origin's commit order.
    public var seq: Int

    public init(origin: String, seq: Int) {
        self.origin = origin
        self.seq = seq
    }

    public var description: String { "\(origin)#\(seq)" }

    /// By origin name, then seq: a stable order for reports (not the
    /// merge's total order, which ranks origins by the header's `ids`).
    public static func < (a: OpID, b: OpID) -> Bool { a.origin != b.origin ? a.origin < b.origin : a.seq < b.seq }
}
