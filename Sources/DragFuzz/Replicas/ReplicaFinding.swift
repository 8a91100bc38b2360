import DragRecording

/// A shrunk replicated finding: the canonical recording (its `meta` holds
/// the seed, the case, the merge or bug and the check) and its size.
public struct ReplicaFinding: Sendable {
    /// The first failed check's name: the finding's signature.
    public var check: String
    /// The first failure's message, on the shrunk recording.
    public var message: String
    /// The campaign's case it came from.
    public var caseIndex: Int
    public var recording: Recording
    /// Local changes that commit an op, and events, after shrinking.
    public var ops: Int
    public var events: Int
    /// The unshrunk case's.
    public var originalOps: Int
    public var originalEvents: Int
    public var shrinkAttempts: Int
    /// Where it was written; `nil` when the campaign writes nothing.
    public var path: String?

    /// The canonical JSON Lines.
    public var text: String { recording.text }

    /// `<check>-<content hash>.jsonl`.
    public var fileName: String { "\(FileName.component(from: check))-\(contentHash(text)).jsonl" }
}
