import ReorderCore

public typealias FuzzEngine = DragEngine<Int, Int>
public typealias FuzzContainer = ReorderContainer<Int, Int>
public typealias FuzzDifference = ReorderDifference<Int, Int>

/// What a campaign drives: whole drag sessions through hit testing and the
/// drop policy, or arbitrary differences straight into the applier.
public enum FuzzMode: String, CaseIterable, Sendable {
    case sessions
    case differences
}

/// The ordering invariants of spec 3.2.
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

    public static func < (a: Invariant, b: Invariant) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// A broken invariant at a step of a case.
public struct Violation: Hashable, Sendable {
    public var invariant: Invariant
    public var message: String
    /// Index into `FuzzCase.steps` of the step that broke it.
    public var step: Int
    /// The difference applied at that step, if any.
    public var difference: FuzzDifference? = nil
}

/// IDs as the recording names them: `[a, b]`.
func names(_ ids: [Int]) -> String { "[" + ids.map(FuzzCase.name).joined(separator: ", ") + "]" }
func names(_ orders: [[Int]]) -> String { orders.map(names).joined(separator: " | ") }

/// A difference as a person reads it: `[b] -> c0 before a`.
func describe(_ d: FuzzDifference) -> String {
    "\(names(d.sources)) -> c\(d.destination.collectionID) " + (d.destination.position.anchor.map { "before \(FuzzCase.name($0))" } ?? "end")
}

/// A generated case: the starting data and the events, with integer IDs
/// (fast to hash); `FuzzCase+Recording` names them for a recording.
public struct FuzzCase: Sendable {
    public var mode: FuzzMode
    public var container: FuzzContainer
    /// One collection without an id (`collection` omitted in the recording).
    public var isSingle: Bool
    public var layout: Layout<Int>
    public var steps: [DragEvent<Int, Int>] = []
}
