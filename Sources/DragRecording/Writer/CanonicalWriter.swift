import ReorderCore
import ReorderReplicas
import ReorderSwipe

/// Writes recordings in canonical form: one object per line, keys in a fixed
/// order (`type`, `t`, `session`, then the fields in the order of the spec;
/// `meta` and map keys sorted), defaults omitted (`session` 0, `ops`
/// `["move"]`, `external` false, spacings 0, `enabled` true; in a swipe
/// section `actionWidth` 80, `fullSwipe` 0.6, `direction` `"ltr"`,
/// `allowsFullSwipe` true), shortest round-trip numbers, integral values
/// without `.0`. A version 1 header is written exactly as before version 2.
///
///     CanonicalWriter.line(for: RecordedEvent(t: 5, .move(x: 1, y: 2.5)))
///     // {"type":"move","t":5,"x":1,"y":2.5}
///
/// Reading a canonical file and writing it again reproduces it byte for byte.
public enum CanonicalWriter {
    /// The header line, without its newline.
    public static func line(for header: RecordingHeader) -> String {
        var w = _JSONBuffer()
        w.open()
        w.key("format")
        w.string("dragrec")
        w.key("version")
        w.integer(header.version)
        w.key("container")
        w.open()
        w.key("layout")
        layout(header.layout, &w)
        if !header.enabled {
            w.key("enabled")
            w.bool(false)
        }
        w.key("collections")
        collections(header.collections, &w)
        if let swipe = header.swipe {
            w.key("swipe")
            swipeSection(swipe, &w)
        }
        w.close()
        if let replicas = header.replicas {
            w.key("replicas")
            replicasSection(replicas, &w)
        }
        if let meta = header.meta {
            w.key("meta")
            w.value(meta)
        }
        if let world = header.world {
            w.key("world")
            w.value(world)
        }
        w.close()
        return w.string
    }

    /// One event line, without its newline; `extra` members (fields the
    /// format does not define, kept from the line being replaced) go after
    /// the event's own, in key order.
    public static func line(for event: RecordedEvent, extra: [String: JSONValue] = [:]) -> String {
        var w = _JSONBuffer()
        w.open()
        w.key("type")
        w.string(event.kind.type.rawValue)
        w.key("t")
        w.number(event.t)
        if let replica = event.replica {
            w.key("replica")
            w.string(replica)
        }
        if event.kind.isDragEvent && event.session != 0 {
            w.key("session")
            w.integer(event.session)
        }
        switch event.kind {
        case .lift(let items, let x, let y, let ops, let external):
            liftFields(items: items, x: x, y: y, ops: ops, external: external, &w)
        case .move(let x, let y):
            w.key("x")
            w.number(x)
            w.key("y")
            w.number(y)
        case .drop(let x, let y, let deferred):
            w.key("x")
            w.number(x)
            w.key("y")
            w.number(y)
            if deferred {
                w.key("apply")
                w.string("deferred")
            }
        case .cancel, .apply:
            break
        case .mutation(let m):
            mutationFields(m, &w)
        case .viaApplier(let d):
            relocateFields(
                items: d.sources, collection: d.destination.collectionID, before: d.destination.position.anchor, viaApplier: true, &w)
        case .expect(let e):
            expectFields(e, &w)
        case .swipe(let item, let dx):
            w.key("item")
            w.string(item)
            w.key("dx")
            w.number(dx)
        case .scroll(let dy):
            w.key("dy")
            w.number(dy)
        case .tap(let x, let y):
            w.key("x")
            w.number(x)
            w.key("y")
            w.number(y)
        case .channel(let c):
            channelFields(c, &w)
        }
        for (k, v) in extra.sorted(by: { $0.key < $1.key }) {
            w.key(id: k)
            w.value(v)
        }
        w.close()
        return w.string
    }

    /// A `lift`'s fields: `items`, `x`, `y`, then `ops` and `external`
    /// unless they are the defaults.
    @inline(__always)
    private static func liftFields(items: [StringID], x: Double, y: Double, ops: DropOperation.Set, external: Bool, _ w: inout _JSONBuffer)
    {
        w.key("items")
        w.strings(items)
        w.key("x")
        w.number(x)
        w.key("y")
        w.number(y)
        if ops != .move {
            w.key("ops")
            w.strings(ops.names)
        }
        if external {
            w.key("external")
            w.bool(true)
        }
    }

    /// A mutation's fields, in the spec's order.
    @inline(__always)
    private static func mutationFields(_ m: RecordedMutation, _ w: inout _JSONBuffer) {
        switch m {
        case .insert(let items, let collection, let index):
            insertFields(items: items, collection: collection, index: index, &w)
        case .delete(let items), .lock(let items), .unlock(let items):
            w.key("items")
            w.strings(items)
        case .relocate(let items, let collection, let before):
            relocateFields(items: items, collection: collection, before: before, viaApplier: false, &w)
        case .update(let item):
            w.key("item")
            w.string(item)
        case .reload(let collections, let locked):
            w.key("collections")
            self.collections(CollectionSpec.specs(reloading: collections, locked: locked), &w)
        case .setEnabled:
            break
        }
    }

    /// An `insert`'s fields: `items`, then `collection` and `index` when given.
    @inline(__always)
    private static func insertFields(items: [StringID], collection: StringID?, index: Int?, _ w: inout _JSONBuffer) {
        w.key("items")
        w.strings(items)
        if let collection {
            w.key("collection")
            w.string(collection)
        }
        if let index {
            w.key("index")
            w.integer(index)
        }
    }

    /// A `relocate`'s fields: `items`, `collection` when given, `before`
    /// (null for the end), then `via` when the applier moved them.
    @inline(__always)
    private static func relocateFields(
        items: [StringID], collection: StringID?, before: StringID?, viaApplier: Bool, _ w: inout _JSONBuffer
    ) {
        w.key("items")
        w.strings(items)
        if let collection {
            w.key("collection")
            w.string(collection)
        }
        w.key("before")
        if let before { w.string(before) } else { w.null() }
        if viaApplier {
            w.key("via")
            w.string("applier")
        }
    }

    /// An `expect`'s fields in the spec's order: `session`, `order`,
    /// `collections` (keys sorted), `outcome`, `difference`, `operation`,
    /// then the swipe expectations.
    @inline(__always)
    private static func expectFields(_ e: Expectation, _ w: inout _JSONBuffer) {
        if let s = e.session {
            w.key("session")
            w.integer(s)
        }
        if let order = e.order {
            w.key("order")
            w.strings(order)
        }
        if let cs = e.collections {
            w.key("collections")
            w.open()
            for (id, items) in cs.sorted(by: { $0.key < $1.key }) {
                w.key(id: id)
                w.strings(items)
            }
            w.close()
        }
        if let o = e.outcome {
            w.key("outcome")
            w.string(o.rawValue)
        }
        if let d = e.difference {
            w.key("difference")
            w.open()
            w.key("sources")
            w.strings(d.sources)
            if let c = d.collection {
                w.key("collection")
                w.string(c)
            }
            w.key("before")
            if let b = d.before { w.string(b) } else { w.null() }
            w.close()
        }
        if let op = e.operation {
            w.key("operation")
            w.string(op.rawValue)
        }
        swipeExpectation(e, &w)
        if let replicas = e.replicas {
            w.key("replicas")
            w.open()
            for (id, data) in replicas.sorted(by: { $0.key < $1.key }) {
                w.key(id: id)
                switch data {
                case .order(let items): w.strings(items)
                case .collections(let cs):
                    w.open()
                    for (c, items) in cs.sorted(by: { $0.key < $1.key }) {
                        w.key(id: c)
                        w.strings(items)
                    }
                    w.close()
                }
            }
            w.close()
        }
    }

    /// A channel event's fields: `to`, `from`, `op` (when given), or
    /// `groups`.
    private static func channelFields(_ c: ChannelEvent, _ w: inout _JSONBuffer) {
        switch c {
        case .deliver(let m), .lose(let m), .duplicate(let m):
            w.key("to")
            w.string(m.to)
            if let from = m.from {
                w.key("from")
                w.string(from)
            }
            if let op = m.op {
                w.key("op")
                w.string(op.description)
            }
        case .partition(let groups):
            w.key("groups")
            w.openArray()
            for g in groups {
                w.element()
                w.strings(g)
            }
            w.closeArray()
        case .heal, .quiesce:
            break
        }
    }

    /// `{"ids", "merge", "deletes", "blocks", "channel"}`, defaults omitted
    /// (`deletes` `"win"`, `blocks` `"whole"`, a manual channel: latencies
    /// apply to `"auto"` delivery only); `channel.links` sorted.
    private static func replicasSection(_ r: ReplicasSpec, _ w: inout _JSONBuffer) {
        w.open()
        w.key("ids")
        w.strings(r.ids)
        w.key("merge")
        w.string(r.merge.rawValue)
        if r.options.deletes != .win {
            w.key("deletes")
            w.string(r.options.deletes.rawValue)
        }
        if r.options.blocks != .whole {
            w.key("blocks")
            w.string(r.options.blocks.rawValue)
        }
        if case .auto(let latency, let links) = r.options.delivery {
            w.key("channel")
            w.open()
            w.key("delivery")
            w.string("auto")
            if latency != 0 {
                w.key("latency")
                w.integer(latency)
            }
            if !links.isEmpty {
                w.key("links")
                w.open()
                for (link, ms) in links.map({ ($0.key.description, $0.value) }).sorted(by: { $0.0 < $1.0 }) {
                    w.key(id: link)
                    w.integer(ms)
                }
                w.close()
            }
            w.close()
        }
        w.close()
    }

    /// `open`, `performed`, `presentations`, `labels` (`swipe-v1` 4), in
    /// that order; `open` and `performed` are written as `null` when they
    /// expect none.
    private static func swipeExpectation(_ e: Expectation, _ w: inout _JSONBuffer) {
        if let open = e.open {
            w.key("open")
            if let row = open {
                w.open()
                w.key("item")
                w.string(row.item)
                w.key("edge")
                w.string(row.edge.rawValue)
                w.close()
            } else {
                w.null()
            }
        }
        if let performed = e.performed {
            w.key("performed")
            if let p = performed {
                w.open()
                w.key("item")
                w.string(p.item)
                w.key("action")
                w.string(p.action)
                w.close()
            } else {
                w.null()
            }
        }
        if let reports = e.presentations {
            w.key("presentations")
            w.openArray()
            for r in reports {
                w.element()
                w.openArray()
                w.string(r.item)
                w.bool(r.isPresented)
                w.closeArray()
            }
            w.closeArray()
        }
        if let l = e.labels {
            w.key("labels")
            w.open()
            w.key("item")
            w.string(l.item)
            w.key("edge")
            w.string(l.edge.rawValue)
            w.key("labels")
            w.strings(l.labels)
            w.close()
        }
    }

    /// `{"actionWidth", "fullSwipe", "direction", "leading", "trailing",
    /// "flags"}`, defaults omitted; an action is `{"name", "label", "role",
    /// "toggle", "labelOn"}`; `flags` sorted by name. `everyField` writes
    /// the defaults too (`null` for an absent edge, role, toggle or labelOn),
    /// as the app protocol's `reset` sends it.
    package static func swipeSection(_ s: SwipeConfiguration<StringID>, _ w: inout _JSONBuffer, everyField: Bool = false) {
        let defaults = SwipeConfiguration<StringID>()
        w.open()
        if s.actionWidth != defaults.actionWidth || everyField {
            w.key("actionWidth")
            w.number(s.actionWidth)
        }
        if s.fullSwipe != defaults.fullSwipe || everyField {
            w.key("fullSwipe")
            w.number(s.fullSwipe)
        }
        if s.direction != defaults.direction || everyField {
            w.key("direction")
            w.string(s.direction.rawValue)
        }
        func optional(_ name: String, _ value: String?) {
            if let value {
                w.key(id: name)
                w.string(value)
            } else if everyField {
                w.key(id: name)
                w.null()
            }
        }
        for edge in SwipeEdge.allCases {
            guard let actions = s[edge] else {
                if everyField {
                    w.key(id: edge.rawValue)
                    w.null()
                }
                continue
            }
            w.key(id: edge.rawValue)
            w.open()
            w.key("actions")
            w.openArray()
            for a in actions.actions {
                w.element()
                w.open()
                w.key("name")
                w.string(a.name)
                w.key("label")
                w.string(a.label)
                optional("role", a.role?.rawValue)
                optional("toggle", a.toggle)
                optional("labelOn", a.labelOn)
                w.close()
            }
            w.closeArray()
            if !actions.allowsFullSwipe || everyField {
                w.key("allowsFullSwipe")
                w.bool(actions.allowsFullSwipe)
            }
            w.close()
        }
        if !s.flags.isEmpty || everyField {
            w.key("flags")
            w.open()
            for (flag, items) in s.flags.sorted(by: { $0.key < $1.key }) {
                w.key(id: flag)
                w.strings(items)
            }
            w.close()
        }
        w.close()
    }

    /// A whole recording, one line each, every line ending in `\n`.
    public static func text(header: RecordingHeader, events: [RecordedEvent]) -> String {
        var out = line(for: header) + "\n"
        for e in events { out += line(for: e) + "\n" }
        return out
    }

    /// A layout object. A recording omits zero spacings and empty size maps
    /// (their defaults); `everyField` writes them too, as the app protocol
    /// sends it, so an app need not know the format's defaults.
    package static func layout(_ l: Layout<StringID>, _ w: inout _JSONBuffer, everyField: Bool = false) {
        w.open()
        w.key("kind")
        w.string(l.kindName.rawValue)
        w.key("width")
        w.number(l.width)
        w.key("height")
        w.number(l.height)
        var fields = LayoutFieldWriter(everyField: everyField)
        swap(&fields.w, &w)
        l.visitFields(&fields)
        swap(&fields.w, &w)
        w.close()
    }

    private static func collections(_ specs: [CollectionSpec], _ w: inout _JSONBuffer) {
        w.openArray()
        for c in specs {
            w.element()
            w.open()
            if let id = c.id {
                w.key("id")
                w.string(id)
            }
            w.key("items")
            w.strings(c.items)
            if !c.fixed.isEmpty {
                w.key("fixed")
                w.strings(c.fixed)
            }
            if !c.locked.isEmpty {
                w.key("locked")
                w.strings(c.locked)
            }
            if let cap = c.capacity {
                w.key("capacity")
                w.integer(cap)
            }
            w.close()
        }
        w.closeArray()
    }
}
