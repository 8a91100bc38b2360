import DragRecording
import ReorderConformance
import ReorderCore
import ReorderReplicas

/// The requests of replicas-v1 8, as JSON lines.
extension AppMessages {
    /// `reset`'s replica fields (a leading comma, then a closing brace):
    /// `replica`, `replicas`, `merge`, `deletes`, `blocks`.
    static func replicaFields(_ setup: SyncSetup<StringID, StringID?>) -> [UInt8] {
        fields { w in
            w.key("replica")
            w.string(setup.replica)
            w.key("replicas")
            w.strings(setup.replicas)
            w.key("merge")
            w.string(setup.model.rawValue)
            w.key("deletes")
            w.string(setup.options.deletes.rawValue)
            w.key("blocks")
            w.string(setup.options.blocks.rawValue)
        }
    }

    /// A local commit: protocol 1's request for it (`line(for:)`, the one
    /// spelling of each), with the op's `id` added. A move (a drop, a
    /// deferred apply, a relocate) is `apply`; an external drop `receive`;
    /// the mutations `insert` and `delete`.
    static func localRequest(_ change: LocalChange<StringID, StringID?>, id: OpID) -> [UInt8] {
        let request: SubjectRequest<StringID, StringID?> =
            switch change {
            case .move(let d): .apply(session: nil, d)
            case .externalInsert(let items, let c, let before):
                .receive(items: items, destination: .init(collectionID: c, position: before.map { .before($0) } ?? .end))
            case .insert(let items, let c, let index): .mutation(.insert(items: items, collection: c, index: index))
            case .delete(let items): .mutation(.delete(items: items))
            }
        var line = line(for: request)!
        line.removeLast()  // the closing brace: the id follows
        return line
            + fields { w in
                w.key("id")
                w.string(id.description)
            }
    }

    /// Fields to add to an object whose closing brace was taken off: a
    /// leading comma, the fields, the closing brace.
    static func fields(_ body: (inout _JSONBuffer) -> Void) -> [UInt8] {
        var bytes = object(body)
        bytes[0] = UInt8(ascii: ",")
        return bytes
    }

    /// `deliver`: the sender, the op's id and ID fields, the server's
    /// `number` or a peer's `lamport` and `vv`, and the payload as sent.
    static func deliver(_ d: SyncDelivery<StringID, StringID?>) -> [UInt8] {
        object { w in
            w.key("op")
            w.string("deliver")
            w.key("from")
            w.string(d.from)
            if let op = d.op {
                w.key("id")
                w.string(op.id.description)
                if let number = d.number {
                    w.key("number")
                    w.integer(number)
                } else {
                    w.key("lamport")
                    w.integer(op.lamport)
                    w.key("vv")
                    w.open()
                    for (r, seq) in op.versionVector.sorted(by: { $0.key < $1.key }) {
                        w.key(id: r)
                        w.integer(seq)
                    }
                    w.close()
                }
                opFields(op.kind, &w)
            }
            if let payload = d.payload {
                w.key("payload")
                w.raw(bytes: payload.bytes)
            }
        }
    }

    static func opFields(_ kind: ReplicaOp<StringID, StringID?>.Kind, _ w: inout _JSONBuffer) {
        w.key("kind")
        switch kind {
        case .move(let sources, let c, let before):
            w.string("move")
            w.key("sources")
            w.strings(sources)
            w.key("collection")
            optional(c, &w)
            w.key("before")
            optional(before, &w)
        case .insert(let items, let c, let before):
            w.string("insert")
            w.key("items")
            w.strings(items)
            w.key("collection")
            optional(c, &w)
            w.key("before")
            optional(before, &w)
        case .delete(let items):
            w.string("delete")
            w.key("items")
            w.strings(items)
        }
    }

    static let resend: [UInt8] = object { w in
        w.key("op")
        w.string("resend")
    }
}
