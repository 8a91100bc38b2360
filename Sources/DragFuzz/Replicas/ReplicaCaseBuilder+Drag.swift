import DragRecording
import DragReplay
import ReorderConformance
import ReorderCore
import ReorderReplicas
import ReorderSwipe

extension ReplicaCaseBuilder {
    /// A drag on replica `r`: lift on a row (of one item, or two), maybe a
    /// move, maybe channel events while it is held (a drag over a stale
    /// sync, replicas-v1 7.8), a drop at another row's upper half, and
    /// one time in five a deferred drop with a later `apply`. The mirror
    /// commits the move the drop applies, when a lifted item is still there.
    mutating func drag(_ c: inout ChoiceSequence, on r: String, from: Int) {
        counts.drags += 1
        if inWorld { return worldDrag(&c, on: r, from: from) }
        let session = sessions[r, default: 1]
        sessions[r] = session + 1
        let items = Array(mirror.data(of: r).collections[from].items)
        let lifted = sources(&c, in: items)
        let row = items.firstIndex(of: lifted[0])!
        let lift = point(collection: from, row: row, dy: 10)
        emit(.lift(items: lifted, x: lift.x, y: lift.y, ops: .move, external: false), replica: r, session: session)
        let collections = mirror.data(of: r).collections.count
        let to = collections == 1 ? 0 : c.draw(collections - 1)
        if c.weighted(40) {
            let over = point(collection: to, row: c.draw(items.count), dy: 20)
            emit(.move(x: over.x, y: over.y), replica: r, session: session)
        }
        if c.weighted(30) { channelStep(&c, allowFlush: false) }
        let data = mirror.data(of: r)
        let targets = Array(data.collections[to].items)
        let j = c.draw(targets.count)
        let drop = point(collection: to, row: j, dy: 5)
        let deferred = c.weighted(20)
        emit(.drop(x: drop.x, y: drop.y, deferred: deferred), replica: r, session: session)
        let before = j < targets.count ? targets[j] : nil
        let collection = data.collections[to].id
        if deferred {
            if c.weighted(50) { channelStep(&c, allowFlush: false) }
            emit(.apply, replica: r, session: session)
        }
        let present = lifted.filter { mirror.data(of: r).contains($0) }
        if !present.isEmpty {
            commit(.relocate(present, in: collection, before: before), on: r)
            counts.committedDrags += 1
        }
    }
}

extension ReplicaCaseBuilder {
    /// A drag on replica `r` in a world: lift one item (sometimes two) at
    /// its frame's centre, maybe channel events while it is held, and drop
    /// on the leading half of an entry of a collection, or past its last
    /// entry; one time in five deferred, with a later `apply`. What the
    /// drop commits is what an engine on the replica's data (judged by the
    /// world's rules) applies, exactly as the replay's engine will: a world
    /// may refuse a drop (its rules, a capacity, a lock), and then nothing
    /// is committed.
    mutating func worldDrag(_ c: inout ChoiceSequence, on r: String, from: Int) {
        let session = sessions[r, default: 1]
        sessions[r] = session + 1
        var engine = CheckedEngine<StringID, StringID?>(
            container: mirror.data(of: r), layout: header.layout, subject: nil,
            text: .recording(collections: header.collections.count), policy: rules?.policy ?? .standard,
            oracle: rules?.oracle ?? .model)
        var seen = mirror.changeCount(of: r)
        let items = Array(mirror.data(of: r).collections[from].items)
        let lifted = sources(&c, in: items)
        let frame = header.layout.frame(of: lifted[0], in: mirror.data(of: r))
        let lift = RecordedEvent(
            t: Double(events.count), session: session,
            .lift(items: lifted, x: frame?.midX ?? 1, y: frame?.midY ?? 1, ops: .move, external: false), replica: r)
        feed(lift, to: &engine, on: r)
        if c.weighted(30) {
            channelStep(&c, allowFlush: false)
            resync(&engine, on: r, seen: &seen)
        }
        let target = worldDropPoint(&c, on: r)
        let deferred = c.weighted(20)
        feed(
            RecordedEvent(t: Double(events.count), session: session, .drop(x: target.x, y: target.y, deferred: deferred), replica: r),
            to: &engine, on: r)
        if deferred {
            if c.weighted(50) {
                channelStep(&c, allowFlush: false)
                resync(&engine, on: r, seen: &seen)
            }
            feed(RecordedEvent(t: Double(events.count), session: session, .apply, replica: r), to: &engine, on: r)
        }
    }

    /// A point on the leading half of an entry of a random collection of
    /// `r`'s data, or just past its last entry (the first point of an
    /// empty one).
    func worldDropPoint(_ c: inout ChoiceSequence, on r: String) -> Point {
        let layout = header.layout
        let frames = layout.frames(in: mirror.data(of: r))
        let to = c.draw(frames.count - 1)
        let k = c.draw(frames[to].count)
        if k < frames[to].count { return layout.leadingHalfPoint(of: frames[to][k]) }
        guard let last = frames[to].last else { return Point(x: 1, y: 1) }
        switch layout.reorderAxis {
        case .vertical: return Point(x: last.midX, y: last.y + last.height + 1)
        case .horizontal: return Point(x: last.x + last.width + 1, y: last.midY)
        }
    }

    /// Writes `event`, hands it to the engine, and commits on the mirror
    /// what the replay will commit for it.
    mutating func feed(_ event: RecordedEvent, to engine: inout CheckedEngine<StringID, StringID?>, on r: String) {
        events.append(event)
        guard let drag = event.dragEvent(in: header) else { return }
        var checked = CheckedStep<StringID, StringID?>(result: SessionStep())
        engine.handle(drag, into: &checked)
        if let change = Replayer.localChange(event, step: checked.result.drag, header: header) {
            commit(change, on: r)
            counts.committedDrags += 1
        }
    }

    /// After channel events during a drag: the engine gets the replica's
    /// new data as a `reload`, as the replay's engine does.
    func resync(_ engine: inout CheckedEngine<StringID, StringID?>, on r: String, seen: inout Int) {
        guard mirror.changeCount(of: r) != seen else { return }
        seen = mirror.changeCount(of: r)
        _ = engine.handle(.mutation(.reload(collections: mirror.data(of: r).collections, locked: [])))
    }
}
