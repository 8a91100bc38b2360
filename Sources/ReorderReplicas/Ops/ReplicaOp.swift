import ReorderCore

/// One committed local change, as every replica receives it: its id, its
/// ID-based fields fixed at commit from the origin's data, its causality
/// (the before set, and for the causal model its Lamport timestamp and
/// version vector), and where its block landed on its origin (`left`,
/// `right`), which the intent check reads.
///
/// Re-sends carry the same op: nothing here changes after the commit.
public struct ReplicaOp<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Sendable, CustomStringConvertible {
    /// What the op does, in IDs only: indices never travel.
    public enum Kind: Hashable, Sendable {
        /// `sources` are S of dragrec-v1 3.1 step 1 on the origin; `before`
        /// is the difference's anchor as given (`nil`: the end).
        case move(sources: [ItemID], collection: CollectionID, before: ItemID?)
        /// `items` are those the commit actually inserted on the origin.
        case insert(items: [ItemID], collection: CollectionID, before: ItemID?)
        /// `items` are those present on the origin, fixed entries included.
        case delete(items: [ItemID])
    }

    public var id: OpID
    public var kind: Kind
    /// Every op integrated on the origin when it committed, and transitively
    /// every op before those (replicas-v1 6.0).
    public var before: Set<OpID>
    /// The item just before the first item of the block on the origin right
    /// after the commit (`nil`: none, or an empty block).
    public var left: ItemID?
    /// The item just after the last item of the block there.
    public var right: ItemID?
    /// 1 + the largest timestamp among the ops the origin had integrated.
    public var lamport: Int
    /// Per replica, the highest seq of its ops the origin had integrated
    /// before this op (absent: 0).
    public var versionVector: [String: Int]
    /// What a merge of its own put on the wire for this op at commit (a
    /// buggy merge's keys or offsets; an app's payload); `nil` for the
    /// reference models.
    public var payload: (any Sendable)?
    /// The commit changed nothing on its origin, under a merge of the code
    /// under test's own (replicas-v1 8.1): libraries record no change for
    /// such an op, so it carries no causality to other replicas and may
    /// have no effect in the intent check (6.4).
    public var changedNothing = false

    public init(
        id: OpID, kind: Kind, before: Set<OpID> = [], left: ItemID? = nil, right: ItemID? = nil, lamport: Int = 1,
        versionVector: [String: Int] = [:], payload: (any Sendable)? = nil
    ) {
        self.id = id
        self.kind = kind
        self.before = before
        self.left = left
        self.right = right
        self.lamport = lamport
        self.versionVector = versionVector
        self.payload = payload
    }

    public var description: String {
        switch kind {
        case .move(let sources, _, let before): "\(id) move \(sources) before \(before.map { "\($0)" } ?? ".end")"
        case .insert(let items, _, let before): "\(id) insert \(items) before \(before.map { "\($0)" } ?? ".end")"
        case .delete(let items): "\(id) delete \(items)"
        }
    }
}

extension ReplicaOp.Kind {
    /// The items the op names: a move's sources, an insert's or a delete's items.
    public var items: [ItemID] {
        switch self {
        case .move(let sources, _, _): sources
        case .insert(let items, _, _): items
        case .delete(let items): items
        }
    }

    /// The target collection of a move or an insert; `nil` for a delete.
    public var collection: CollectionID? {
        switch self {
        case .move(_, let c, _): c
        case .insert(_, let c, _): c
        case .delete: nil
        }
    }

    /// The anchor as given, for a move or an insert.
    public var anchor: ItemID? {
        switch self {
        case .move(_, _, let b): b
        case .insert(_, _, let b): b
        case .delete: nil
        }
    }

    /// The items the op moves (replicas-v1 6.0): a move's sources.
    public var moved: [ItemID] {
        if case .move(let sources, _, _) = self { return sources }
        return []
    }

    /// The items the op deletes: a delete's items.
    public var deleted: [ItemID] {
        if case .delete(let items) = self { return items }
        return []
    }

    /// The items the op inserts: an insert's items.
    public var inserted: [ItemID] {
        if case .insert(let items, _, _) = self { return items }
        return []
    }

    /// A move's difference, as the canonical rule takes it.
    public var difference: ReorderDifference<ItemID, CollectionID>? {
        guard case .move(let sources, let c, let before) = self else { return nil }
        return ReorderDifference(sources: sources, destination: .init(collectionID: c, position: before.map { .before($0) } ?? .end))
    }
}
