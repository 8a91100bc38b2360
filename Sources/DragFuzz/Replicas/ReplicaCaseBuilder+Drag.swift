import DragRecording
import ReorderCore
import ReorderReplicas

extension ReplicaCaseBuilder {
    /// A drag on replica `r`: lift on a row (of one item, or two), maybe a
    /// move, maybe channel events while it is held (a drag over a stale
    /// sync, replicas-v1 7.8), a drop at another row's upper half, and
    /// one time in five a deferred drop with a later `apply`. The mirror
    /// commits the move the drop applies, when a lifted item is still there.
    mutating func drag(_ c: inout ChoiceSequence, on r: String, from: Int) {
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
        if !present.isEmpty { commit(.relocate(present, in: collection, before: before), on: r) }
    }
}
