import ReorderCore

/// A client of the `server` model (4.1 steps 4 and 5): its confirmed data
/// (the header's data with server numbers 1..k applied in number order),
/// the numbers that arrived early, and its pending ops; what it shows is
/// the confirmed data with the pending ops replayed on top (a rebase by IDs).
public struct ServerClient<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>: Sendable {
    public typealias Container = ReorderContainer<ItemID, CollectionID>
    public typealias Op = ReplicaOp<ItemID, CollectionID>

    public private(set) var confirmed: Container
    /// The contiguous applied number.
    public private(set) var k = 0
    /// The ops of numbers 1..k, in number order.
    public private(set) var confirmedOps: [OpID] = []
    /// Numbers above k+1 that arrived, not integrated.
    public private(set) var heldNumbers: [Int: Op] = [:]
    /// Its own ops not yet acknowledged, in seq order.
    public private(set) var pending: [Op] = []
    /// What it shows.
    public private(set) var data: Container

    public init(data: Container) {
        confirmed = data
        self.data = data
    }

    /// The ops integrated here (6.0): numbers 1..k and the pending ops.
    /// - Complexity: O(k + p).
    public var integrated: Set<OpID> { Set(confirmedOps).union(pending.map(\.id)) }

    /// A local commit: the last pending op, applied at once (equal to the replay).
    /// - Complexity: O(k * B + k).
    public mutating func commit(_ op: Op) {
        pending.append(op)
        op.apply(to: &data)
    }

    /// A broadcast `{number, op}` arrives: ignored at or below k, held above
    /// k+1, applied at k+1 with any held numbers after it.
    /// - Complexity: O(p * (k * B + n)) for p pending ops (the rebase).
    public mutating func receive(_ op: Op, number: Int) {
        if number <= k { return }
        if number > k + 1 {
            if heldNumbers[number] == nil { heldNumbers[number] = op }
            return
        }
        confirm(op)
        while let next = heldNumbers.removeValue(forKey: k + 1) { confirm(next) }
        rebase()
    }

    /// Drops every pending op (what a buggy client does on any number).
    /// - Complexity: O(n).
    package mutating func dropPending() {
        pending.removeAll()
        rebase()
    }

    private mutating func confirm(_ op: Op) {
        op.apply(to: &confirmed)
        k += 1
        confirmedOps.append(op.id)
        pending.removeAll { $0.id == op.id }
    }

    private mutating func rebase() {
        var rebased = confirmed
        for op in pending { op.apply(to: &rebased) }
        data = rebased
    }
}
