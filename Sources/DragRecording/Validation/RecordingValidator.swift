import ReorderCore

/// The checks of spec 1.1, 2 and 2.1 that do not depend on JSON: IDs and
/// collections in the header, `t` order, the session grammar, and what each
/// event may name. The reader runs it on every line; so does the fuzzer on
/// what it writes.
public struct RecordingValidator: Sendable {
    /// Collection ids, in header order (`nil` for the single unnamed one).
    public let collectionIDs: [String?]
    private var lastT = 0.0
    /// Sessions with a lift and no drop/cancel yet.
    private var active = SessionSet()
    /// Sessions whose last drop was deferred and not yet applied.
    private var deferred = SessionSet()

    public static let maxIDBytes = 256

    /// Validates the header: at least one collection, ids present when there
    /// are several, unique ids and items, `locked` within its collection,
    /// capacity >= 0, a layout that can be laid out.
    public init(header: RecordingHeader) throws(FieldError) {
        try Self.checkCollections(header.collections, field: "container.collections")
        if let problem = header.layout.validationProblem(collectionCount: header.collections.count) {
            throw FieldError(field: "container.layout", problem)
        }
        collectionIDs = header.collections.map(\.id)
    }

    public var isSingleCollection: Bool { collectionIDs.count == 1 }

    /// Checks one event in file order.
    public mutating func check(_ event: RecordedEvent) throws(FieldError) {
        guard event.t.isFinite, event.t >= 0 else {
            throw FieldError(field: "t", "field \"t\" must be a finite number >= 0, got \(Format.number(event.t))")
        }
        guard event.t >= lastT else {
            throw FieldError(field: "t", "field \"t\" must not decrease: \(Format.number(event.t)) after \(Format.number(lastT))")
        }
        lastT = event.t
        switch event.kind {
        case .lift(_, let x, let y, _, _), .move(let x, let y), .drop(let x, let y, _):
            if let p = Limits.coordinateProblem(x, field: "x") { throw FieldError(field: "x", p) }
            if let p = Limits.coordinateProblem(y, field: "y") { throw FieldError(field: "y", p) }
        default: break
        }
        let s = event.session
        switch event.kind {
        case .lift(let items, _, _, let ops, _):
            try Self.checkIDs(items, field: "items", nonEmpty: true, unique: true)
            if ops.isEmpty { throw FieldError(field: "ops", "field \"ops\" must be a non-empty subset of [\"move\", \"copy\"]") }
            if active.contains(s) {
                throw FieldError(field: "type", "lift on session \(s), which is already active (expected a move, drop or cancel first)")
            }
            active.insert(s)
            deferred.remove(s)
        case .move, .drop, .cancel:
            guard active.contains(s) else {
                throw FieldError(field: "type", "\(event.kind.type.rawValue) on session \(s), which has no active lift")
            }
            if case .drop(_, _, let isDeferred) = event.kind {
                active.remove(s)
                if isDeferred { deferred.insert(s) }
            } else if case .cancel = event.kind {
                active.remove(s)
            }
        case .apply:
            guard deferred.remove(s) != nil else {
                throw FieldError(
                    field: "type",
                    "apply on session \(s) with nothing pending (expected a drop with \"apply\": \"deferred\" on that session, applied at most once)"
                )
            }
        case .insert(let items, let collection, _):
            try Self.checkIDs(items, field: "items")
            try checkCollectionReference(collection)
        case .delete(let items), .lock(let items), .unlock(let items):
            try Self.checkIDs(items, field: "items")
        case .relocate(let items, let collection, let before, _):
            try Self.checkIDs(items, field: "items")
            try checkCollectionReference(collection)
            if let before { try Self.checkIDs([before], field: "before") }
        case .update(let item):
            try Self.checkIDs([item], field: "item")
        case .reload(let collections):
            try Self.checkCollections(collections, field: "collections")
            if collections.map(\.id) != collectionIDs {
                throw FieldError(
                    field: "collections",
                    "reload must keep the collections of the header, \(describe(collectionIDs)), in that order; got \(describe(collections.map(\.id)))"
                )
            }
        case .enable, .disable:
            break
        case .expect(let e):
            try checkExpectation(e)
        }
    }

    private func checkCollectionReference(_ collection: String?) throws(FieldError) {
        if let collection {
            try Self.checkIDs([collection], field: "collection")
        } else if !isSingleCollection {
            throw FieldError(field: nil, "field \"collection\" is required in a container with \(collectionIDs.count) collections")
        }
    }

    private func checkExpectation(_ e: Expectation) throws(FieldError) {
        if e.isEmpty {
            throw FieldError(
                field: nil, "an expect line needs at least one of \"order\", \"collections\", \"outcome\", \"difference\", \"operation\"")
        }
        if let order = e.order {
            if !isSingleCollection {
                throw FieldError(
                    field: "order",
                    "field \"order\" needs a single-collection container; use \"collections\" with \(collectionIDs.count) collections")
            }
            try Self.checkIDs(order, field: "order")
        }
        if let collections = e.collections {
            for (id, items) in collections.sorted(by: { $0.key < $1.key }) {
                if !collectionIDs.contains(id) {
                    throw FieldError(
                        field: "collections",
                        "expected collection \(Format.quoted(id)) is not in the container (expected one of \(describe(collectionIDs)))")
                }
                try Self.checkIDs(items, field: "collections")
            }
        }
        if let d = e.difference {
            try Self.checkIDs(d.sources, field: "sources")
            if isSingleCollection {
                if let c = d.collection, c != collectionIDs[0] {
                    throw FieldError(field: "collection", "difference.collection \(Format.quoted(c)) is not the container's collection")
                }
            } else if d.collection == nil {
                throw FieldError(
                    field: "difference",
                    "field \"difference.collection\" is required in a container with \(collectionIDs.count) collections")
            }
        }
    }

    /// Every ID is 1 to 256 bytes without NUL; lifts need one or more unique IDs.
    /// `field` is built only when there is something to report.
    public static func checkIDs(_ ids: [String], field: @autoclosure () -> String, nonEmpty: Bool = false, unique: Bool = false)
        throws(FieldError)
    {
        if nonEmpty && ids.isEmpty {
            let field = field()
            throw FieldError(field: field, "field \"\(field)\" must hold at least one ID")
        }
        for id in ids {
            let n = id.utf8.count
            if n == 0 || n > maxIDBytes {
                let field = field()
                throw FieldError(field: field, "field \"\(field)\": an ID must be 1 to \(maxIDBytes) bytes, got \(n)")
            }
            if id.utf8.contains(0) {
                let field = field()
                throw FieldError(field: field, "field \"\(field)\": an ID must not contain NUL, got \(Format.quoted(id))")
            }
        }
        if unique && ids.count > 1 {
            var seen = Set<String>()
            for id in ids where !seen.insert(id).inserted {
                let field = field()
                throw FieldError(field: field, "field \"\(field)\": ID \(Format.quoted(id)) appears twice")
            }
        }
    }

    static func checkCollections(_ collections: [CollectionSpec], field: String) throws(FieldError) {
        if collections.isEmpty { throw FieldError(field: field, "field \"\(field)\" must hold at least one collection") }
        if collections.count > 1, collections.contains(where: { $0.id == nil }) {
            throw FieldError(field: "id", "every collection needs an \"id\" when there are \(collections.count) collections")
        }
        var ids = Set<String>()
        var items = Set<String>()
        for c in collections {
            if let id = c.id {
                try checkIDs([id], field: "id")
                if !ids.insert(id).inserted { throw FieldError(field: "id", "collection id \(Format.quoted(id)) appears twice") }
            }
            try checkIDs(c.items, field: "items")
            try checkIDs(c.fixed, field: "fixed")
            try checkIDs(c.locked, field: "locked")
            for item in c.fixed + c.items where !items.insert(item).inserted {
                throw FieldError(
                    field: "items",
                    "item ID \(Format.quoted(item)) appears twice (IDs are unique across items and fixed of every collection)")
            }
            let own = Set(c.fixed + c.items)
            for l in c.locked where !own.contains(l) {
                throw FieldError(
                    field: "locked",
                    "locked item \(Format.quoted(l)) is not an entry of its own collection\(c.id.map { " " + Format.quoted($0) } ?? "")")
            }
            if let capacity = c.capacity, capacity < 0 {
                throw FieldError(field: "capacity", "field \"capacity\" must be an integer >= 0, got \(capacity)")
            }
        }
    }

    /// At the end of the file: sessions still active and differences still
    /// pending (warnings, not errors).
    public var openSessions: [Int] { active.sorted() }
}

/// A set of session numbers: a bit mask for 0 ..< 64 (every real recording),
/// a `Set` beyond. Checked on every drag event, so it avoids hashing.
struct SessionSet: Sendable {
    private var bits: UInt64 = 0
    private var large: Set<Int> = []

    func contains(_ s: Int) -> Bool { s < 64 ? bits & (1 << UInt64(s)) != 0 : large.contains(s) }

    mutating func insert(_ s: Int) {
        if s < 64 { bits |= 1 << UInt64(s) } else { large.insert(s) }
    }

    /// Returns the session when it was there (as `Set.remove` does).
    @discardableResult
    mutating func remove(_ s: Int) -> Int? {
        guard contains(s) else { return nil }
        if s < 64 { bits &= ~(1 << UInt64(s)) } else { large.remove(s) }
        return s
    }

    func sorted() -> [Int] { (0..<64).filter { bits & (1 << UInt64($0)) != 0 } + large.sorted() }
}

private func describe(_ ids: [String?]) -> String {
    "[" + ids.map { $0.map(Format.quoted) ?? "null" }.joined(separator: ", ") + "]"
}
