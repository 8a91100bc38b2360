import DragRecording
import ReorderCore

extension CaseGenerator {
    /// Where the generator makes an event of a kind, or why it never does.
    enum Generation: Hashable, Sendable {
        /// `nextSessionEvent` makes it: a step of a drag session.
        case session
        /// `nextMutation` makes it: a change of the data from outside the drag.
        case mutation
        /// `nextGesture` makes it (profiles with swipes only).
        case gesture
        /// Never generated, for this reason.
        case never(String)
    }

    /// Which kinds the generator makes: an exhaustive switch, so that a new
    /// kind is flagged here and someone decides whether (and where, with
    /// which weights) to generate it. A kind answered `.mutation` must be
    /// drawn by `nextMutation`; a test holds the generator to this table.
    static func generation(of kind: EventKind) -> Generation {
        switch kind {
        case .lift, .move, .drop, .cancel, .apply: .session
        case .mutation: .mutation
        case .swipe, .scroll, .tap: .gesture
        case .channel: .never("a case of one replica has no sync channel")
        case .expect: .never("an expectation checks the replay; the model is the oracle of a generated case")
        }
    }
}
