/// The longest list a message shows whole. A longer one (a photo library
/// of 10^4 items) shows where it differs from the list it is compared
/// with: a message naming every ID twice is 300 KB that no one reads.
@usableFromInline let _messageListLimit = 40

/// `ids` in a message beside `other`, the list it is compared with: whole
/// when both have at most `_messageListLimit` IDs; else the run where they
/// differ with two IDs of context on each side (its first and last 12 IDs
/// when it is longer than 24), and counts for the rest.
///
///     show(["a", … "z", "b"], against: ["a", "b", … "z"], text)
///     // ["a", "c", "d", … 20 more, "y", "z", "b"] as a long list would be cut
///
/// - Complexity: O(n) for n IDs.
@inlinable
func show<ItemID, CollectionID>(_ ids: [ItemID], against other: [ItemID], _ text: ViolationText<ItemID, CollectionID>) -> String {
    guard ids.count > _messageListLimit || other.count > _messageListLimit else { return text.ids(ids) }
    let limit = min(ids.count, other.count)
    var prefix = 0
    while prefix < limit && ids[prefix] == other[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < limit - prefix && ids[ids.count - 1 - suffix] == other[other.count - 1 - suffix] { suffix += 1 }
    let context = 2
    let side = 12
    let lo = max(0, prefix - context)
    let hi = min(ids.count, ids.count - suffix + context)
    var parts: [String] = []
    if lo > 0 { parts.append("… \(lo) more") }
    if hi - lo > 2 * side {
        parts += ids[lo..<(lo + side)].map(text.item)
        parts.append("… \(hi - lo - 2 * side) more")
        parts += ids[(hi - side)..<hi].map(text.item)
    } else {
        parts += ids[lo..<hi].map(text.item)
    }
    if hi < ids.count { parts.append("… \(ids.count - hi) more") }
    return "[" + parts.joined(separator: ", ") + "]"
}

/// Every collection's items beside `other`'s (`show(_:against:_:)` per
/// collection): `["a", "b"] | ["c"]`.
@inlinable
func show<ItemID, CollectionID>(_ orders: [[ItemID]], against other: [[ItemID]], _ text: ViolationText<ItemID, CollectionID>) -> String {
    orders.indices.map { c in show(orders[c], against: c < other.count ? other[c] : [], text) }.joined(separator: " | ")
}
