import DragRecording
import ReorderReplicas

extension ReplicaCaseBuilder {
    /// What one channel action does (the nemesis's menu).
    enum ChannelAction {
        case deliver, duplicate, lose, partition, flap
    }

    /// The channel between two local changes: heal a partition whose time
    /// has come, then up to three actions of the enabled nemeses (delivery
    /// three times as likely as the others); without `delay`, every
    /// deliverable message is then delivered in send order.
    mutating func channelStep(_ c: inout ChoiceSequence, allowFlush: Bool = true) {
        if let h = healIn {
            if h <= 0 {
                emit(.channel(.heal))
                mirror.heal()
                counts.healed += 1
                healIn = nil
            } else {
                healIn = h - 1
            }
        }
        let delay = nemeses.contains(.delay)
        let actions = delay ? c.draw(3) : c.draw(1)
        for _ in 0..<actions {
            let menu = channelMenu(delay: delay)
            if menu.isEmpty { break }
            act(menu[c.draw(menu.count - 1)], &c)
        }
        if !delay && allowFlush { flush(&c) }
    }

    /// The actions possible now.
    func channelMenu(delay: Bool) -> [ChannelAction] {
        var menu: [ChannelAction] = []
        let inFlight = mirror.channel.inFlight
        if delay, inFlight.contains(where: { !mirror.channel.isCut($0.link) }) { menu += [.deliver, .deliver, .deliver] }
        if nemeses.contains(.duplicate), !inFlight.isEmpty { menu.append(.duplicate) }
        if nemeses.contains(.loss), !inFlight.isEmpty { menu.append(.lose) }
        if healIn == nil, nemeses.contains(.partition) { menu.append(.partition) }
        if healIn == nil, nemeses.contains(.flap) { menu.append(.flap) }
        return menu
    }

    mutating func act(_ action: ChannelAction, _ c: inout ChoiceSequence) {
        let inFlight = mirror.channel.inFlight
        switch action {
        case .deliver:
            let deliverable = inFlight.filter { !mirror.channel.isCut($0.link) }
            let pick = nemeses.contains(.reorder) && c.weighted(50) ? c.draw(deliverable.count - 1) : 0
            deliver(deliverable[pick], oldest: deliverable[0])
        case .duplicate:
            let m = inFlight[c.draw(inFlight.count - 1)]
            let selector = MessageSelector(to: m.to, from: m.from, op: m.op)
            emit(.channel(.duplicate(selector)))
            _ = try? mirror.duplicate(selector)
            counts.duplicated += 1
        case .lose:
            let m = inFlight[c.draw(inFlight.count - 1)]
            let selector = MessageSelector(to: m.to, from: m.from, op: m.op)
            emit(.channel(.lose(selector)))
            _ = try? mirror.lose(selector)
            counts.lost += 1
        case .partition, .flap:
            let groups = partitionGroups(&c)
            emit(.channel(.partition(groups: groups)))
            _ = try? mirror.partition(groups)
            counts.partitions += 1
            healIn = action == .flap ? 0 : 1 + c.draw(3)
        }
    }

    /// Delivers the in-flight message `m` names (by receiver, sender and
    /// op: the lowest send number of those, on the same link); a reorder
    /// when that is not the oldest deliverable message.
    mutating func deliver(_ m: ReplicaMessage, oldest: ReplicaMessage) {
        let selector = MessageSelector(to: m.to, from: m.from, op: m.op)
        let named = mirror.channel.inFlight.first(where: selector.matches)
        if let id = named?.op, let op = mirror.op(id), !op.before.isSubset(of: mirror.merge.integrated(at: m.to)) {
            counts.heldForPredecessor += 1
        }
        emit(.channel(.deliver(selector)))
        _ = try? mirror.deliver(selector)
        counts.delivered += 1
        if named?.sendNumber != oldest.sendNumber { counts.reordered += 1 }
    }

    /// Every deliverable message until none is (bounded: a buggy merge
    /// may keep sending): oldest first, or with `reorder` a random one half
    /// of the time, so reordering needs no `delay`.
    mutating func flush(_ c: inout ChoiceSequence) {
        var budget = 200
        while budget > 0 {
            let deliverable = mirror.channel.inFlight.filter { !mirror.channel.isCut($0.link) }
            if deliverable.isEmpty { break }
            let pick = nemeses.contains(.reorder) && c.weighted(50) ? c.draw(deliverable.count - 1) : 0
            deliver(deliverable[pick], oldest: deliverable[0])
            budget -= 1
        }
    }

    /// Random halves, one replica isolated, or (in a star) the server isolated.
    func partitionGroups(_ c: inout ChoiceSequence) -> [[String]] {
        let all = mirror.replicas
        let star = all.count > ids.count
        switch c.draw(star ? 2 : 1) {
        case 0:
            var sides = all.map { _ in c.draw(1) }
            if Set(sides).count == 1 { sides[0] = 1 - sides[0] }
            return [0, 1].map { side in all.indices.filter { sides[$0] == side }.map { all[$0] } }
        case 1:
            let isolated = all[c.draw(all.count - 1)]
            return [[isolated], all.filter { $0 != isolated }]
        default:
            return [[serverReplica], ids]
        }
    }
}
