import DragRecording
import ReorderConformance
import ReorderCore
import ReorderSwipe

/// The app protocol's requests as JSON lines (its spec 2): one place that
/// spells every `op` and field.
enum AppMessages {
    static func hello(tool: String) -> [UInt8] {
        object { w in
            w.key("op")
            w.string("hello")
            w.key("protocol")
            w.number(1)
            w.key("tool")
            w.string(tool)
        }
    }

    static let bye: [UInt8] = object { w in
        w.key("op")
        w.string("bye")
    }

    /// The line for `request`; `nil` for what the protocol does not send
    /// (`dropped`, which only the legacy in-process path needs).
    static func line(for request: SubjectRequest<StringID, StringID?>) -> [UInt8]? {
        switch request {
        case .reset(let container, let layout, let swipe):
            return reset(container, layout, swipe)
        case .open(let item, let edge, let labels):
            return openRow(item, edge, labels)
        case .close(let item):
            return object { w in
                w.key("op")
                w.string("close")
                w.key("item")
                w.string(item)
            }
        case .perform(let item, let edge, let action):
            return perform(item, edge, action)
        case .labels(let item, let edge):
            return labels(item, edge)
        case .gesture:
            // An app's gesture cannot be asked over the protocol.
            return nil
        case .dropped:
            return nil
        case .apply(_, let d):
            return object { w in
                w.key("op")
                w.string("apply")
                w.key("sources")
                w.strings(d.sources)
                writeDestination(d.destination, &w)
            }
        case .receive(let items, let destination):
            return object { w in
                w.key("op")
                w.string("receive")
                w.key("items")
                w.strings(items)
                writeDestination(destination, &w)
            }
        case .mutation(let m):
            return mutation(m)
        case .configure(let q):
            return configure(q)
        }
    }

    /// A mutation's request (app protocol 2.2): `op` is its kind's name.
    static func mutation(_ m: DataMutation<StringID, StringID?>) -> [UInt8] {
        switch m {
        case .insert(let items, let c, let index):
            return insert(items, c, index)
        case .delete(let items), .lock(let items), .unlock(let items): return itemsOp(m.kind.rawValue, items)
        case .relocate(let items, let c, let before):
            return relocate(items, c, before)
        case .update(let item):
            return object { w in
                w.key("op")
                w.string("update")
                w.key("item")
                w.string(item)
            }
        case .reload(let collections, let locked):
            return object { w in
                w.key("op")
                w.string("reload")
                w.key("collections")
                writeCollections(collections, locked: Set(locked), &w)
            }
        case .setEnabled:
            return object { w in
                w.key("op")
                w.string(m.kind.rawValue)
            }
        }
    }

    static func itemsOp(_ op: String, _ items: [StringID]) -> [UInt8] {
        object { w in
            w.key("op")
            w.string(op)
            w.key("items")
            w.strings(items)
        }
    }

    static func object(_ body: (inout _JSONBuffer) -> Void) -> [UInt8] {
        var w = _JSONBuffer()
        w.open()
        body(&w)
        w.close()
        return w.bytes
    }

    static func optional(_ s: StringID?, _ w: inout _JSONBuffer) {
        if let s { w.string(s) } else { w.null() }
    }

    static func writeDestination(_ d: ReorderDifference<StringID, StringID?>.Destination, _ w: inout _JSONBuffer) {
        w.key("collection")
        optional(d.collectionID, &w)
        w.key("before")
        optional(d.position.anchor, &w)
    }

    /// Collections normalised (app protocol 2.2): `id`, `items`, `fixed`,
    /// `locked` (arrays, possibly empty) and `capacity` (integer or null).
    static func writeCollections(_ collections: [ReorderCollection<StringID, StringID?>], locked: Set<StringID>, _ w: inout _JSONBuffer) {
        w.openArray()
        for c in collections {
            w.element()
            w.open()
            w.key("id")
            optional(c.id, &w)
            w.key("items")
            w.strings(Array(c.items))
            w.key("fixed")
            w.strings(c.fixed)
            w.key("locked")
            w.strings(locked.isEmpty ? [] : (c.fixed + c.items).filter(locked.contains))
            w.key("capacity")
            if let cap = c.capacity { w.integer(cap) } else { w.null() }
            w.close()
        }
        w.closeArray()
    }

    /// The swipe section with every field, defaults included (an edge
    /// without actions is `null`; an action's `role`, `toggle` and `labelOn`
    /// are `null` when absent; `flags` lists every flag, sorted).
    static func writeSwipe(_ s: SwipeConfiguration<StringID>, _ w: inout _JSONBuffer) {
        CanonicalWriter.swipeSection(s, &w, everyField: true)
    }

    /// The layout with every field, defaults included: an app should not
    /// need to know the recording format's defaults.
    static func writeLayout(_ l: Layout<StringID>, _ w: inout _JSONBuffer) {
        CanonicalWriter.layout(l, &w, everyField: true)
    }
}
