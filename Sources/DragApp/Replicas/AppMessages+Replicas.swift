import DragRecording
import ReorderCore
import ReorderReplicas

/// The requests of replicas-v1 8, as JSON lines.
extension AppMessages {
    /// `reset`'s replica fields (a leading comma, then a closing brace):
    /// `replica`, `replicas`, `merge`, `deletes`, `blocks`.
    static func replicaFields(_ setup: SyncSetup<String, String?>) -> [UInt8] {
        var w = _JSONBuffer()
        w.open()
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
        w.close()
        var bytes = w.bytes
        bytes[0] = UInt8(ascii: ",")
        return bytes
    }

    /// A local commit: protocol 1's request for it, with the op's `id`. A
    /// move (a drop, a deferred apply, a relocate) is `apply`; an external
    /// drop `receive`; the mutations `insert` and `delete`.
    static func localRequest(_ change: LocalChange<String, String?>, id: OpID) -> [UInt8] {
        object { w in
            switch change {
            case .move(let d):
                w.key("op")
                w.string("apply")
                w.key("sources")
                w.strings(d.sources)
                writeDestination(d.destination, &w)
            case .externalInsert(let items, let c, let before):
                w.key("op")
                w.string("receive")
                w.key("items")
                w.strings(items)
                w.key("collection")
                optional(c, &w)
                w.key("before")
                optional(before, &w)
            case .insert(let items, let c, let index):
                w.key("op")
                w.string("insert")
                w.key("items")
                w.strings(items)
                w.key("collection")
                optional(c, &w)
                w.key("index")
                if let index { w.integer(index) } else { w.null() }
            case .delete(let items):
                w.key("op")
                w.string("delete")
                w.key("items")
                w.strings(items)
            }
            w.key("id")
            w.string(id.description)
        }
    }

    /// `deliver`: the sender, the op's id and ID fields, the server's
    /// `number` or a peer's `lamport` and `vv`, and the payload as sent.
    static func deliver(_ d: SyncDelivery<String, String?>) -> [UInt8] {
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
                        w.key(r)
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

    static func opFields(_ kind: ReplicaOp<String, String?>.Kind, _ w: inout _JSONBuffer) {
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
