import DragRecording
import ReorderConformance
import ReorderCore

/// What the fuzzer generates within: the app's own collections (their IDs,
/// items, fixed entries, capacities and locks), its layout and metrics, the
/// operations a lift from each collection offers, the operations a drop into
/// each allows, what external lifts offer, and how new item IDs look. Every
/// case of a run with a world starts from its data, in its layout: lifts and
/// drops aim at its collections and geometry, mutations insert IDs of its
/// form, capacities and locks hold as the model has them.
///
///     let world = World(
///         collections: ["todo": ["t1", "t2"], "doing": [], "done": [], "templates": ["bug", "feature"]],
///         capacity: ["done": 5], layout: board,
///         lifts: ["templates": .copy], drops: ["templates": []])
///
/// From a recording, its header is the world (`World(header:)`); its events are ignored.
public struct World: Sendable {
    /// One collection of the world, with its rules.
    public struct Collection: Hashable, Sendable {
        public var id: StringID
        public var items: [StringID]
        public var fixed: [StringID]
        public var locked: [StringID]
        public var capacity: Int?
        /// What a lift from it offers (`suggestedOperations`); default `move`.
        public var lifts: DropOperation.Set
        /// What a drop into it may answer besides `forbidden`; default both.
        public var drops: DropOperation.Set

        public init(
            id: StringID, items: [StringID], fixed: [StringID] = [], locked: [StringID] = [], capacity: Int? = nil,
            lifts: DropOperation.Set = .move, drops: DropOperation.Set = .all
        ) {
            self.id = id
            self.items = items
            self.fixed = fixed
            self.locked = locked
            self.capacity = capacity
            self.lifts = lifts
            self.drops = drops
        }
    }

    public var collections: [Collection]
    public var layout: Layout<StringID>
    public var enabled: Bool
    /// New item IDs: `#` replaced by a number (`card-#`: `card-0`, `card-1`, ...).
    public var newItems: String
    /// What an external lift (items from another app) offers, one drawn per
    /// lift; empty: no external lifts.
    public var external: [DropOperation.Set]
    /// Whether rules were stated (`lifts`, `drops`): then the policy's
    /// choice is judged by them, not by the model's default policy.
    public var hasRules: Bool

    /// The collections' IDs, in order.
    public var collectionIDs: [StringID] { collections.map(\.id) }

    /// Per collection, the operations a drop into it allows.
    public var allowedDrops: [StringID: DropOperation.Set] {
        Dictionary(uniqueKeysWithValues: collections.map { ($0.id, $0.drops) })
    }

    /// The most items a world may hold: the fuzzer's own IDs for new items
    /// and for missing ones (`FuzzIDs.absentBase`) come after them.
    public static let maxItems = 256

    public init(
        collections: [Collection], layout: Layout<StringID>, enabled: Bool = true, newItems: String = "new-#",
        external: [DropOperation.Set] = [.copy, .all, .move], hasRules: Bool? = nil
    ) throws(WorldError) {
        self.collections = collections
        self.layout = layout
        self.enabled = enabled
        self.newItems = newItems
        self.external = external
        self.hasRules = hasRules ?? collections.contains { $0.lifts != .move || $0.drops != .all }
        try validate()
    }

    /// The app's own values: `collections` in their order (a dictionary
    /// literal, order kept), capacities and locks by collection and item.
    public init(
        collections: KeyValuePairs<StringID, [StringID]>, fixed: [StringID: [StringID]] = [:], capacity: [StringID: Int] = [:],
        locked: Set<StringID> = [], layout: Layout<StringID>, lifts: [StringID: DropOperation.Set] = [:],
        drops: [StringID: DropOperation.Set] = [:], newItems: String = "new-#", external: [DropOperation.Set] = [.copy, .all, .move]
    ) throws(WorldError) {
        let list = collections.map { id, items in
            let fixedHere = fixed[id] ?? []
            return Collection(
                id: id, items: items, fixed: fixedHere, locked: (fixedHere + items).filter(locked.contains), capacity: capacity[id],
                lifts: lifts[id] ?? .move, drops: drops[id] ?? .all)
        }
        try self.init(
            collections: list, layout: layout, newItems: newItems, external: external, hasRules: !lifts.isEmpty || !drops.isEmpty)
    }

    func validate() throws(WorldError) {
        guard !collections.isEmpty else { throw .noCollections }
        var ids = Set<StringID>()
        var items = Set<StringID>()
        for c in collections {
            guard ids.insert(c.id).inserted else { throw .repeatedCollection(c.id) }
            for item in c.fixed + c.items {
                guard items.insert(item).inserted else { throw .repeatedItem(item) }
            }
            if let capacity = c.capacity, capacity < 0 { throw .negativeCapacity(collection: c.id) }
        }
        guard items.count <= Self.maxItems else {
            throw .tooManyItems(limit: Self.maxItems, count: items.count)
        }
        guard newItems.contains("#") else { throw .newItemsWithoutNumber(newItems) }
        try validateNewItems()
        // What the world writes into every finding's header is what a reader takes (issue 44 class 6).
        let header = RecordingHeader(
            layout: layout, enabled: enabled,
            collections: collections.map {
                CollectionSpec(id: $0.id, items: $0.items, fixed: $0.fixed, locked: $0.locked, capacity: $0.capacity)
            }
        )
        do throws(FieldError) { _ = try RecordingValidator(header: header) } catch {
            throw .unrecordable(field: error.field, reason: error.message)
        }
    }

    /// New items' IDs (and missing items', `gone0`, ...) are never the
    /// world's own, and every one a case can draw is an ID a recording
    /// holds: the shortest and the longest are checked, and a NUL would be
    /// in every one.
    func validateNewItems() throws(WorldError) {
        let names = itemNames
        for item in names.names {
            if names.newNumber(of: item) != nil || FuzzNaming.id(named: item).map({ $0 >= FuzzIDs.absentBase }) == true {
                throw .newItemsClash(pattern: newItems, item: item)
            }
        }
        for id in [names.names.count, FuzzIDs.absentBase - 1] where id >= names.names.count {
            let name = names.name(id)
            do throws(FieldError) { try RecordingValidator.checkIDs([name], field: "newItems") } catch {
                let prefix = "field \"newItems\": "
                let reason = error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
                throw .newItemsInvalid(pattern: newItems, id: name, reason: reason)
            }
        }
    }

    /// The world's names for the fuzzer's integer IDs: its items first, in
    /// order (fixed before items, collection by collection), then new ones.
    public var itemNames: ItemNames {
        ItemNames(names: collections.flatMap { $0.fixed + $0.items }, pattern: newItems)
    }

    /// The oracle the world's rules make (`nil` when it states none).
    public func rulesOracle() -> ConfigurationOracle<Int, Int>? {
        guard hasRules else { return nil }
        let drops = collections.map(\.drops)
        return Self.rulesOracle { c in c >= 0 && c < drops.count ? drops[c] : nil }
    }

    /// The rules as an oracle over any IDs: `drops` gives what a drop into a
    /// collection allows (`nil`: no such collection, nothing allowed).
    static func rulesOracle<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>(
        drops: @escaping @Sendable (CollectionID) -> DropOperation.Set?
    ) -> ConfigurationOracle<ItemID, CollectionID> {
        .rules { operation, collection in
            guard let allowed = drops(collection) else { return false }
            return operation == .move ? allowed.contains(.move) : operation == .copy ? allowed.contains(.copy) : true
        }
    }

    /// The model's policy in this world: spec 3.3, then the rules: an
    /// operation a drop into the target collection does not allow becomes
    /// the other one the lift offers, if allowed, else `forbidden`.
    func policy() -> DropPolicy<Int, Int> {
        let drops = collections.map(\.drops)
        return Self.policy { c in c >= 0 && c < drops.count ? drops[c] : nil }
    }

    /// `policy()` over any IDs (the fuzzer's integers, a recording's names).
    static func policy<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>(
        drops: @escaping @Sendable (CollectionID) -> DropOperation.Set?
    ) -> DropPolicy<ItemID, CollectionID> {
        DropPolicy { request in
            var answer = standardConfiguration(request)
            if !request.isExternal && answer.operation == .forbidden { answer = Self.internalCopy(request, answer) }
            guard answer.operation != .forbidden, let c = answer.destination?.collectionID, let here = drops(c) else { return answer }
            let allowed = here.intersection(request.session.suggestedOperations)
            let operation: DropOperation =
                allowed.contains(answer.operation == .copy ? .copy : .move)
                ? answer.operation : allowed.contains(.move) ? .move : allowed.contains(.copy) ? .copy : .forbidden
            return operation == .forbidden ? .forbidden : DropConfiguration(operation: operation, destination: answer.destination)
        }
    }

    /// Spec 3.3 forbids an internal drag that offers only `copy`; a world
    /// whose lifts offer copy (a templates column) means it: the same
    /// checks, with `copy`.
    static func internalCopy<ItemID: Hashable & Sendable, CollectionID: Hashable & Sendable>(
        _ request: DropRequest<ItemID, CollectionID>, _ answer: DropConfiguration<ItemID, CollectionID>
    ) -> DropConfiguration<ItemID, CollectionID> {
        guard request.session.suggestedOperations == .copy else { return answer }
        var asMove = request
        asMove.session.suggestedOperations = .move
        let moved = standardConfiguration(asMove)
        return moved.operation == .move ? DropConfiguration(operation: .copy, destination: moved.destination) : moved
    }
}

/// The names of the fuzzer's integer item IDs in a world.
public struct ItemNames: Hashable, Sendable {
    public var names: [StringID]
    public var pattern: String
    let ids: [StringID: Int]

    public init(names: [StringID], pattern: String) {
        self.names = names
        self.pattern = pattern
        ids = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The world's name, a new item's (`pattern` with its number), or a missing one's (`gone0`, ...).
    public func name(_ id: Int) -> StringID {
        if id >= 0 && id < names.count { return names[id] }
        if id >= FuzzIDs.absentBase { return FuzzNaming.item(id) }
        let hash = pattern.firstIndex(of: "#") ?? pattern.endIndex
        return StringID(pattern[..<hash] + String(id - names.count) + pattern[hash...].dropFirst())
    }

    /// The inverse of `name`; `nil` for a name the world never gives.
    public func id(_ name: StringID) -> Int? {
        if let id = ids[name] { return id }
        if let id = FuzzNaming.id(named: name), id >= FuzzIDs.absentBase { return id }
        return newNumber(of: name).map { names.count + $0 }
    }

    /// The number of the new item `name` would be (`card-11`: 11), if the
    /// pattern gives it (before the missing items' IDs); `nil` otherwise.
    /// On the bytes: a name that is the pattern's text in other bytes is not one.
    func newNumber(of name: StringID) -> Int? {
        guard let hash = pattern.firstIndex(of: "#") else { return nil }
        let prefix = Array(pattern[..<hash].utf8)
        let suffix = Array(pattern[pattern.index(after: hash)...].utf8)
        let bytes = Array(name.string.utf8)
        guard bytes.count > prefix.count + suffix.count, bytes.starts(with: prefix), bytes.reversed().starts(with: suffix.reversed())
        else { return nil }
        let digits = String(decoding: bytes.dropFirst(prefix.count).dropLast(suffix.count), as: UTF8.self)
        guard digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(digits), n >= 0, String(n) == digits else { return nil }
        return n < FuzzIDs.absentBase - names.count ? n : nil
    }
}
