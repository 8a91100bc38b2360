import ReorderReplicas

/// The checks of replicas-v1 1 and 2 that do not depend on JSON: the
/// header's `replicas`, which replica each event names, and the channel
/// events' fields. What only the channel's state decides (which message a
/// `deliver` means) is the replayer's, at the same line.
extension RecordingValidator {
    /// `ids` (2 to 64 unique IDs, none holding `#` or named `server`),
    /// latencies >= 0, and links between replicas of the recording.
    static func checkReplicas(_ r: ReplicasSpec) throws(FieldError) {
        guard ReplicasSpec.replicaCount.contains(r.ids.count) else {
            throw FieldError(
                field: "replicas.ids",
                "field \"replicas.ids\" must hold \(ReplicasSpec.replicaCount.lowerBound) to \(ReplicasSpec.replicaCount.upperBound) replica IDs, got \(r.ids.count)"
            )
        }
        try checkIDs(r.ids, field: "replicas.ids", unique: true)
        for id in r.ids {
            if id == ReplicasSpec.server {
                throw FieldError(field: "replicas.ids", "replica ID \"server\" is reserved for the server of \"merge\": \"server\"")
            }
            if id.utf8.contains(UInt8(ascii: "#")) {
                throw FieldError(
                    field: "replicas.ids", "replica ID \(Format.quoted(id)) must not contain \"#\" (operation IDs are replica#n)")
            }
        }
        guard case .auto(let latency, let links) = r.options.delivery else { return }
        if latency < 0 {
            throw FieldError(
                field: "replicas.channel.latency", "field \"replicas.channel.latency\" must be an integer >= 0, got \(latency)")
        }
        let all = Set(r.all)
        for (link, ms) in links.sorted(by: { $0.key.description < $1.key.description }) {
            let field = "replicas.channel.links"
            guard all.contains(link.from), all.contains(link.to), link.from != link.to else {
                throw FieldError(
                    field: field,
                    "link \(Format.quoted(link.description)) must be \"FROM>TO\" with two different replicas of \(Format.ids(r.all)) (e.g. \"\(r.all[0])>\(r.all[1])\")"
                )
            }
            if ms < 0 {
                throw FieldError(field: field, "link \(Format.quoted(link.description)): a latency must be an integer >= 0, got \(ms)")
            }
        }
    }

    /// The index in `ids` of the replica the event happens on (0 before
    /// version 3): a drag event, mutation or gesture names a client with
    /// `replica`; a channel event names none; an `expect` may.
    func replicaIndex(of event: RecordedEvent) throws(FieldError) -> Int {
        let type = event.kind.type
        guard let replicas else {
            if event.replica != nil { throw Self.needsVersion(3, field: "replica", version: version) }
            return 0
        }
        guard let name = event.replica else {
            if type.takesReplica {
                throw FieldError(
                    field: nil,
                    "missing field \"replica\" (a \(type.rawValue) in a version 3 file happens on one of \(Format.ids(replicas.ids)))")
            }
            return 0
        }
        if case .channel = type {
            throw FieldError(field: "replica", "a channel event has no \"replica\" (it names \"to\", and optionally \"from\" and \"op\")")
        }
        if let i = replicas.ids.firstIndex(of: name) { return i }
        if name == ReplicasSpec.server && replicas.merge == .server {
            throw FieldError(
                field: "replica",
                "the server has no sessions or local changes: \(type.rawValue) must name a client of \(Format.ids(replicas.ids))")
        }
        throw FieldError(field: "replica", "unknown replica \(Format.quoted(name)) (expected one of \(Format.ids(replicas.ids)))")
    }

    /// `to`, `from` and `op` name replicas and an operation of the
    /// recording; `partition` lists each replica at most once.
    func checkChannel(_ c: ChannelEvent) throws(FieldError) {
        guard let replicas else { return }  // `requireVersion` refused it
        let all = replicas.all
        func replica(_ id: String, _ field: String) throws(FieldError) {
            if !all.contains(id) {
                throw FieldError(field: field, "unknown replica \(Format.quoted(id)) in \"\(field)\" (expected one of \(Format.ids(all)))")
            }
        }
        switch c {
        case .deliver(let m), .lose(let m), .duplicate(let m):
            try replica(m.to, "to")
            if let from = m.from {
                try replica(from, "from")
                if from == m.to {
                    throw FieldError(
                        field: "from", "\"from\" and \"to\" are both \(Format.quoted(from)): no link joins a replica to itself")
                }
            }
            if let op = m.op, !replicas.ids.contains(op.origin) {
                throw FieldError(
                    field: "op",
                    "field \"op\" names \(Format.quoted(op.description)), an operation of no replica (expected REPLICA#N, REPLICA one of \(Format.ids(replicas.ids)))"
                )
            }
        case .partition(let groups):
            var seen = Set<String>()
            for group in groups {
                for id in group {
                    try replica(id, "groups")
                    if !seen.insert(id).inserted {
                        throw FieldError(field: "groups", "replica \(Format.quoted(id)) is in more than one group")
                    }
                }
            }
        case .heal, .quiesce:
            break
        }
    }

    /// `expect.replicas`: replicas of the recording, the array form only in
    /// a single-collection container, collections of the header.
    func checkReplicaExpectation(_ expected: [String: ExpectedReplicaData]) throws(FieldError) {
        guard let replicas else { throw Self.needsVersion(3, field: "replicas", version: version) }
        for (id, data) in expected.sorted(by: { $0.key < $1.key }) {
            if !replicas.all.contains(id) {
                throw FieldError(
                    field: "replicas", "unknown replica \(Format.quoted(id)) in \"replicas\" (expected one of \(Format.ids(replicas.all)))")
            }
            switch data {
            case .order(let items):
                if !isSingleCollection {
                    throw FieldError(
                        field: "replicas",
                        "replicas.\(id): an array needs a single-collection container; give {collection: [items]} with \(collectionIDs.count) collections"
                    )
                }
                try Self.checkIDs(items, field: "replicas")
            case .collections(let cs):
                for (c, items) in cs.sorted(by: { $0.key < $1.key }) {
                    if !collectionIDs.contains(c) {
                        throw FieldError(
                            field: "replicas",
                            "replicas.\(id): collection \(Format.quoted(c)) is not in the container (expected one of \(describe(collectionIDs)))"
                        )
                    }
                    try Self.checkIDs(items, field: "replicas")
                }
            }
        }
    }
}
