import ReorderCore
import ReorderSwipe

/// What the code under test is sent: the app protocol's requests (its spec
/// 2), in Swift. The model runs the case; the code under test receives the
/// same deliveries and mutations and answers with its data.
public enum SubjectRequest<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Hashable, Sendable {
    /// A case starts: drop all state and set up this data (and layout, and
    /// swipe actions: `nil` for none).
    case reset(ReorderContainer<ItemID, CollectionID>, Layout<ItemID>, SwipeConfiguration<ItemID>?)
    /// A committing non-external drop, at the drop itself: the legacy
    /// `onMove` path freezes its offsets here (spec 3.4). Not an app protocol
    /// request: a process host ignores it.
    case dropped(session: Int, ReorderDifference<ItemID, CollectionID>)
    /// The move closure with this difference (at a committing drop, at the
    /// `apply` of a deferred one, or handed over outside a drag).
    case apply(session: Int?, ReorderDifference<ItemID, CollectionID>)
    /// An external drop commits: insert these items before the anchor (or at the end).
    case receive(items: [ItemID], destination: ReorderDifference<ItemID, CollectionID>.Destination)
    /// A data mutation (spec 2.2), as the engine was handed it.
    case mutation(DataMutation<ItemID, CollectionID>)
    /// The drop configuration at a `move` or `drop` (only to subjects that configure).
    case configure(DropQuery<ItemID>)
    /// A row opened (swipe protocol 6): the app draws its actions now, with
    /// these labels (the model's). Only to subjects that swipe.
    case open(item: ItemID, edge: SwipeEdge, labels: [String])
    /// A row closed.
    case close(item: ItemID)
    /// An action was performed on the row of `item`: run its handler. The
    /// answer is the data and the flags after it.
    case perform(item: ItemID, edge: SwipeEdge, action: String)
    /// The labels the app shows on `edge` of `item`, asked after a row opens.
    case labels(item: ItemID, edge: SwipeEdge)
    /// The edge the app's own gesture reveals for a swipe of `dx` (in-process
    /// handlers only: a process is never asked).
    case gesture(dx: Double, direction: LayoutDirection)

    /// Whether the answer is the subject's data.
    @inlinable public var changesData: Bool {
        switch self {
        case .mutation(let m): m.changesData
        case .dropped, .configure, .open, .close, .labels, .gesture: false
        case .reset, .apply, .receive, .perform: true
        }
    }

    /// A request of the swipe protocol (only to subjects that swipe).
    @inlinable public var isSwipe: Bool {
        switch self {
        case .open, .close, .perform, .labels, .gesture: true
        case .reset, .dropped, .apply, .receive, .mutation: false
        case .configure: false
        }
    }
}

/// What a drop-configuration closure is asked at one location (app protocol 2.3).
public struct DropQuery<ItemID: Hashable & Sendable>: Hashable, Sendable {
    public var session: Int
    public var location: Point
    /// The lifted items, in selection order.
    public var items: [ItemID]
    /// Those still present (an external drag: all of them).
    public var sources: [ItemID]
    public var operations: DropOperation.Set
    public var isExternal: Bool

    public init(session: Int, location: Point, items: [ItemID], sources: [ItemID], operations: DropOperation.Set, isExternal: Bool) {
        self.session = session
        self.location = location
        self.items = items
        self.sources = sources
        self.operations = operations
        self.isExternal = isExternal
    }
}

/// The code under test's drop configuration: the operation, and, when it
/// says, its own idea of the target collection and anchor (what it leaves
/// out, `nil`, is not checked). `before` is `.some(nil)` for the end.
public struct SubjectConfiguration<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Hashable, Sendable {
    public var operation: DropOperation
    public var collection: CollectionID?
    public var before: ItemID??

    public init(operation: DropOperation, collection: CollectionID? = nil, before: ItemID?? = nil) {
        self.operation = operation
        self.collection = collection
        self.before = before
    }
}

/// What the code under test answered.
public enum SubjectAnswer<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Hashable, Sendable {
    /// Its data: every collection's reorderable items, in header order.
    case data([[ItemID]])
    /// After a `perform`: its data, and the items each flag is set on.
    case swipeData([[ItemID]], flags: [String: Set<ItemID>])
    /// After `labels`: the labels it shows.
    case labels([String])
    /// After `gesture`: the edge its gesture reveals (`nil`: none).
    case edge(SwipeEdge?)
    case configuration(SubjectConfiguration<ItemID, CollectionID>)
    /// Nothing to say (an `update`, a `dropped` notice).
    case none
}

/// The code under test could not answer (app protocol 3).
public enum SubjectFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// It refused or failed: `{"ok": false, "error": ...}`, or a thrown error.
    case error(String)
    /// No answer in time; it was stopped.
    case timeout(String)
    /// It exited before answering.
    case crash(String)
    /// The answer did not have the shape the protocol requires.
    case protocolViolation(String)

    /// The invariant a finding names for this failure.
    public var invariant: Invariant {
        switch self {
        case .error: .appError
        case .timeout: .appTimeout
        case .crash: .appCrash
        case .protocolViolation: .appProtocol
        }
    }

    public var description: String {
        switch self {
        case .error(let m), .timeout(let m), .crash(let m), .protocolViolation(let m): m
        }
    }

    /// After a timeout, a crash or a protocol error the next case needs a new process.
    public var needsRestart: Bool {
        switch self {
        case .error: false
        default: true
        }
    }
}
