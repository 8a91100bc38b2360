import ReorderCore

/// Every check the model makes of the code under test, by the name reports,
/// findings and `meta.invariant` use: the ordering invariants of spec 3.2,
/// and the failures of an app run over the app protocol (its spec 3). One
/// list, so a name is spelled once.
public enum Invariant: String, CaseIterable, Sendable, Comparable {
    case conservation
    case fixed
    case contiguity
    case placement
    case stability
    case reference
    case idempotence
    case noOp = "no-op"
    case configuration
    case hitTest = "hit-test"
    // The swipe invariants (`swipe-v1` 5).
    /// At most one row is open.
    case oneOpen = "one-open"
    /// Each item's reports alternate, starting with `true`; a row is open
    /// exactly when its last report is `true`.
    case presentation
    /// After a `scroll`, a `tap` or a `lift`, no row is open.
    case dismissal
    /// A performed action changes only its own item.
    case actionTarget = "action-target"
    /// The labels shown equal those derived from the current flags.
    case freshLabels = "fresh-labels"
    /// An open row stays open on the same item across data changes that
    /// keep it a present reorderable item.
    case identity
    /// The edge a gesture opens follows the direction rule, in `ltr` and `rtl`.
    case edge
    /// The app answered `{"ok": false}`.
    case appError = "app-error"
    /// No answer within the timeout; the app was killed.
    case appTimeout = "app-timeout"
    /// The app exited or closed its output before answering.
    case appCrash = "app-crash"
    /// The answer was not one JSON object on one line, or lacked what the protocol requires.
    case appProtocol = "app-protocol"

    public static func < (a: Invariant, b: Invariant) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// Whether the code under test failed to answer (rather than answered wrong).
    public var isSubjectFailure: Bool { self == .appError || self == .appTimeout || self == .appCrash || self == .appProtocol }
}

/// A broken invariant: which, why, and the difference delivered when it
/// broke (to repeat it for idempotence).
public struct InvariantViolation<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Hashable, Sendable,
    CustomStringConvertible
{
    public var invariant: Invariant
    public var message: String
    public var difference: ReorderDifference<ItemID, CollectionID>?

    public init(_ invariant: Invariant, _ message: String, difference: ReorderDifference<ItemID, CollectionID>? = nil) {
        self.invariant = invariant
        self.message = message
        self.difference = difference
    }

    public var description: String { "\(invariant.rawValue): \(message)" }
}

/// How violation messages spell IDs: a report quotes strings, the fuzzer
/// names its integers `a`, `b`, ...; the core does not know which.
public struct ViolationText<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Sendable {
    public var ids: @Sendable ([ItemID]) -> String
    public var item: @Sendable (ItemID) -> String
    public var collection: @Sendable (CollectionID) -> String
    /// ` in "c0"`, or nothing when there is one collection.
    public var within: @Sendable (CollectionID) -> String
    public var difference: @Sendable (ReorderDifference<ItemID, CollectionID>) -> String
    public var destination: @Sendable (ReorderDifference<ItemID, CollectionID>.Destination) -> String
    /// A text the code under test answered with, quoted: a swipe label, a
    /// flag's name. It is untrusted (an app's answer), so a report escapes
    /// it as it does IDs (`Format.quoted`); by default `String(reflecting:)`.
    public var text: @Sendable (String) -> String

    public init(
        ids: @escaping @Sendable ([ItemID]) -> String, item: @escaping @Sendable (ItemID) -> String,
        collection: @escaping @Sendable (CollectionID) -> String, within: @escaping @Sendable (CollectionID) -> String,
        difference: @escaping @Sendable (ReorderDifference<ItemID, CollectionID>) -> String,
        destination: @escaping @Sendable (ReorderDifference<ItemID, CollectionID>.Destination) -> String,
        text: @escaping @Sendable (String) -> String = { String(reflecting: $0) }
    ) {
        self.text = text
        self.ids = ids
        self.item = item
        self.collection = collection
        self.within = within
        self.difference = difference
        self.destination = destination
    }

    /// `String(reflecting:)` for everything: for a library caller's own types.
    public static var plain: Self {
        let item: @Sendable (ItemID) -> String = { String(reflecting: $0) }
        let ids: @Sendable ([ItemID]) -> String = { "[" + $0.map { String(reflecting: $0) }.joined(separator: ", ") + "]" }
        let destination: @Sendable (ReorderDifference<ItemID, CollectionID>.Destination) -> String = { d in
            "\(String(reflecting: d.collectionID)) " + (d.position.anchor.map { "before \(String(reflecting: $0))" } ?? "end")
        }
        return Self(
            ids: ids, item: item, collection: { String(reflecting: $0) }, within: { " in \(String(reflecting: $0))" },
            difference: { d in "\(ids(d.sources)) -> \(destination(d.destination))" }, destination: destination)
    }
}
