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
    public var difference: RenderDifference?
    public var warnings: [String]
    public var expectation: RenderExpectation?
    public var failures: [String]
    /// What the step changed in the model's data (`nil`: nothing).
    public var modelChange: RenderDataChange?
    /// What the step changed in the app's data since the app's last step
    /// (`nil`: nothing), when an app is under test.
    public var appChange: RenderDataChange?
    /// Whether the step shows the app's data beside the model's.
    public var showsApp: Bool
    public var activeSessions: [RenderSession]
    public var swipe: RenderSwipe?

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
        difference = e.difference
        warnings = e.warnings
        expectation = e.expectation
        failures = e.failures
        self.modelChange = modelChange
        self.appChange = appChange
        showsApp = e.appData != nil
        activeSessions = e.activeSessions
        swipe = e.swipe
    }

    public var isFailing: Bool { expectation?.passed == false || !failures.isEmpty }

    /// A data change the timeline marks: a mutation, or a difference applied here.
    public var changesData: Bool { kind.isMutation || (difference.map { !$0.deferred } ?? false) }
}
