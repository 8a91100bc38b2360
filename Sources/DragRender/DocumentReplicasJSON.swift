import DragRecording

/// The document's replica keys (version 3 recordings): the channel once, at
/// the top level, and per step the data of the replicas it changed. Every
/// key is in docs/page-document.md, "Replicas".
enum DocumentReplicasJSON {
    /// `{ids, ops, msgs, parts, viol, unseen}`.
    /// - Complexity: O(ops + messages + partitions + violations).
    static func replicas(_ r: RenderReplicas, _ w: inout _JSONBuffer) {
        w.open()
        w.key("ids")
        w.strings(r.replicas)
        w.key("ops")
        w.openArray()
        for op in r.ops {
            w.element()
            w.open()
            w.key("id")
            w.string(op.id)
            w.key("r")
            w.string(op.replica)
            w.key("k")
            w.string(op.kind)
            w.key("i")
            w.strings(op.items)
            w.key("a")
            w.integer(op.step)
            w.close()
        }
        w.closeArray()
        w.key("msgs")
        w.openArray()
        for m in r.messages {
            w.element()
            message(m, &w)
        }
        w.closeArray()
        w.key("parts")
        w.openArray()
        for p in r.partitions {
            w.element()
            w.open()
            w.key("g")
            w.openArray()
            for g in p.groups { w.strings(g) }
            w.closeArray()
            w.key("a")
            w.integer(p.firstStep)
            w.key("z")
            if let z = p.endStep { w.integer(z) } else { w.null() }
            w.close()
        }
        w.closeArray()
        w.key("viol")
        w.openArray()
        for v in r.violations {
            w.element()
            violation(v, &w)
        }
        w.closeArray()
        w.key("unseen")
        w.openArray()
        for u in r.unseen {
            w.element()
            w.openArray()
            w.integer(u.step)
            w.integer(u.count)
            w.closeArray()
        }
        w.closeArray()
        w.close()
    }

    /// `{n, f, to, op, num?, a, z, lost?, c?}`.
    private static func message(_ m: RenderMessage, _ w: inout _JSONBuffer) {
        w.open()
        w.key("n")
        w.integer(m.sendNumber)
        w.key("f")
        w.string(m.from)
        w.key("to")
        w.string(m.to)
        w.key("op")
        w.string(m.op)
        if let num = m.number {
            w.key("num")
            w.integer(num)
        }
        w.key("a")
        w.integer(m.sentStep)
        w.key("z")
        if let z = m.endStep { w.integer(z) } else { w.null() }
        if m.lost {
            w.key("lost")
            w.bool(true)
        }
        if let c = m.copyOf {
            w.key("c")
            w.integer(c)
        }
        w.close()
    }

    /// `{a, c, r, i?, ops, blame}`.
    private static func violation(_ v: RenderReplicaViolation, _ w: inout _JSONBuffer) {
        w.open()
        w.key("a")
        w.integer(v.step)
        w.key("c")
        w.string(v.check)
        w.key("r")
        w.strings(v.replicas)
        if let i = v.item {
            w.key("i")
            w.string(i)
        }
        w.key("ops")
        w.strings(v.ops)
        w.key("blame")
        w.strings(v.blame)
        w.close()
    }

    /// `[[replica, [[collection ID or null, fixed count, [entry ID]], ...]], ...]`.
    static func replicaData(_ data: [RenderReplicaData], _ w: inout _JSONBuffer) {
        w.openArray()
        for d in data {
            w.element()
            w.openArray()
            w.string(d.replica)
            w.element()
            w.openArray()
            for c in d.collections {
                w.element()
                w.openArray()
                if let id = c.id { w.string(id) } else { w.null() }
                w.integer(c.fixed.count)
                w.strings(c.fixed + c.items)
                w.closeArray()
            }
            w.closeArray()
            w.closeArray()
        }
        w.closeArray()
    }
}
