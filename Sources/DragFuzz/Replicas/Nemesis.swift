/// What the replicated fuzzer's channel may do to messages (replicas-v1
/// 5.3, Jepsen's vocabulary). Each is a generator of explicit channel
/// events, so a finding holds only `deliver`, `lose`, `duplicate`,
/// `partition` and `heal` lines and replays like any recording.
public enum Nemesis: String, CaseIterable, Hashable, Sendable {
    /// Messages stay in flight across later events; without it every
    /// message is delivered, in send order, right after the change that sent it.
    case delay
    /// A delivery picks any deliverable message, not the oldest.
    case reorder
    /// A second copy of an in-flight message.
    case duplicate
    /// An in-flight message is lost (quiesce's anti-entropy repairs it).
    case loss
    /// Random halves, one replica isolated, or the server isolated; healed
    /// some events later.
    case partition
    /// A partition healed at the next event or the one after.
    case flap

    /// `delay,reorder,...`: the nemeses named, or the reason the list is invalid.
    /// - Complexity: O(n) in the length of `text`.
    public static func parseList(_ text: String) -> Result<Set<Nemesis>, NemesisListError> {
        var set = Set<Nemesis>()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let n = Nemesis(rawValue: String(part)) else { return .failure(NemesisListError(text: text)) }
            set.insert(n)
        }
        return .success(set)
    }
}

/// A `--nemesis` list with a name that is not a nemesis.
public struct NemesisListError: Error, Hashable, Sendable {
    public var text: String
}
