import DragRecording
import ReorderConformance
import ReorderCore
import ReorderReplicas

/// How a replay runs.
public struct ReplayOptions: Sendable {
    /// The function under test; `canonical` by default.
    /// Version 3: the merge under test in place of the header's model (a
    /// known-buggy merge, by name), or `nil` for the model itself.
    public var merge: ReplicaMergeUnderTest?
    /// Why a recording without replicas cannot replay here (the app under
    /// test plays replicas only); `nil`: it can. A green run never means
    /// the model stood in for code the user asked to test.
    public var singleReplicaRefusal: String?
    public var applier: Applier<StringID, StringID?>
    /// The swipe action handlers under test, for version 2 recordings (reset
    /// at the start of each); the correct ones by default. The CLI picks a
    /// built-in one by name from `KnownBugs`.
    public var handler: any SwipeHandling<StringID> & Sendable
    /// The app's `dropConfiguration` closure, replayed like an applier: its
    /// answer at every move and drop is compared with the model's
    /// (`configuration` failures); `nil`: none under test.
    public var policy: DropPolicy<StringID, StringID?>?
    /// Warnings fail the recording.
    public var strict: Bool
    /// At most this many failures and this many warnings are kept in the
    /// result (the status still counts every one). `bless` keeps one: it
    /// reads the steps, and a long recording whose every `expect` fails
    /// must not pile up its messages in memory.
    public var maxMessages: Int
    /// How a recording that states a world (header field `world`) is
    /// judged: the model's (and the in-process code's) policy and the
    /// configuration oracle; `nil`: the model's default policy and oracle.
    /// The CLI and DragTesting set `World.judgement(header:)` (DragFuzz reads worlds), so a
    /// finding of `fuzz --world` replays under the rules it was found by.
    public var rules: (@Sendable (RecordingHeader) -> RecordedRules?)?

    public init(
        applier: Applier<StringID, StringID?> = .canonical,
        handler: any SwipeHandling<StringID> & Sendable = ReferenceSwipeHandler<StringID>(),
        policy: DropPolicy<StringID, StringID?>? = nil, strict: Bool = false, maxMessages: Int = .max
    ) {
        self.applier = applier
        self.handler = handler
        self.policy = policy
        self.strict = strict
        self.maxMessages = max(1, maxMessages)
    }

    /// The in-process code under test for a recording with this header:
    /// the applier (none for `canonical`, which is the model), with the
    /// swipe handler when the recording has swipe actions.
    public func subject(for header: RecordingHeader) -> InProcessSubject<StringID, StringID?>? {
        subject(for: header, rules: rules?(header))
    }

    /// `subject(for:)` with the header's rules already read (`rules?(header)`):
    /// the replayer reads them once per recording for the subject and the
    /// engine's oracle.
    func subject(for header: RecordingHeader, rules world: RecordedRules?) -> InProcessSubject<StringID, StringID?>? {
        let swipes = header.engineSwipe != nil
        let swipeHandler = swipes ? handler : nil
        // Replicas replay against the model alone (see `runReplicated`):
        // only code other than the model is a subject there. A world's
        // rules reach each replica's engine as its policy, not as a subject.
        if header.replicas != nil, policy == nil, applier.name == Applier<StringID, StringID?>.canonical.name { return nil }
        if policy == nil, let world {
            return InProcessSubject(applier: applier, policy: world.policy, swipeHandler: swipeHandler, name: "applier \(applier.name)")
        }
        if let policy { return InProcessSubject(applier: applier, policy: policy, swipeHandler: swipeHandler) }
        if applier.name == Applier<StringID, StringID?>.canonical.name && !swipes { return nil }
        return InProcessSubject(applier: applier, swipeHandler: swipeHandler)
    }
}

/// A merge put in place of a version 3 recording's model: its name, the
/// model it imitates (its topology; a recording of the other model is
/// refused; `nil`: it plays whichever the recording declares, as an app
/// that supports both), whether it is a merge of its own (only the
/// model-free checks apply), and how to make it for a case.
public struct ReplicaMergeUnderTest: Sendable {
    public var name: String
    public var imitates: ReplicaModel?
    public var ownMerge: Bool
    public var make: @Sendable (ReplicaStart) -> any ReplicaMerge<StringID, StringID?>
    /// Why it cannot play a recording's replicas (an app with a merge of
    /// its own beside replicas the model would play); `nil`: it can.
    public var refusal: @Sendable (ReplicaStart) -> String?

    public init(
        name: String, imitates: ReplicaModel?, ownMerge: Bool = false,
        refusal: @escaping @Sendable (ReplicaStart) -> String? = { _ in nil },
        make: @escaping @Sendable (ReplicaStart) -> any ReplicaMerge<StringID, StringID?>
    ) {
        self.name = name
        self.imitates = imitates
        self.ownMerge = ownMerge
        self.refusal = refusal
        self.make = make
    }

    /// A merge made from the replicas and the data alone (a known-buggy one).
    public init(
        name: String, imitates: ReplicaModel,
        make: @escaping @Sendable ([String], ReorderContainer<StringID, StringID?>) -> any ReplicaMerge<StringID, StringID?>
    ) {
        self.init(name: name, imitates: imitates) { make($0.ids, $0.data) }
    }
}

/// What a merge under test is made for: one case's replicas, data,
/// topology, conflict semantics and layout (an app's `reset` sends them).
public struct ReplicaStart: Sendable {
    public var ids: [String]
    public var data: ReorderContainer<StringID, StringID?>
    public var model: ReplicaModel
    public var options: ReplicaOptions
    public var layout: Layout<StringID>

    public init(
        ids: [String], data: ReorderContainer<StringID, StringID?>, model: ReplicaModel, options: ReplicaOptions, layout: Layout<StringID>
    ) {
        self.ids = ids
        self.data = data
        self.model = model
        self.options = options
        self.layout = layout
    }
}
