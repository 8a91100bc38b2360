import DragRecording
import ReorderConformance
import ReorderCore

extension World {
    /// The world a recording's header describes: its container (collections,
    /// items, fixed, locked, capacities, enabled) and layout, and the rules
    /// of its `world` field (an extension field: readers of dragrec v1
    /// ignore unknown header fields, spec 1):
    ///
    ///     "world": {"newItems": "card-#",
    ///               "lifts": {"templates": ["copy"]},
    ///               "drops": {"templates": [], "done": ["move"]},
    ///               "external": [["copy"], ["move", "copy"]]}
    ///
    /// A collection without an entry in `lifts` offers `move`; without one
    /// in `drops`, allows both. Every collection must have an `id`.
    public init(header: RecordingHeader) throws(WorldError) {
        var collections: [Collection] = []
        for (k, c) in header.collections.enumerated() {
            guard let id = c.id else {
                throw .unnamedCollection(index: k)
            }
            collections.append(Collection(id: id, items: c.items, fixed: c.fixed, locked: c.locked, capacity: c.capacity))
        }
        var newItems = "new-#"
        var external: [DropOperation.Set] = [.copy, .all, .move]
        var hasRules = false
        if let rules = header.world {
            guard case .object(let o) = rules else { throw .rulesNotAnObject }
            if let unknown = o.keys.sorted().first(where: { !["newItems", "lifts", "drops", "external"].contains($0) }) {
                throw .unknownField(unknown)
            }
            if let value = o["newItems"] {
                guard case .string(let s) = value else { throw .newItemsNotAString }
                newItems = s
            }
            for (field, isLift) in [("lifts", true), ("drops", false)] {
                guard let value = o[field] else { continue }
                guard case .object(let byCollection) = value else { throw .notByCollection(field: "world.\(field)") }
                hasRules = true
                for (id, ops) in byCollection {
                    guard let c = collections.firstIndex(where: { $0.id == StringID(id) }) else {
                        throw .unknownCollection(field: "world.\(field)", id: StringID(id))
                    }
                    let set = try Self.operations(ops, field: "world.\(field).\(id)")
                    if isLift {
                        guard !set.isEmpty else { throw .liftOffersNothing(field: "world.lifts.\(id)") }
                        collections[c].lifts = set
                    } else {
                        collections[c].drops = set
                    }
                }
            }
            if let value = o["external"] {
                guard case .array(let list) = value else { throw .externalNotAnArray }
                external = try list.enumerated().map { k, ops throws(WorldError) in try Self.operations(ops, field: "world.external[\(k)]")
                }
                if external.contains(where: \.isEmpty) {
                    throw .liftOffersNothing(field: "world.external")
                }
            }
        }
        try self.init(
            collections: collections, layout: header.layout, enabled: header.enabled, newItems: newItems, external: external,
            hasRules: hasRules)
    }

    /// The rules as the header field `world` (`init(header:)` reads them
    /// back): a finding made in this world carries them, so its replay
    /// judges by the same rules. `nil` for a world without rules.
    public var rules: JSONValue? {
        guard hasRules else { return nil }
        func list(_ set: DropOperation.Set) -> JSONValue {
            .array([(DropOperation.Set.move, "move"), (.copy, "copy")].filter { set.contains($0.0) }.map { .string($0.1) })
        }
        return .object([
            "newItems": .string(newItems),
            "lifts": .object(Dictionary(uniqueKeysWithValues: collections.map { ($0.id.string, list($0.lifts)) })),
            "drops": .object(Dictionary(uniqueKeysWithValues: collections.map { ($0.id.string, list($0.drops)) })),
            "external": .array(external.map(list)),
        ])
    }

    /// How a recording with this header is judged when it states a world:
    /// the world's policy is the model's (and the in-process code's) and
    /// `meta.oracle` (written by findings: `model`, `geometry` or `rules`;
    /// without it, `rules`) judges the answered configuration, as the fuzz
    /// that wrote it did. `nil`: no `world` field, or one that is not valid.
    @Sendable public static func judgement(header: RecordingHeader) -> RecordedRules? {
        guard header.world != nil, let world = try? World(header: header), world.hasRules else { return nil }
        let allowed = world.allowedDrops
        let drops: @Sendable (StringID?) -> DropOperation.Set? = { id in id.flatMap { allowed[$0] } }
        var named: String?
        if case .object(let meta) = header.meta, case .string(let s) = meta["oracle"] { named = s }
        let oracle: ConfigurationOracle<StringID, StringID?> =
            switch named.flatMap(FuzzOracle.init(rawValue:)) ?? .rules {
            case .model: .model
            case .geometry: .geometry
            case .rules: rulesOracle(drops: drops)
            }
        return RecordedRules(policy: policy(drops: drops), oracle: oracle)
    }

    /// `["move", "copy"]` as a set.
    static func operations(_ value: JSONValue, field: String) throws(WorldError) -> DropOperation.Set {
        guard case .array(let names) = value else { throw .operationsNotAnArray(field: field) }
        var set: DropOperation.Set = []
        for name in names {
            switch name {
            case .string("move"): set.insert(.move)
            case .string("copy"): set.insert(.copy)
            default: throw .unknownOperation(field: field, got: "\(name)")
            }
        }
        return set
    }
}
