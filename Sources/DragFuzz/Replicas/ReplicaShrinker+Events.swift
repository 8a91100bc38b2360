import DragRecording
import ReorderReplicas

extension ReplicaShrinker {
    /// Times 0, 1, 2, ... in event order: a removal or a swap keeps them non-decreasing.
    static func retimed(_ recording: Recording) -> Recording {
        var r = recording
        for i in r.events.indices { r.events[i].t = Double(i) }
        return r
    }

    /// The replicas the events name: as `replica`, in a selector, as an op's origin, in a partition.
    static func named(in recording: Recording) -> Set<String> {
        var names = Set<String>()
        for e in recording.events {
            if let r = e.replica { names.insert(r) }
            guard case .channel(let c) = e.kind else { continue }
            if let s = selector(of: c) {
                names.insert(s.to)
                if let f = s.from { names.insert(f) }
                if let op = s.op { names.insert(op.origin) }
            }
            if case .partition(let groups) = c { names.formUnion(groups.joined()) }
        }
        return names
    }

    static func selector(of c: ChannelEvent) -> MessageSelector? {
        switch c {
        case .deliver(let s), .lose(let s), .duplicate(let s): s
        case .partition, .heal, .quiesce: nil
        }
    }

    static func replacing(_ c: ChannelEvent, with s: MessageSelector) -> ChannelEvent {
        switch c {
        case .deliver: .deliver(s)
        case .lose: .lose(s)
        case .duplicate: .duplicate(s)
        case .partition, .heal, .quiesce: c
        }
    }

    /// The local changes that commit an op (replicas-v1 3): `relocate`,
    /// `insert` and `delete`, a drop that applies at once, an `apply`.
    static func committedChanges(_ recording: Recording) -> Int {
        recording.events.count { e in
            switch e.kind {
            case .mutation(let m):
                switch m {
                case .relocate, .insert, .delete: true
                case .update, .reload, .setEnabled, .lock, .unlock: false
                }
            case .drop(_, _, let deferred): !deferred
            case .apply: true
            case .lift, .move, .cancel, .viaApplier, .expect, .swipe, .scroll, .tap, .channel: false
            }
        }
    }
}
