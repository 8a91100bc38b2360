import DragSystem
import ReorderCore

/// One event line (spec 2), without its line number.
public struct RecordedEvent: Hashable, Sendable {
    /// Milliseconds since the start.
    public var t: Double
    /// The drag session (drag events; 0 by default, and always 0 for others).
    public var session: Int
    public var kind: Kind
    /// Version 3: the replica the event happens on (replicas-v1 2); `nil`
    /// in versions 1 and 2, for channel events, and for an `expect` that
    /// names none (the first replica).
    public var replica: String?

    public init(t: Double, session: Int = 0, _ kind: Kind, replica: String? = nil) {
        self.t = t
        self.session = session
        self.kind = kind
        self.replica = replica
    }

    public enum Kind: Hashable, Sendable {
        case lift(items: [StringID], x: Double, y: Double, ops: DropOperation.Set, external: Bool)
        case move(x: Double, y: Double)
        case drop(x: Double, y: Double, deferred: Bool)
        case cancel
        case apply
        /// A data mutation (spec 2.2) as the line gives it: a `nil`
        /// collection is one the line omits (the header's only one).
        case mutation(RecordedMutation)
        /// A `relocate` with `"via":"applier"` (the DragReplay extension, see
        /// docs/dragrec-extensions.md): a difference handed to the applier
        /// outside a drag.
        case viaApplier(ReorderDifference<StringID, StringID?>)
        /// Boxed: an `Expectation` is several times the size of every other
        /// payload, and inline it made each event that size, copied with
        /// `memcpy` at every step of reading (under 1% of events are expects).
        indirect case expect(Expectation)
        /// Version 2 (`swipe-v1` 3): a swipe of `dx` points on `item`'s row.
        case swipe(item: StringID, dx: Double)
        /// Version 2: a scroll of the container.
        case scroll(dy: Double)
        /// Version 2: a tap at a point of the container.
        case tap(x: Double, y: Double)
        /// Version 3: what the sync channel does (replicas-v1 5).
        case channel(ChannelEvent)

        /// The `type` written in the file.
        public var type: EventKind {
            switch self {
            case .lift: .lift
            case .move: .move
            case .drop: .drop
            case .cancel: .cancel
            case .apply: .apply
            case .mutation(let m): .mutation(m.kind)
            case .viaApplier: .mutation(.relocate)
            case .expect: .expect
            case .swipe: .swipe
            case .scroll: .scroll
            case .tap: .tap
            case .channel(let c): .channel(c.kind)
            }
        }

        /// Drag events carry a session; mutations, expectations and swipe
        /// gestures do not.
        public var isDragEvent: Bool { type.isDragEvent }

        /// Where the event touches the container (a finger's drag location
        /// or a tap), `nil` for the others: the page draws it.
        public var location: Point? {
            switch self {
            case .lift(_, let x, let y, _, _), .move(let x, let y), .drop(let x, let y, _), .tap(let x, let y): Point(x: x, y: y)
            case .cancel, .apply, .mutation, .viaApplier, .expect, .channel: nil
            case .swipe, .scroll: nil
            }
        }
    }
}

extension RecordedEvent {
    /// The event on one line, e.g. `drop s0 at (50, 22)`: the one description
    /// of an event, which `--trace` prints and the page's timeline shows. A
    /// drag event is worded for reading; any other event is its canonical
    /// line (escaped for a terminal), so a new kind is described by its
    /// writer: it only joins the last case's list.
    public var summary: String {
        // A replica's drag event names it first; any other line is its
        // canonical line, which holds `replica` itself.
        guard let replica, kind.isDragEvent else { return localSummary }
        return SafeText.escapingControls(replica) + ": " + localSummary
    }

    private var localSummary: String {
        let s = session
        switch kind {
        case .lift(let items, let x, let y, let ops, let external):
            let tail = (ops == .move ? "" : " ops \(ops.names.joined(separator: "+"))") + (external ? " external" : "")
            return Format.dragText("lift", session: s, " \(Format.ids(items)) at ", at: Point(x: x, y: y), tail)
        case .move(let x, let y): return Format.dragText("move", session: s, " to ", at: Point(x: x, y: y))
        case .drop(let x, let y, let deferred):
            return Format.dragText("drop", session: s, " at ", at: Point(x: x, y: y), deferred ? " (apply deferred)" : "")
        case .cancel: return "cancel s\(s)"
        case .apply: return "apply s\(s)"
        case .mutation, .viaApplier, .expect, .swipe, .scroll, .tap, .channel:
            return SafeText.escapingControls(CanonicalWriter.line(for: self))  // JSON escapes C0 only
        }
    }
}

/// A data mutation as a recording holds it: string IDs, and a collection
/// that is `nil` where the line omits it.
public typealias RecordedMutation = DataMutation<StringID, StringID?>

/// A value with the physical line it was read from (1-based).
public struct Located<Value: Sendable>: Sendable {
    public var line: Int
    public var value: Value
    public init(line: Int, _ value: Value) {
        self.line = line
        self.value = value
    }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}
