/// A runtime condition worth telling a person about. Not an error: the
/// recording goes on, and `--strict` turns these into failures.
public enum ReorderWarning<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    case unknownCollection(CollectionID)
    /// 3.1 step 3: the anchor is a source that is not among the target's items.
    case anchorSourceOutsideTarget(ItemID)
    /// 3.1 step 3: the anchor is gone, in another collection, or fixed.
    case anchorNotInTarget(ItemID)
    case itemExists(ItemID)
    case missingItem(ItemID, action: String)
    case pendingDiscarded(session: Int)
    case pendingAtEnd(session: Int)
    case sessionActiveAtEnd(session: Int)
    /// An event that breaks the session grammar of 2.1; a validated
    /// recording never produces it.
    case grammar(String)
    case noDestination(session: Int)

    public var description: String {
        switch self {
        case .unknownCollection(let c): "unknown collection \(quoted(c)); nothing changed"
        case .anchorSourceOutsideTarget(let x): "anchor \(quoted(x)) is a source outside the destination collection; moved to the end"
        case .anchorNotInTarget(let x): "anchor \(quoted(x)) is not among the destination's reorderable items; moved to the end"
        case .itemExists(let x): "item \(quoted(x)) already exists; skipped"
        case .missingItem(let x, let action): "\(action): item \(quoted(x)) does not exist; skipped"
        case .pendingDiscarded(let s): "session \(s): a new lift discards the pending deferred difference"
        case .pendingAtEnd(let s): "session \(s): the recording ends with a deferred difference never applied"
        case .sessionActiveAtEnd(let s): "session \(s): the recording ends with the drag still active"
        case .grammar(let m): m
        case .noDestination(let s): "session \(s): the drop configuration allowed the drop but gave no destination; rejected"
        }
    }
}

/// `"a"` for strings, `nil` for the unnamed collection, plain otherwise.
@inlinable func quoted<T>(_ value: T) -> String {
    if let s = value as? String { return "\"\(s)\"" }
    if let o = value as? String?, o == nil { return "(single collection)" }
    if let o = value as? String?, let s = o { return "\"\(s)\"" }
    return "\(value)"
}
