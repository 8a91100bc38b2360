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
    /// A gesture of another model (named by `event`) on an item that is not
    /// in the data; `outcome` says what happened instead.
    case gestureOnMissingItem(ItemID, event: String, outcome: String)

    /// The message, with IDs written by `item` and `collection`: a report
    /// quotes strings and names the single collection; the core does not
    /// know how its caller spells IDs.
    public func describe(item: (ItemID) -> String, collection: (CollectionID) -> String) -> String {
        switch self {
        case .unknownCollection(let c): "unknown collection \(collection(c)); nothing changed"
        case .anchorSourceOutsideTarget(let x): "anchor \(item(x)) is a source outside the destination collection; moved to the end"
        case .anchorNotInTarget(let x): "anchor \(item(x)) is not among the destination's reorderable items; moved to the end"
        case .itemExists(let x): "item \(item(x)) already exists; skipped"
        case .missingItem(let x, let action): "\(action): item \(item(x)) does not exist; skipped"
        case .pendingDiscarded(let s): "session \(s): a new lift discards the pending deferred difference"
        case .pendingAtEnd(let s): "session \(s): the recording ends with a deferred difference never applied"
        case .sessionActiveAtEnd(let s): "session \(s): the recording ends with the drag still active"
        case .grammar(let m): m
        case .noDestination(let s): "session \(s): the drop configuration allowed the drop but gave no destination; rejected"
        case .gestureOnMissingItem(let x, let event, let outcome): "\(event): item \(item(x)) does not exist; \(outcome)"
        }
    }

    public var description: String { describe(item: { String(reflecting: $0) }, collection: { String(reflecting: $0) }) }
}
