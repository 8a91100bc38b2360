import DragRecording
import ReorderCore

/// One step of the page: one event, or a run of consecutive `move`s of one
/// session collapsed into one (a 48-move drag is one step, not 48). The
/// fields after the run describe its last move: where the finger ended.
public struct RenderStep: Hashable, Sendable {
    public var kind: EventKind
    public var session: Int?
    public var text: String
    public var firstLine: Int
    public var lastLine: Int
    public var firstT: Double
    public var lastT: Double
    /// How many events the step stands for (1 unless moves were collapsed).
    public var eventCount: Int
    public var location: Point?
    public var hit: HitTarget?
    public var placeholder: Rect?
    public var operation: DropOperation?
    public var destination: String?
    public var outcome: String?
    /// What the step changed in the model's data (`nil`: nothing).
    public var modelChange: RenderDataChange?
    /// Whether the step shows the app's data beside the model's.
    public var showsApp: Bool
    public var activeSessions: [RenderSession]
    /// What few steps carry, boxed: a step is kept for every event that is
    /// not a collapsed move, and these fields inline would make each one
    /// about twice as large (memory and copying at 10^5 events).
    private var _rare: [Rare] = []

    private struct Rare: Hashable, Sendable {
        var difference: RenderDifference?
        var warnings: [String] = []
        var expectation: RenderExpectation?
        var failures: [String] = []
        var appChange: RenderDataChange?
        var swipe: RenderSwipe?
        var replicaData: [RenderReplicaData] = []
        var shownReplica: String?

        var isEmpty: Bool {
            difference == nil && warnings.isEmpty && expectation == nil && failures.isEmpty && appChange == nil && swipe == nil
                && replicaData.isEmpty && shownReplica == nil
        }
    }

    /// Changes the boxed fields; they stay unboxed while all are defaults.
    private mutating func setRare(_ change: (inout Rare) -> Void) {
        var r = _rare.first ?? Rare()
        change(&r)
        _rare = r.isEmpty ? [] : [r]
    }

    public var difference: RenderDifference? {
        get { _rare.isEmpty ? nil : _rare[0].difference }
        set { setRare { $0.difference = newValue } }
    }
    public var warnings: [String] {
        get { _rare.isEmpty ? [] : _rare[0].warnings }
        set { setRare { $0.warnings = newValue } }
    }
    public var expectation: RenderExpectation? {
        get { _rare.isEmpty ? nil : _rare[0].expectation }
        set { setRare { $0.expectation = newValue } }
    }
    public var failures: [String] {
        get { _rare.isEmpty ? [] : _rare[0].failures }
        set { setRare { $0.failures = newValue } }
    }
    /// What the step changed in the app's data since the app's last step
    /// (`nil`: nothing), when an app is under test.
    public var appChange: RenderDataChange? {
        get { _rare.isEmpty ? nil : _rare[0].appChange }
        set { setRare { $0.appChange = newValue } }
    }
    public var swipe: RenderSwipe? {
        get { _rare.isEmpty ? nil : _rare[0].swipe }
        set { setRare { $0.swipe = newValue } }
    }
    /// Version 3: the data of each replica this step changed (the others
    /// hold what they held before; every replica starts with the header's).
    public var replicaData: [RenderReplicaData] {
        get { _rare.isEmpty ? [] : _rare[0].replicaData }
        set { setRare { $0.replicaData = newValue } }
    }
    /// Version 3: the replica whose data the step's drawing shows.
    public var shownReplica: String? {
        get { _rare.isEmpty ? nil : _rare[0].shownReplica }
        set { setRare { $0.shownReplica = newValue } }
    }

    init(_ e: RenderEvent, modelChange: RenderDataChange?, appChange: RenderDataChange?) {
        kind = e.kind
        session = e.session
        text = e.text
        firstLine = e.line
        lastLine = e.line
        firstT = e.t
        lastT = e.t
        eventCount = 1
        location = e.location
        hit = e.hit
        placeholder = e.placeholder
        operation = e.operation
        destination = e.destination
        outcome = e.outcome
        self.modelChange = modelChange
        showsApp = e.appData != nil
        activeSessions = e.activeSessions
        let rare = Rare(
            difference: e.difference, warnings: e.warnings, expectation: e.expectation, failures: e.failures, appChange: appChange,
            swipe: e.swipe)
        if !rare.isEmpty { _rare = [rare] }
    }

    public var isFailing: Bool { expectation?.passed == false || !failures.isEmpty }

    /// A data change the timeline marks: a mutation, or a difference applied here.
    public var changesData: Bool { kind.isMutation || (difference.map { !$0.deferred } ?? false) }
}
