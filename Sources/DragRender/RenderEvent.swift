import DragRecording
import ReorderCore

/// One recording line the replayer handled, with everything it computed for
/// it. The renderer draws these values and never recomputes them: hit
/// testing, the drop policy and the layout stay in the core, so the page
/// shows what the replay did, bugs included.
///
/// Filling one from the core (after the core handled the line):
/// - `data`: the engine's container after the event, or `nil` when the
///   event cannot have changed it (a move): the builder keeps only what
///   changed (`RenderDataChange`), and the page lays it out by the header's
///   `Layout`. Pass the container the engine holds, not a rebuilt one: the
///   chunks it shares with the last one are skipped unread.
/// - `hit`, `placeholder`, `operation`, `destination`: from the hit test and
///   the drop configuration the core answered at `location`. The placeholder
///   is where the slot is drawn, e.g. a 2-point bar across the collection at
///   the leading edge of entry `slot` (or after the last entry, or at the
///   area's content top when it is empty), along the layout's axis.
/// - `difference`: the one emitted at a drop (`deferred` when the drop said
///   `apply: "deferred"`), or the one an `apply` applied (`deferred: false`).
/// - `swipe`: in a recording with swipe actions, on every event: its `open`
///   is the row open after the event (`nil` means none), its reports and
///   action those made at this event.
public struct RenderEvent: Hashable, Sendable {
    /// The physical line number (from 1).
    public var line: Int
    /// Milliseconds since the start.
    public var t: Double
    /// A line for people, e.g. `drop s0 at (50, 22)`.
    public var text: String
    public var kind: EventKind
    /// The drag session, for drag events.
    public var session: Int?
    /// The finger (lift, move, drop) or the tap.
    public var location: Point?
    public var hit: HitTarget?
    /// Where the placeholder slot is drawn for `hit`, computed by the caller
    /// from the frames of the current data.
    public var placeholder: Rect?
    /// The drop configuration's answer at `location`.
    public var operation: DropOperation?
    /// The answered destination, e.g. `"todo" before "b"` or `end`.
    public var destination: String?
    /// moved, copied, rejected, cancelled, vanished or lift-rejected.
    public var outcome: String?
    /// The difference emitted (or, for `apply`, applied) at this event.
    public var difference: RenderDifference?
    public var warnings: [String]
    /// Set for `expect` lines.
    public var expectation: RenderExpectation?
    /// Invariant failures found by checks at this event, e.g. `placement: ...`.
    public var failures: [String]
    /// The model's data after the event; `nil`: as after the event before.
    public var data: RenderData?
    /// The app's data after the event, when an app is under test.
    public var appData: RenderData?
    public var activeSessions: [RenderSession]
    public var swipe: RenderSwipe?
    /// Version 3: what the replicas did (`nil` for other recordings, and for
    /// a move that did nothing on the channel).
    public var replicas: RenderReplicaEvent?

    public init(
        line: Int, t: Double, text: String, kind: EventKind, session: Int? = nil,
        location: Point? = nil, hit: HitTarget? = nil, placeholder: Rect? = nil,
        operation: DropOperation? = nil, destination: String? = nil, outcome: String? = nil,
        difference: RenderDifference? = nil, warnings: [String] = [], expectation: RenderExpectation? = nil,
        failures: [String] = [], data: RenderData? = nil, appData: RenderData? = nil,
        activeSessions: [RenderSession] = [], swipe: RenderSwipe? = nil
    ) {
        self.line = line
        self.t = t
        self.text = text
        self.kind = kind
        self.session = session
        self.location = location
        self.hit = hit
        self.placeholder = placeholder
        self.operation = operation
        self.destination = destination
        self.outcome = outcome
        self.difference = difference
        self.warnings = warnings
        self.expectation = expectation
        self.failures = failures
        self.data = data
        self.appData = appData
        self.activeSessions = activeSessions
        self.swipe = swipe
    }

    /// Failed expectation or invariant failure: the page opens at the first one.
    public var isFailing: Bool { expectation?.passed == false || !failures.isEmpty }
}
